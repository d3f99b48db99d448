import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { AssignmentBody, AssignmentDto, BulkBody, BulkResultDto, ColleaguesDto, PresenceDto } from '@guarita/domain';
import { errorResponses } from '../../lib/errors';
import { staffSession } from '../../plugins/openapi';
import { sameOriginOnly } from '../../plugins/security';
import { CaseParams, Done } from './routes';
import type { Acting } from './service';

/**
 * Assignment, presence and bulk actions (issue 30 items 10 and 14, ADR 086): the staff session and role checked on
 * the server for every route, same-origin for every change; assignment changes are audited (AssignmentDesk).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { assignmentDesk: desk } = app;
  const sameOrigin = sameOriginOnly(app.config.env.PUBLIC_URL);
  const readers = app.requireStaff('atendimento', 'sinistros', 'admin');
  const workers = app.requireStaff('atendimento', 'sinistros');
  const acting = (req: FastifyRequest): Acting => ({ ...req.staff, ip: req.ip });
  const tags = ['backoffice'];

  app.get(
    '/backoffice/casos/:caseNumber/atribuicao',
    {
      onRequest: readers,
      schema: {
        tags,
        operationId: 'staffCaseAssignment',
        security: staffSession,
        summary: "Who works the case, and (for the desk's staff while it is open) the colleagues it may be assigned to",
        params: CaseParams,
        response: { 200: AssignmentDto, ...errorResponses },
      },
    },
    (req) => desk.read(req.staff.role, req.params.caseNumber),
  );

  app.post(
    '/backoffice/casos/:caseNumber/atribuicao',
    {
      onRequest: workers,
      preHandler: sameOrigin,
      schema: {
        tags,
        operationId: 'staffAssignCase',
        security: staffSession,
        summary: 'Assign the case to an active member of its desk (the caller included), or unassign it (null); audited',
        params: CaseParams,
        body: AssignmentBody,
        response: Done,
      },
    },
    async (req, reply) => {
      await desk.assign(acting(req), req.params.caseNumber, req.body.responsavelId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/backoffice/casos/:caseNumber/presenca',
    {
      onRequest: readers,
      preHandler: sameOrigin,
      schema: {
        tags,
        operationId: 'staffCasePresence',
        security: staffSession,
        summary: "The case page's heartbeat (every 10 s; gone after 30 s): answers who else has the case open now",
        params: CaseParams,
        response: { 200: PresenceDto, ...errorResponses },
      },
    },
    (req) => desk.beat(req.staff, req.params.caseNumber),
  );

  app.delete(
    '/backoffice/casos/:caseNumber/presenca',
    {
      onRequest: readers,
      preHandler: sameOrigin,
      schema: {
        tags,
        operationId: 'staffLeaveCase',
        security: staffSession,
        summary: 'The case page closed: the caller no longer shows as here',
        params: CaseParams,
        response: Done,
      },
    },
    async (req, reply) => {
      await desk.leave(req.staff, req.params.caseNumber);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/backoffice/colegas',
    {
      onRequest: workers,
      schema: {
        tags,
        operationId: 'staffColleagues',
        security: staffSession,
        summary: "The active staff of the caller's desk, by name (whom a bulk assignment may choose)",
        response: { 200: ColleaguesDto, ...errorResponses },
      },
    },
    (req) => desk.colleagues(req.staff.role),
  );

  app.post(
    '/backoffice/casos/lote',
    {
      onRequest: workers,
      preHandler: sameOrigin,
      schema: {
        tags,
        operationId: 'staffBulkAction',
        security: staffSession,
        summary:
          'Assign, move phase or close up to 50 cases: each case in a transaction of its own with its audit row; the answer says per case whether it applied and why not',
        body: BulkBody,
        response: { 200: BulkResultDto, ...errorResponses },
      },
    },
    (req) => desk.bulk(acting(req), req.body.casos, req.body.acao),
  );
};
export default routes;
