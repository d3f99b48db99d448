import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditPageDto, StaffLoginBody, StaffMeDto, STAFF_MSG } from '@guarita/domain';
import { Readable } from 'node:stream';
import { errorResponses, notFound } from '../../lib/errors';
import { noAuth, staffSession } from '../../plugins/openapi';
import { sameOriginOnly } from '../../plugins/security';
import type { StaffPrincipal } from './repository';
import { DEMO_STAFF } from './demo';
import { clearStaffCookie, setStaffCookie } from './session';

/** Staff login, session and the audit log: /api/backoffice/auth/*, /api/backoffice/auditoria*. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { staff: service, staffAudit: audit, config } = app;
  const sameOrigin = sameOriginOnly(config.env.PUBLIC_URL);
  const me = (s: StaffPrincipal) => ({
    id: s.id,
    email: s.email,
    nome: s.name,
    papel: s.role,
    inatividadeSegundos: service.settings.idleSeconds,
  });
  const anyStaff = app.requireStaff('atendimento', 'sinistros', 'financeiro', 'admin');

  app.post(
    '/backoffice/auth/login',
    {
      preHandler: sameOrigin,
      schema: {
        tags: ['backoffice'],
        operationId: 'staffLogin',
        security: noAuth,
        summary: 'Staff login: e-mail, password and the TOTP code; sets the staff session cookie',
        body: StaffLoginBody,
        response: { 200: StaffMeDto, ...errorResponses },
      },
    },
    async (req, reply) => {
      const { token, staff } = await service.login(req.body.email, req.body.senha, req.body.codigo, req.ip);
      setStaffCookie(reply, config, token, service.tokenSeconds);
      return me(staff);
    },
  );

  app.get(
    '/backoffice/auth/me',
    {
      onRequest: anyStaff,
      schema: {
        tags: ['backoffice'],
        operationId: 'staffMe',
        security: staffSession,
        summary: 'The logged-in staff member and role',
        response: { 200: StaffMeDto, ...errorResponses },
      },
    },
    async (req) => me(req.staff),
  );

  app.post(
    '/backoffice/auth/logout',
    {
      onRequest: anyStaff,
      preHandler: sameOrigin,
      schema: {
        tags: ['backoffice'],
        operationId: 'staffLogout',
        security: staffSession,
        summary: 'End this staff session',
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (req, reply) => {
      await service.logout(req.staff, req.ip);
      clearStaffCookie(reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/backoffice/auth/logout-all',
    {
      onRequest: anyStaff,
      preHandler: sameOrigin,
      schema: {
        tags: ['backoffice'],
        operationId: 'staffLogoutEverywhere',
        security: staffSession,
        summary: 'End every session of this staff member (all browsers)',
        response: { 200: z.object({ sessoes: z.number().int(), mensagem: z.string() }), ...errorResponses },
      },
    },
    async (req, reply) => {
      const sessoes = await service.logoutEverywhere(req.staff, req.ip);
      clearStaffCookie(reply);
      return { sessoes, mensagem: STAFF_MSG.loggedOut };
    },
  );

  const admin = app.requireStaff('admin');

  app.get(
    '/backoffice/auditoria',
    {
      onRequest: admin,
      schema: {
        tags: ['backoffice'],
        operationId: 'staffAuditLog',
        security: staffSession,
        summary: 'Admin: the audit log, newest first (keyset paging with `antes`)',
        querystring: z.object({
          antes: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
          limite: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: AuditPageDto, ...errorResponses },
      },
    },
    (req) => audit.page(req.query.limite, req.query.antes),
  );

  app.get(
    '/backoffice/auditoria.csv',
    {
      onRequest: admin,
      schema: {
        tags: ['backoffice'],
        operationId: 'staffAuditCsv',
        security: staffSession,
        summary: 'Admin: the whole audit log as CSV (oldest first); the export itself is audited',
        response: { 200: z.any().describe('text/csv'), ...errorResponses },
      },
    },
    async (req, reply) => {
      const s = req.staff;
      await audit.record(app.db, { id: s.id, email: s.email, role: s.role, ip: req.ip }, { action: 'auditoria.exportada' });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="auditoria.csv"')
        .send(Readable.from(audit.csv()));
    },
  );

  if (config.demoMode) {
    app.get(
      '/dev/staff/totp',
      {
        schema: {
          tags: ['dev'],
          operationId: 'devStaffTotp',
          security: noAuth,
          summary: "Demo mode only: a demo staff account's current TOTP code",
          querystring: z.object({ email: z.string().trim().toLowerCase().max(254) }),
          response: { 200: z.object({ codigo: z.string(), validoAte: z.string() }), ...errorResponses },
        },
      },
      async (req) => {
        // Only the seeded demo accounts: an account made with staff:create keeps its second factor even in a demo install.
        const code = DEMO_STAFF.some((d) => d.email === req.query.email) ? await service.currentCode(req.query.email) : null;
        if (!code) throw notFound('Conta de demonstração não encontrada.');
        return code;
      },
    );
  }
};
export default routes;
