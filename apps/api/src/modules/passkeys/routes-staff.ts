import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import {
  PASSKEY_CHALLENGE_SECONDS,
  PasskeyDto,
  PasskeyOptionsDto,
  PasskeyRegisterBody,
  StaffMeDto,
  StaffPasskeyLoginBody,
} from '@guarita/domain';
import { errorResponses } from '../../lib/errors';
import { noAuth, staffSession } from '../../plugins/openapi';
import { sameOriginOnly } from '../../plugins/security';
import { STAFF_COOKIE_PATH, setStaffCookie, type StaffPrincipal } from '../staff';
import { PasskeyIdParams, relyingPartyOf } from './request-parts';
import type { PasskeysService } from './service';

/** The staff login ceremony's handle, like the customers' (ADR 089), on the console's cookie path. */
export const STAFF_PASSKEY_COOKIE = 'guarita_spkc';

/**
 * Staff passkeys (issue 31 §1): registered after a login with the authenticator code, then used in place of that code
 * (e-mail + password + passkey). Every registration, removal and passkey login is in the audit log.
 */
const routes: FastifyPluginAsyncZod<{ service: PasskeysService }> = async (app, { service }) => {
  const { config, staff, staffAudit: audit } = app;
  const sameOrigin = sameOriginOnly(config.env.PUBLIC_URL);
  const anyStaff = app.requireStaff('atendimento', 'sinistros', 'financeiro', 'admin');
  const rpOf = relyingPartyOf(config);
  const actor = (s: StaffPrincipal, ip: string) => ({ id: s.id, email: s.email, role: s.role, ip });
  const registrant = (s: StaffPrincipal) => ({ owner: { staffId: s.id }, userName: s.email, displayName: s.name, session: s.sessionId });
  const clearCookie = (reply: FastifyReply) => reply.clearCookie(STAFF_PASSKEY_COOKIE, { path: STAFF_COOKIE_PATH });
  const me = (s: StaffPrincipal) => ({
    id: s.id,
    email: s.email,
    nome: s.name,
    papel: s.role,
    inatividadeSegundos: staff.settings.idleSeconds,
  });

  app.post(
    '/backoffice/auth/passkey/opcoes',
    {
      preHandler: sameOrigin,
      schema: {
        tags: ['backoffice'],
        operationId: 'staffPasskeyLoginOptions',
        security: noAuth,
        summary: 'Staff login with a passkey, step 1: WebAuthn request options; sets the ceremony cookie (5 minutes)',
        response: { 200: PasskeyOptionsDto, ...errorResponses },
      },
    },
    async (req, reply) => {
      const { handle, options } = await service.loginOptions(rpOf(req), 'staff');
      reply.header('cache-control', 'no-store');
      reply.setCookie(STAFF_PASSKEY_COOKIE, handle, {
        httpOnly: true,
        sameSite: 'strict',
        secure: config.secure,
        path: STAFF_COOKIE_PATH,
        maxAge: PASSKEY_CHALLENGE_SECONDS,
      });
      return options;
    },
  );

  app.post(
    '/backoffice/auth/login-passkey',
    {
      preHandler: sameOrigin,
      schema: {
        tags: ['backoffice'],
        operationId: 'staffPasskeyLogin',
        security: noAuth,
        summary:
          "Staff login: e-mail, password and a passkey of the account in place of the authenticator's code; sets the staff session cookie",
        body: StaffPasskeyLoginBody,
        response: { 200: StaffMeDto, ...errorResponses },
      },
    },
    async (req, reply) => {
      const handle = req.cookies[STAFF_PASSKEY_COOKIE];
      clearCookie(reply);
      const rp = rpOf(req);
      const factor = {
        check: async (staffId: number) => (await service.assert(rp, 'staff', handle, req.body.resposta, req.ip)).staff_id === staffId,
      };
      const { token, staff: who } = await staff.login(req.body.email, req.body.senha, factor, req.ip);
      setStaffCookie(reply, config, token, staff.tokenSeconds);
      return me(who);
    },
  );

  app.get(
    '/backoffice/passkeys',
    {
      onRequest: anyStaff,
      schema: {
        tags: ['backoffice'],
        operationId: 'staffListPasskeys',
        security: staffSession,
        summary: "The staff member's own passkeys",
        response: { 200: z.array(PasskeyDto), ...errorResponses },
      },
    },
    (req) => service.list({ staffId: req.staff.id }),
  );

  app.post(
    '/backoffice/passkeys/opcoes',
    {
      onRequest: anyStaff,
      preHandler: sameOrigin,
      schema: {
        tags: ['backoffice'],
        operationId: 'staffPasskeyRegistrationOptions',
        security: staffSession,
        summary: 'Staff passkey registration, step 1: WebAuthn creation options bound to this session',
        response: { 200: PasskeyOptionsDto, ...errorResponses },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.registrationOptions(rpOf(req), registrant(req.staff));
    },
  );

  app.post(
    '/backoffice/passkeys',
    {
      onRequest: anyStaff,
      preHandler: sameOrigin,
      schema: {
        tags: ['backoffice'],
        operationId: 'staffRegisterPasskey',
        security: staffSession,
        summary: "Staff passkey registration, step 2: the attestation for this session's challenge (once); audited",
        body: PasskeyRegisterBody,
        response: { 201: PasskeyDto, ...errorResponses },
      },
    },
    async (req, reply) => {
      const created = await service.register(rpOf(req), registrant(req.staff), req.body.resposta, req.body.nome, req.headers['user-agent']);
      await audit.record(app.db, actor(req.staff, req.ip), { action: 'chave.cadastrada', after: { chave: created.nome } });
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/backoffice/passkeys/:id',
    {
      onRequest: anyStaff,
      preHandler: sameOrigin,
      schema: {
        tags: ['backoffice'],
        operationId: 'staffRemovePasskey',
        security: staffSession,
        summary: 'Remove one of your passkeys: it logs in no more; audited',
        params: PasskeyIdParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (req, reply) => {
      const owner = { staffId: req.staff.id };
      const before = (await service.list(owner)).find((p) => p.id === req.params.id);
      await service.remove(owner, req.params.id, async () => undefined);
      await audit.record(app.db, actor(req.staff, req.ip), { action: 'chave.removida', before: { chave: before?.nome ?? null } });
      return reply.code(204).send(null);
    },
  );
};
export default routes;
