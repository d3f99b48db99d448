import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CaseCreatedDto, dueDateRequestSchema, DueDateSimulationDto, DueDateSimulationQuery } from '@guarita/domain';
import { errorResponses } from '../../lib/errors';
import { IdempotencyHeaders, sendIdempotent } from '../../lib/idempotent-route';
import { bearerAuth } from '../../plugins/openapi';
import { CaseErrorEnvelope } from '../cases';
import { NCtrIdParams } from '../contracts';

/** /api/due-date/* (issue 12 §3): the pro-rata simulation and the due-date change case. Customer routes, 404 for others'. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const dueDate = app.dueDate;
  const tags = ['due-date'];

  app.get(
    '/due-date/contracts/:nCtrId/simulation',
    {
      schema: {
        tags,
        operationId: 'simulateDueDate',
        security: bearerAuth,
        summary: 'Due-date simulation: valorMensalidade, diasProporcionais, valorVoucher, valorAcrescimo for a new day (1–30)',
        params: NCtrIdParams,
        querystring: DueDateSimulationQuery,
        response: { 200: DueDateSimulationDto, ...errorResponses },
      },
    },
    (req) => dueDate.simulate(req.auth.customerId, req.params.nCtrId, req.query.dia),
  );

  app.post(
    '/due-date/contracts/:nCtrId',
    {
      schema: {
        tags,
        operationId: 'requestDueDateChange',
        security: bearerAuth,
        summary: 'Send the due-date change: a case with DiaVencimento__c and CobrarValorProRata__c (Sim/Não)',
        description:
          'Body { dia, telefone }. Requires Idempotency-Key. 201 case; 404 contract not yours; 409 DUPLICATE_CASE with ' +
          'detalhes.DescricaoErroApiExterna (one open due-date change per contract); 422 SAME_DUE_DAY.',
        params: NCtrIdParams,
        headers: IdempotencyHeaders,
        body: dueDateRequestSchema,
        response: { 201: CaseCreatedDto, ...errorResponses, 409: CaseErrorEnvelope },
      },
    },
    async (req, reply) =>
      sendIdempotent(reply, await dueDate.submit(req.auth.customerId, req.params.nCtrId, req.headers['idempotency-key'], req.body)),
  );
};
export default routes;
