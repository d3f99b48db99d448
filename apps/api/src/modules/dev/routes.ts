import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const OutboxItem = z.object({ channel: z.string(), to: z.string(), subject: z.string(), body: z.string(), createdAt: z.string() });

/** Registered only in demo mode: outside it the route does not exist at all. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Demo mode only: messages the notifier would have sent, newest first',
        response: { 200: z.array(OutboxItem) },
      },
    },
    async () => {
      const rows = await app.services.db.query<{ channel: string; to: string; subject: string; body: string; createdAt: Date }>(
        'SELECT channel, to_addr AS "to", subject, body, created_at AS "createdAt" FROM dev_outbox ORDER BY id DESC LIMIT 50',
      );
      return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }));
    },
  );
};
export default routes;
