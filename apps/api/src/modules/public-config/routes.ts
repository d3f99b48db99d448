import type { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PublicConfigDto } from '@guarita/domain';
import { errorResponses } from '../../lib/errors';
import { noAuth } from '../../plugins/openapi';
import type { AppConfig } from '../../config';

/** What GET /api/config answers (and what a server-rendered customer page carries for its header, ADR 059). */
export function publicConfigBody({ brand, demoMode }: AppConfig): z.infer<typeof PublicConfigDto> {
  return {
    brandName: brand.name,
    phoneSales: brand.phoneSales,
    phoneTheft: brand.phoneTheft,
    phoneAssistance: brand.phoneAssistance,
    supportPhone: brand.supportPhone,
    supportEmail: brand.supportEmail,
    address: brand.address,
    demoMode,
  };
}

/** Brand name, phone lines, e-mail and address: configuration, shown by the public shell. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const body = publicConfigBody(app.config);
  app.get(
    '/config',
    {
      schema: {
        tags: ['public'],
        operationId: 'getPublicConfig',
        security: noAuth,
        summary: 'Brand name, phone lines, e-mail, address and whether the server runs in demo mode',
        response: { 200: PublicConfigDto, ...errorResponses },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return body;
    },
  );
};
export default routes;
