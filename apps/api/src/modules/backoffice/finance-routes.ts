import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdvancePageDto,
  AdvanceQuery,
  DeskPaymentDetailDto,
  DeskPaymentPageDto,
  DeskPaymentParams,
  DeskPaymentQuery,
  LatePixPageDto,
  LatePixQuery,
  PaymentLinkPageDto,
  PaymentLinkQuery,
  RefundBody,
  RefundRequestBody,
  RefundResultDto,
} from '@guarita/domain';
import { errorResponses } from '../../lib/errors';
import { IdempotencyHeaders } from '../../lib/idempotent-route';
import { staffSession } from '../../plugins/openapi';
import { sameOriginOnly } from '../../plugins/security';

/**
 * The financeiro desk under /api/backoffice/financeiro (issue 13 §2): financeiro and admin read, only financeiro
 * marks a refund done (audited). The role is checked on the server on every route.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const desk = app.financeDesk;
  const paymentDesk = app.paymentDesk;
  const sameOrigin = sameOriginOnly(app.config.env.PUBLIC_URL);
  const readers = app.requireStaff('financeiro', 'admin');
  const finance = app.requireStaff('financeiro');
  const tags = ['backoffice'];

  app.get(
    '/backoffice/financeiro/pix-atrasados',
    {
      onRequest: readers,
      schema: {
        tags,
        operationId: 'staffLatePix',
        security: staffSession,
        summary: 'Late Pix payments (settled late or kept as a credit to refund), newest first, keyset-paged',
        querystring: LatePixQuery,
        response: { 200: LatePixPageDto, ...errorResponses },
      },
    },
    (req) => desk.latePix(req.query),
  );

  app.post(
    '/backoffice/financeiro/pix-atrasados/:id/reembolso',
    {
      onRequest: finance,
      preHandler: sameOrigin,
      schema: {
        tags,
        operationId: 'staffMarkRefunded',
        security: staffSession,
        summary: 'Mark a late Pix credit refunded, with a note of how (audited); 409 when it is not pending',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        body: RefundBody,
        response: { 204: z.null().describe('Done'), ...errorResponses },
      },
    },
    async (req, reply) => {
      await desk.refund({ ...req.staff, ip: req.ip }, req.params.id, req.body.observacao);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/backoffice/financeiro/antecipacoes',
    {
      onRequest: readers,
      schema: {
        tags,
        operationId: 'staffAdvances',
        security: staffSession,
        summary: 'Advance requests with their status, newest first, keyset-paged',
        querystring: AdvanceQuery,
        response: { 200: AdvancePageDto, ...errorResponses },
      },
    },
    (req) => desk.advances(req.query),
  );

  app.get(
    '/backoffice/financeiro/links',
    {
      onRequest: readers,
      schema: {
        tags,
        operationId: 'staffPaymentLinks',
        security: staffSession,
        summary: 'Payment links with their status, newest first, keyset-paged',
        querystring: PaymentLinkQuery,
        response: { 200: PaymentLinkPageDto, ...errorResponses },
      },
    },
    (req) => desk.links(req.query),
  );
  app.get(
    '/backoffice/financeiro/pagamentos',
    {
      onRequest: readers,
      schema: {
        tags,
        operationId: 'staffPayments',
        security: staffSession,
        summary: 'Card and Pix payments with provider, provider reference and refund state, newest first, keyset-paged',
        querystring: DeskPaymentQuery,
        response: { 200: DeskPaymentPageDto, ...errorResponses },
      },
    },
    (req) => paymentDesk.list(req.query),
  );

  app.get(
    '/backoffice/financeiro/pagamentos/:metodo/:id',
    {
      onRequest: readers,
      schema: {
        tags,
        operationId: 'staffPayment',
        security: staffSession,
        summary: "One payment: provider reference, the provider's events (card data removed) and its refunds",
        params: DeskPaymentParams,
        response: { 200: DeskPaymentDetailDto, ...errorResponses },
      },
    },
    (req) => paymentDesk.detail(req.params.metodo, req.params.id),
  );

  app.post(
    '/backoffice/financeiro/pagamentos/:metodo/:id/estornos',
    {
      onRequest: finance,
      preHandler: sameOrigin,
      schema: {
        tags,
        operationId: 'staffRefundPayment',
        security: staffSession,
        summary: 'Refund all or part of a payment through its provider (card refund, Pix devolução), audited',
        description:
          'Requires Idempotency-Key: the same key and body answer the same refund (200) and never refund twice; the same key ' +
          'with another body is 409 IDEMPOTENCY_CONFLICT. 201 with status refunded (confirmed) or pending (the provider ' +
          'confirms later); 409 OVER_REFUND (more than paid − refunded − in progress) or NOTHING_TO_REFUND; 422 ' +
          'REFUND_REFUSED (the provider refused; nothing refunded); 503 PROVIDER_UNAVAILABLE (outcome unknown: repeat ' +
          'the same request). Only the financeiro role.',
        params: DeskPaymentParams,
        headers: IdempotencyHeaders,
        body: RefundRequestBody,
        response: { 200: RefundResultDto, 201: RefundResultDto, ...errorResponses },
      },
    },
    async (req, reply) => {
      const { body, fresh } = await paymentDesk.refund(
        { ...req.staff, ip: req.ip },
        req.params.metodo,
        req.params.id,
        req.headers['idempotency-key'],
        req.body,
      );
      return reply.code(fresh ? 201 : 200).send(body);
    },
  );
};
export default routes;
