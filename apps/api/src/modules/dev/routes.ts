import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { noAuth } from '../../plugins/openapi';

const OutboxItem = z.object({ channel: z.string(), to: z.string(), subject: z.string(), body: z.string(), createdAt: z.string() });

/** Registered only in demo mode: outside it the route does not exist at all. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const outbox = app.outbox;
  if (!outbox) return;
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        operationId: 'devOutbox',
        security: noAuth,
        summary: 'Demo mode only: messages the notifier would have sent, newest first',
        response: { 200: z.array(OutboxItem), ...errorResponses },
      },
    },
    async () => (await outbox.list(50)).map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  );
};
export default routes;
