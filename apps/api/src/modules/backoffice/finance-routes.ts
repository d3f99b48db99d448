import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdvancePageDto,
  AdvanceQuery,
  LatePixPageDto,
  LatePixQuery,
  PaymentLinkPageDto,
  PaymentLinkQuery,
  RefundBody,
} from '@guarita/domain';
import { errorResponses } from '../../lib/errors';
import { staffSession } from '../../plugins/openapi';
import { sameOriginOnly } from '../../plugins/security';

/**
 * The financeiro desk under /api/backoffice/financeiro (issue 13 §2): financeiro and admin read, only financeiro
 * marks a refund done (audited). The role is checked on the server on every route.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const desk = app.financeDesk;
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
};
export default routes;
