import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PlanViewDto } from '@guarita/domain';
import { errorResponses } from '../../lib/errors';
import { bearerAuth } from '../../plugins/openapi';
import { NCtrIdParams } from '../contracts';
import type { PlanService } from './service';

const routes: FastifyPluginAsyncZod<{ service: PlanService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/plan/contracts/:nCtrId',
    {
      schema: {
        tags: ['plan'],
        operationId: 'getPlan',
        security: bearerAuth,
        summary: 'Meu plano: covered services, plan contents, referral discount, COBRE contact, contract PDFs',
        params: NCtrIdParams,
        response: { 200: PlanViewDto, ...errorResponses },
      },
    },
    (req) => service.view(req.auth.customerId, req.params.nCtrId),
  );

  app.get(
    '/plan/contracts/:nCtrId/pdf/:kind',
    {
      schema: {
        tags: ['plan'],
        operationId: 'getContractPdf',
        security: bearerAuth,
        summary: 'The general (geral) or specific (especifico) contract as a PDF, only for its owner',
        params: NCtrIdParams.extend({ kind: z.enum(['geral', 'especifico']) }),
        response: { 200: z.any().describe('application/pdf'), ...errorResponses },
      },
    },
    async (req, reply) => {
      const pdf = await service.pdf(req.auth.customerId, req.params.nCtrId, req.params.kind);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${pdf.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf.body);
    },
  );
};
export default routes;
