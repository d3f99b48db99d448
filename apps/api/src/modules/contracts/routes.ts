import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BillsDto, ContractDetailDto, ContractDto, contractIdSchema } from '@guarita/domain';
import { errorResponses } from '../../lib/errors';
import { bearerAuth } from '../../plugins/openapi';

export const NCtrIdParams = z.object({ nCtrId: contractIdSchema });

const routes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/contracts',
    {
      schema: {
        tags: ['contracts'],
        operationId: 'listContracts',
        security: bearerAuth,
        summary: "The customer's contracts (not cancelled)",
        response: { 200: z.array(ContractDto), ...errorResponses },
      },
    },
    (req) => app.contracts.list(req.auth.customerId),
  );

  app.get(
    '/contracts/:nCtrId',
    {
      schema: {
        tags: ['contracts'],
        operationId: 'getContract',
        security: bearerAuth,
        summary: "One of the customer's contracts with its items (404 when not theirs)",
        params: NCtrIdParams,
        response: { 200: ContractDetailDto, ...errorResponses },
      },
    },
    (req) => app.contracts.detail(req.auth.customerId, req.params.nCtrId),
  );

  app.get(
    '/contracts/:nCtrId/bills',
    {
      schema: {
        tags: ['contracts'],
        operationId: 'listBills',
        security: bearerAuth,
        summary: 'Bills and the open total',
        params: NCtrIdParams,
        response: { 200: BillsDto, ...errorResponses },
      },
    },
    (req) => app.contracts.bills(req.auth.customerId, req.params.nCtrId),
  );
};
export default routes;
