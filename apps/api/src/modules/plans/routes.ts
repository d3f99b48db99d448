import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CaseCreatedDto,
  planChangeRequestSchema,
  PlanChangeDto,
  PlanChangeQuery,
  QuotationDto,
  QuotationParams,
  QuotationRequest,
} from '@guarita/domain';
import { ErrorEnvelope, errorResponses } from '../../lib/errors';
import { IdempotencyHeaders, sendIdempotent } from '../../lib/idempotent-route';
import { bearerAuth } from '../../plugins/openapi';
import { CaseErrorEnvelope } from '../cases';
import { NCtrIdParams } from '../contracts';

/**
 * /api/plans/* (issue 12 §1–§2): the plan-change screen's data, quotations (the spec's cotacoes/troca-plano) and
 * the plan-change case. Customer routes; someone else's contract or quotation is a 404.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const plans = app.plans;
  const tags = ['plans'];

  app.get(
    '/plans/contracts/:nCtrId/plan-change',
    {
      schema: {
        tags,
        operationId: 'getPlanChange',
        security: bearerAuth,
        summary: "Plan change: the target plan's items priced for the vehicle, what the contract has, or the COBRE contact",
        description:
          "422 with the spec's message when the plan cannot be changed online: STATE_NOT_FOUND, NO_PLANS, CURRENT_PLAN_UNAVAILABLE, NO_VALID_PLAN.",
        params: NCtrIdParams,
        querystring: PlanChangeQuery,
        response: { 200: PlanChangeDto, ...errorResponses },
      },
    },
    (req) => plans.planChange(req.auth.customerId, req.params.nCtrId, req.query.tipoPagamento),
  );

  app.post(
    '/plans/contracts/:nCtrId/quotations',
    {
      schema: {
        tags,
        operationId: 'createPlanQuotation',
        security: bearerAuth,
        summary: 'Quote a plan change (cotacoes/troca-plano): priced and stored by the server, valid for a limited time',
        params: NCtrIdParams,
        body: QuotationRequest,
        response: { 201: QuotationDto, ...errorResponses },
      },
    },
    async (req, reply) => reply.code(201).send(await plans.quote(req.auth.customerId, req.params.nCtrId, req.body)),
  );

  app.get(
    '/plans/quotations/:idCotacao',
    {
      schema: {
        tags,
        operationId: 'getPlanQuotation',
        security: bearerAuth,
        summary: 'One of your quotations, as stored (what a plan-change case refers to)',
        params: QuotationParams,
        response: { 200: QuotationDto, ...errorResponses },
      },
    },
    (req) => plans.quotation(req.auth.customerId, req.params.idCotacao),
  );

  app.post(
    '/plans/contracts/:nCtrId/plan-change',
    {
      schema: {
        tags,
        operationId: 'requestPlanChange',
        security: bearerAuth,
        summary: "Send the plan change: a case carrying the accepted quotation's id (numbers re-read on the server)",
        description:
          'Body { idCotacao, telefone }. Requires Idempotency-Key. 201 case; 404 contract or quotation not yours; 409 DUPLICATE_CASE ' +
          '(detalhes.DescricaoErroApiExterna); 410 QUOTATION_EXPIRED; 422 COBRE_PLAN.',
        params: NCtrIdParams,
        headers: IdempotencyHeaders,
        body: planChangeRequestSchema,
        response: { 201: CaseCreatedDto, ...errorResponses, 409: CaseErrorEnvelope, 410: ErrorEnvelope },
      },
    },
    async (req, reply) =>
      sendIdempotent(reply, await plans.submit(req.auth.customerId, req.params.nCtrId, req.headers['idempotency-key'], req.body)),
  );
};
export default routes;
