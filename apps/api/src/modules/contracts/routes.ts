import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BillsDto, ContractDetailDto, ContractDto } from '@guarita/domain';
import { errorResponses } from '../../lib/errors';

export const NCtrIdParams = z.object({ nCtrId: z.coerce.number().int().positive().max(2_147_483_647) });

const routes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/contracts',
    {
      schema: {
        tags: ['contracts'],
        summary: "The customer's contracts (not cancelled)",
        response: { 200: z.array(ContractDto), ...errorResponses },
      },
    },
    (req) => app.services.contracts.list(req.auth.customerId),
  );

  app.get(
    '/contracts/:nCtrId',
    {
      schema: { tags: ['contracts'], params: NCtrIdParams, response: { 200: ContractDetailDto, ...errorResponses } },
    },
    (req) => app.services.contracts.detail(req.auth.customerId, req.params.nCtrId),
  );

  app.get(
    '/contracts/:nCtrId/bills',
    {
      schema: {
        tags: ['contracts'],
        summary: 'Bills and the open total',
        params: NCtrIdParams,
        response: { 200: BillsDto, ...errorResponses },
      },
    },
    (req) => app.services.contracts.bills(req.auth.customerId, req.params.nCtrId),
  );
};
export default routes;
