import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CustomerInfoDto } from '@guarita/domain';
import { errorResponses, notFound } from '../../lib/errors';
import { bearerAuth } from '../../plugins/openapi';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['customers'],
        operationId: 'getMe',
        security: bearerAuth,
        summary: 'The logged-in customer (customerInfo)',
        response: { 200: CustomerInfoDto, ...errorResponses },
      },
    },
    async (req) => {
      const info = await app.customers.info(req.auth.customerId);
      if (!info) throw notFound();
      return info;
    },
  );
};
export default routes;
