import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CASE_REASONS,
  NewCasesDto,
  NewCasesQuery,
  PhaseMoveBody,
  PhotoReviewBody,
  QueueCountsDto,
  QueuePageDto,
  QueueQuery,
  RejectBody,
  SLA_MSG,
  SlaTargetBody,
  SlaTargetsDto,
  ReopenBody,
  StaffCaseDto,
  StaffCommentBody,
  TotalLossBody,
} from '@guarita/domain';
import { errorResponses } from '../../lib/errors';
import { staffSession } from '../../plugins/openapi';
import { sameOriginOnly } from '../../plugins/security';
import type { Acting } from './service';

export const CaseParams = z.object({ caseNumber: z.string().regex(/^\d{4}-\d{6}$/, 'Caso não encontrado.') });
export const Done = { 204: z.null().describe('Done'), ...errorResponses };

/**
 * The console's API under /api/backoffice: every route checks the staff session and the role on the server
 * (the service then checks that the role works this kind of case), and every change is audited.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { backoffice: service, queueDesk } = app;
  const sameOrigin = sameOriginOnly(app.config.env.PUBLIC_URL);
  const readers = app.requireStaff('atendimento', 'sinistros', 'admin');
  const workers = app.requireStaff('atendimento', 'sinistros');
  const claimsDesk = app.requireStaff('sinistros');
  const admin = app.requireStaff('admin');
  const supportDesk = app.requireStaff('atendimento');
  const acting = (req: FastifyRequest): Acting => ({ ...req.staff, ip: req.ip });
  const tags = ['backoffice'];

  app.get(
    '/backoffice/casos',
    {
      onRequest: readers,
      schema: {
        tags,
        operationId: 'staffQueue',
        security: staffSession,
        summary:
          "The role's queue: filters, search (`busca`), order (`ordem`, time left by default), each case's age and SLA, keyset paging (`cursor` = the previous page's `proximo`)",
        querystring: QueueQuery,
        response: { 200: QueuePageDto, ...errorResponses },
      },
    },
    (req) => queueDesk.queue(req.staff.role, req.query, { id: req.staff.id, assignees: (ids) => app.assignmentDesk.assignees(ids) }),
  );

  app.get(
    '/backoffice/casos/contagens',
    {
      onRequest: readers,
      schema: {
        tags,
        operationId: 'staffQueueCounts',
        security: staffSession,
        summary: 'Open cases per Reason in the role’s queue',
        response: { 200: QueueCountsDto, ...errorResponses },
      },
    },
    (req) => queueDesk.counts(req.staff.role),
  );

  app.get(
    '/backoffice/casos/novos',
    {
      onRequest: readers,
      schema: {
        tags,
        operationId: 'staffQueueNew',
        security: staffSession,
        summary: "Open cases of the role's queue opened after `desde` (the live queue's poll)",
        querystring: NewCasesQuery,
        response: { 200: NewCasesDto, ...errorResponses },
      },
    },
    (req) => queueDesk.newSince(req.staff.role, req.query.desde),
  );

  app.get(
    '/backoffice/prazos',
    {
      onRequest: admin,
      schema: {
        tags,
        operationId: 'slaTargets',
        security: staffSession,
        summary: "Each case Reason's SLA target, in hours (admin)",
        response: { 200: SlaTargetsDto, ...errorResponses },
      },
    },
    () => queueDesk.slaTargets(),
  );

  app.put(
    '/backoffice/prazos/:motivo',
    {
      onRequest: admin,
      preHandler: sameOrigin,
      schema: {
        tags,
        operationId: 'setSlaTarget',
        security: staffSession,
        summary: "Sets a Reason's SLA target; its open cases' due times follow; audited (admin)",
        params: z.object({ motivo: z.enum(CASE_REASONS, { error: SLA_MSG.unknownReason }) }),
        body: SlaTargetBody,
        response: Done,
      },
    },
    async (req, reply) => {
      await queueDesk.setSlaTarget(acting(req), req.params.motivo, req.body.horas);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/backoffice/casos/:caseNumber',
    {
      onRequest: readers,
      schema: {
        tags,
        operationId: 'staffCase',
        security: staffSession,
        summary: 'Case detail: the request as sent, attachments, history, comments, staff notes, next phases',
        params: CaseParams,
        response: { 200: StaffCaseDto, ...errorResponses },
      },
    },
    (req) => service.detail(req.staff.role, req.params.caseNumber),
  );

  const fileResponse = { 200: z.any().describe('the file'), ...errorResponses };
  app.get(
    '/backoffice/casos/:caseNumber/anexos/:attachmentId',
    {
      onRequest: readers,
      schema: {
        tags,
        operationId: 'staffCaseAttachment',
        security: staffSession,
        summary: "A support case's attachment (images inline)",
        params: CaseParams.extend({ attachmentId: z.string().uuid() }),
        response: fileResponse,
      },
    },
    async (req, reply) => {
      return sendInline(reply, await service.attachment(req.staff.role, req.params.caseNumber, req.params.attachmentId));
    },
  );

  app.get(
    '/backoffice/casos/:caseNumber/fotos/:typeId',
    {
      onRequest: readers,
      schema: {
        tags,
        operationId: 'staffClaimPhoto',
        security: staffSession,
        summary: "A claim's evidence file for one type",
        params: CaseParams.extend({ typeId: z.string().regex(/^[a-z0-9-]{1,40}$/) }),
        response: fileResponse,
      },
    },
    async (req, reply) => {
      return sendInline(reply, await service.photo(req.staff.role, req.params.caseNumber, req.params.typeId));
    },
  );

  app.post(
    '/backoffice/casos/:caseNumber/fase',
    {
      onRequest: workers,
      preHandler: sameOrigin,
      schema: {
        tags,
        operationId: 'staffMovePhase',
        security: staffSession,
        summary: 'Move the case to one of its allowed next phases (a final phase closes it)',
        params: CaseParams,
        body: PhaseMoveBody,
        response: Done,
      },
    },
    async (req, reply) => {
      await service.movePhase(acting(req), req.params.caseNumber, req.body.fase);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/backoffice/casos/:caseNumber/comentarios',
    {
      onRequest: workers,
      preHandler: sameOrigin,
      schema: {
        tags,
        operationId: 'staffComment',
        security: staffSession,
        summary: 'A comment the customer sees, or (interno: true) a staff-only note',
        params: CaseParams,
        body: StaffCommentBody,
        response: Done,
      },
    },
    async (req, reply) => {
      await service.comment(acting(req), req.params.caseNumber, req.body.texto, req.body.interno);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/backoffice/casos/:caseNumber/fotos/:typeId/revisao',
    {
      onRequest: claimsDesk,
      preHandler: sameOrigin,
      schema: {
        tags,
        operationId: 'staffReviewPhoto',
        security: staffSession,
        summary: 'Approve or reject (with the reason the customer sees) one evidence file',
        params: CaseParams.extend({ typeId: z.string().regex(/^[a-z0-9-]{1,40}$/) }),
        body: PhotoReviewBody,
        response: Done,
      },
    },
    async (req, reply) => {
      await service.reviewPhoto(
        acting(req),
        req.params.caseNumber,
        req.params.typeId,
        req.body.aprovacao,
        req.body.textoReprovacao ?? null,
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/backoffice/casos/:caseNumber/perda-total',
    {
      onRequest: claimsDesk,
      preHandler: sameOrigin,
      schema: {
        tags,
        operationId: 'staffTotalLoss',
        security: staffSession,
        summary: 'Mark or unmark a collision claim as total loss (Qualificado_como_PT__c)',
        params: CaseParams,
        body: TotalLossBody,
        response: Done,
      },
    },
    async (req, reply) => {
      await service.setTotalLoss(acting(req), req.params.caseNumber, req.body.qualificado);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/backoffice/casos/:caseNumber/aprovar',
    {
      onRequest: supportDesk,
      preHandler: sameOrigin,
      schema: {
        tags,
        operationId: 'staffApproveRequest',
        security: staffSession,
        summary:
          'Approve a registration, due-date, plan or vehicle change: the data is applied with the decision event, the case conclusion and the audit row, atomically',
        params: CaseParams,
        response: Done,
      },
    },
    async (req, reply) => {
      await service.approve(acting(req), req.params.caseNumber);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/backoffice/casos/:caseNumber/reprovar',
    {
      onRequest: supportDesk,
      preHandler: sameOrigin,
      schema: {
        tags,
        operationId: 'staffRejectRequest',
        security: staffSession,
        summary: 'Reject a registration, due-date, plan or vehicle change with the reason the customer reads',
        params: CaseParams,
        body: RejectBody,
        response: Done,
      },
    },
    async (req, reply) => {
      await service.reject(acting(req), req.params.caseNumber, req.body.motivo);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/backoffice/casos/:caseNumber/reabrir',
    {
      onRequest: workers,
      preHandler: sameOrigin,
      schema: {
        tags,
        operationId: 'staffReopenCase',
        security: staffSession,
        summary:
          'Reopen a closed case with a reason (a staff note and the audit row, in one transaction); it returns to the phase ADR 087 gives. 409 when it is open',
        params: CaseParams,
        body: ReopenBody,
        response: Done,
      },
    },
    async (req, reply) => {
      await service.reopen(acting(req), req.params.caseNumber, req.body.motivo);
      return reply.code(204).send(null);
    },
  );
};
export default routes;

/** A case file shown inline in the console (images in the page), never cached. */
function sendInline(reply: FastifyReply, f: { contentType: string; filename: string; data: Buffer }) {
  return reply
    .header('content-type', f.contentType)
    .header('content-disposition', `inline; filename="${f.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(f.data);
}
