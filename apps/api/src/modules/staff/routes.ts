import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditFilters, AuditPageDto, AuditQuery, StaffLoginBody, StaffMeDto, STAFF_MSG } from '@guarita/domain';
import { Readable } from 'node:stream';
import { errorResponses, notFound } from '../../lib/errors';
import { noAuth, staffSession } from '../../plugins/openapi';
import { sameOriginOnly } from '../../plugins/security';
import type { StaffPrincipal } from './repository';
import type { AuditLogFilter } from './audit';
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
  /** The screen's filters as the log reads them: the CPF/CNPJ typed becomes the customer's id (null: no such customer). */
  const logFilter = async ({ cliente, ...f }: AuditFilters): Promise<AuditLogFilter> => ({
    ...f,
    ...(cliente ? { cliente: await app.customers.idByDocument(cliente) } : {}),
  });

  app.get(
    '/backoffice/auditoria',
    {
      onRequest: admin,
      schema: {
        tags: ['backoffice'],
        operationId: 'staffAuditLog',
        security: staffSession,
        summary:
          "Admin: the audit log, newest first; filters by staff e-mail, action, case, customer (CPF/CNPJ) and period (São Paulo days); keyset paging (`cursor` = the previous page's `proximo`)",
        querystring: AuditQuery,
        response: { 200: AuditPageDto, ...errorResponses },
      },
    },
    async (req) => {
      const { cursor, limite, ...filters } = req.query;
      return audit.page(await logFilter(filters), limite, cursor);
    },
  );

  app.get(
    '/backoffice/auditoria.csv',
    {
      onRequest: admin,
      schema: {
        tags: ['backoffice'],
        operationId: 'staffAuditCsv',
        security: staffSession,
        summary: 'Admin: the audit log as CSV (oldest first) with the same filters as the screen; the export itself is audited',
        querystring: AuditFilters,
        response: { 200: z.any().describe('text/csv'), ...errorResponses },
      },
    },
    async (req, reply) => {
      const s = req.staff;
      const filter = await logFilter(req.query);
      // The filters go with the export's own row (the customer as its id, not the document typed).
      const asked = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined));
      await audit.record(
        app.db,
        { id: s.id, email: s.email, role: s.role, ip: req.ip },
        { action: 'auditoria.exportada', ...(Object.keys(asked).length > 0 ? { after: { filtros: asked } } : {}) },
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="auditoria.csv"')
        .send(Readable.from(audit.csv(filter)));
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
