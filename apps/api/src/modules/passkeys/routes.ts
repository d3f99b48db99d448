import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  PASSKEY_CHALLENGE_SECONDS,
  PasskeyDto,
  PasskeyLoginBody,
  PasskeyOptionsDto,
  PasskeyRegisterBody,
  TokensDto,
} from '@guarita/domain';
import { errorResponses, unauthorized } from '../../lib/errors';
import { bearerAuth, noAuth } from '../../plugins/openapi';
import { sameOriginOnly } from '../../plugins/security';
import { AUTH_COOKIE_PATH, sendSessionTokens } from '../auth';
import { PasskeyIdParams, relyingPartyOf } from './request-parts';
import { customerUserName, type PasskeysService } from './service';

/** The login ceremony's handle: a short-lived HttpOnly cookie, only sent to the auth routes (ADR 089). */
export const PASSKEY_LOGIN_COOKIE = 'guarita_pkc';

/**
 * Customers' passkeys (issue 31 §1): the login at /api/auth/passkey*, the list, registration and removal at
 * /api/passkeys* (Bearer: the login that registers is the one the challenge is bound to).
 */
const routes: FastifyPluginAsyncZod<{ service: PasskeysService }> = async (app, { service }) => {
  const { config, authService: auth } = app;
  const sameOrigin = sameOriginOnly(config.env.PUBLIC_URL);
  const rpOf = relyingPartyOf(config);
  const registrant = async (req: FastifyRequest) => {
    const holder = await app.customers.holder(req.auth.customerId);
    if (!holder) throw unauthorized();
    return {
      owner: { customerId: req.auth.customerId },
      userName: customerUserName(holder.document),
      displayName: holder.name,
      session: req.auth.familyId,
    };
  };
  const clearLoginCookie = (reply: FastifyReply) => reply.clearCookie(PASSKEY_LOGIN_COOKIE, { path: AUTH_COOKIE_PATH });

  app.post(
    '/auth/passkey/opcoes',
    {
      preHandler: sameOrigin,
      schema: {
        tags: ['auth'],
        operationId: 'passkeyLoginOptions',
        security: noAuth,
        summary: 'Passkey login, step 1: WebAuthn request options; sets the ceremony cookie (guarita_pkc, 5 minutes)',
        response: { 200: PasskeyOptionsDto, ...errorResponses },
      },
    },
    async (req, reply) => {
      const { handle, options } = await service.loginOptions(rpOf(req), 'customer');
      reply.header('cache-control', 'no-store');
      reply.setCookie(PASSKEY_LOGIN_COOKIE, handle, {
        httpOnly: true,
        sameSite: 'strict',
        secure: config.secure,
        path: AUTH_COOKIE_PATH,
        maxAge: PASSKEY_CHALLENGE_SECONDS,
      });
      return options;
    },
  );

  app.post(
    '/auth/passkey',
    {
      preHandler: sameOrigin,
      schema: {
        tags: ['auth'],
        operationId: 'passkeyLogin',
        security: noAuth,
        summary:
          "Passkey login, step 2: the authenticator's assertion for the cookie's challenge (once); answers the tokens and sets the refresh and page cookies like a code login",
        body: PasskeyLoginBody,
        response: { 200: TokensDto, ...errorResponses },
      },
    },
    async (req, reply) => {
      const handle = req.cookies[PASSKEY_LOGIN_COOKIE];
      clearLoginCookie(reply);
      const passkey = await service.assert(rpOf(req), 'customer', handle, req.body.resposta, req.ip);
      const customer = passkey.customer_id === null ? null : await app.customers.loginContact(passkey.customer_id);
      if (!customer) throw unauthorized();
      return sendSessionTokens(reply, config, await auth.signInWithPasskey(customer.id, customer.document, passkey.id));
    },
  );

  app.get(
    '/passkeys',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        operationId: 'listPasskeys',
        security: bearerAuth,
        summary: "The customer's passkeys (devices that log in with biometrics), newest first",
        response: { 200: z.array(PasskeyDto), ...errorResponses },
      },
    },
    (req) => service.list({ customerId: req.auth.customerId }),
  );

  app.post(
    '/passkeys/opcoes',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        operationId: 'passkeyRegistrationOptions',
        security: bearerAuth,
        summary: 'Passkey registration, step 1: WebAuthn creation options, the challenge bound to this login',
        response: { 200: PasskeyOptionsDto, ...errorResponses },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.registrationOptions(rpOf(req), await registrant(req));
    },
  );

  app.post(
    '/passkeys',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        operationId: 'registerPasskey',
        security: bearerAuth,
        summary: "Passkey registration, step 2: the authenticator's attestation for this login's challenge (once); notifies the customer",
        body: PasskeyRegisterBody,
        response: { 201: PasskeyDto, ...errorResponses },
      },
    },
    async (req, reply) => {
      const created = await service.register(rpOf(req), await registrant(req), req.body.resposta, req.body.nome, req.headers['user-agent']);
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/passkeys/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        operationId: 'removePasskey',
        security: bearerAuth,
        summary: 'Remove a passkey: it logs in no more and the logins it opened end at once; notifies the customer',
        params: PasskeyIdParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (req, reply) => {
      await service.remove({ customerId: req.auth.customerId }, req.params.id, (id) => auth.revokePasskeyLogins(id));
      return reply.code(204).send(null);
    },
  );
};
export default routes;
