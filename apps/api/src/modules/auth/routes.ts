import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import {
  ALTCHA_PAYLOAD_MAX,
  CONTACT_MSG,
  LoginStartDto,
  TokensDto,
  channelSchema,
  codeSchema,
  documentSchema,
  safeText,
} from '@guarita/domain';
import { sameOriginOnly } from '../../plugins/security';
import { ErrorEnvelope, errorResponses } from '../../lib/errors';
import { ChallengeDto } from '../contact';
import type { AppConfig } from '../../config';
import type { IssuedTokens } from './service';
import { noAuth } from '../../plugins/openapi';
import { AUTH_COOKIE_PATH as cookiePath, DEVICE_COOKIE, PAGE_COOKIE, PAGE_COOKIE_PATH, REFRESH_COOKIE } from './cookies';

export { DEVICE_COOKIE, PAGE_COOKIE, REFRESH_COOKIE };

/**
 * Sets the refresh cookie and the page cookie (ADR 059) and answers the body of every login (code login, refresh,
 * boot and single sign-on alike).
 */
export function sendSessionTokens(reply: FastifyReply, config: AppConfig, t: IssuedTokens) {
  // Neither token ever reaches JavaScript: HttpOnly, SameSite=Strict; the refresh token is only sent to /api/auth,
  // the page token with every page (it is only read when serving a page's HTML).
  const cookie = (name: string, value: string, path: string) =>
    reply.setCookie(name, value, {
      httpOnly: true,
      sameSite: 'strict',
      secure: config.secure,
      path,
      maxAge: config.tokens.refreshAbsoluteSeconds,
    });
  cookie(REFRESH_COOKIE, t.refreshToken, cookiePath);
  cookie(PAGE_COOKIE, t.pageToken, PAGE_COOKIE_PATH);
  return { IdToken: t.IdToken, AccessToken: t.AccessToken, expiresIn: t.expiresIn };
}

/** Forgets the login in the browser: both the refresh cookie and the page cookie. */
export function clearSessionCookies(reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, { path: cookiePath });
  reply.clearCookie(PAGE_COOKIE, { path: PAGE_COOKIE_PATH });
}

const DEVICE_COOKIE_SECONDS = 180 * 24 * 3600;

/** A login session id: what randomToken(24) makes (base64url). NUL and control characters never reach the database. */
const sessaoSchema = safeText(100, { message: 'Sessão de login inválida.' })
  .min(1)
  .regex(/^[A-Za-z0-9_-]+$/, 'Sessão de login inválida.');

/** A solved ALTCHA challenge of GET /api/auth/challenge, as the widget encodes it; only read when the server asks for one. */
const altchaSchema = safeText(ALTCHA_PAYLOAD_MAX, { message: CONTACT_MSG.captchaInvalid })
  .optional()
  .describe('Solved challenge (GET /api/auth/challenge), sent again after a 429 CHALLENGE_REQUIRED');

/** Past a per-document limit the owner is never refused outright: a new device proves work and goes on (issue 23, ADR 010). */
const limitedResponses = {
  ...errorResponses,
  429: ErrorEnvelope.describe(
    "erro RATE_LIMITED: this address (or device) made too many attempts, wait Retry-After seconds. erro CHALLENGE_REQUIRED: too many attempts on this CPF/CNPJ from anywhere; solve a challenge of GET /api/auth/challenge and send the same request again with it in 'altcha' (no Retry-After). A bad, expired or reused 'altcha' answers 400 CAPTCHA_INVALID / CAPTCHA_EXPIRED or 409 CAPTCHA_REUSED.",
  ),
};

const routes: FastifyPluginAsyncZod = async (app) => {
  const { authService: auth, config, tokens } = app;
  // Cookie-authenticated POSTs: only from our own pages (issue 7).
  const sameOrigin = sameOriginOnly(config.env.PUBLIC_URL);
  const sendTokens = (reply: FastifyReply, t: IssuedTokens) => sendSessionTokens(reply, config, t);

  app.get(
    '/auth/challenge',
    {
      schema: {
        tags: ['auth'],
        operationId: 'getLoginChallenge',
        security: noAuth,
        summary: 'A fresh, signed ALTCHA proof-of-work challenge, for a code request or verification answered 429 CHALLENGE_REQUIRED',
        response: { 200: ChallengeDto, ...errorResponses },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return app.contact.captcha.challenge();
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        operationId: 'authLogin',
        security: noAuth,
        summary: 'Step 1: CPF/CNPJ → login session (Sessao) and masked destinations',
        body: z.object({ documento: documentSchema }),
        response: { 200: LoginStartDto, ...errorResponses },
      },
    },
    (req) => auth.start(req.body.documento, req.ip),
  );

  app.post(
    '/auth/code',
    {
      schema: {
        tags: ['auth'],
        operationId: 'authSendCode',
        security: noAuth,
        summary: 'Step 2: send a one-time code by SMS or e-mail',
        body: z.object({ Sessao: sessaoSchema, canal: channelSchema, altcha: altchaSchema }),
        response: { 202: z.object({ canal: channelSchema, destino: z.string() }), ...limitedResponses },
      },
    },
    async (req, reply) =>
      reply.code(202).send(await auth.sendCode(req.body.Sessao, req.body.canal, req.ip, req.cookies[DEVICE_COOKIE], req.body.altcha)),
  );

  app.post(
    '/auth/verify',
    {
      schema: {
        tags: ['auth'],
        operationId: 'authVerify',
        security: noAuth,
        summary: 'Step 3: check the code; answers the tokens and sets the refresh cookie and the page cookie (guarita_pg, ADR 059)',
        body: z.object({ Sessao: sessaoSchema, CodigoAutenticacao: codeSchema, altcha: altchaSchema }),
        response: { 200: TokensDto, ...limitedResponses },
      },
    },
    async (req, reply) => {
      const issued = await auth.verify(req.body.Sessao, req.body.CodigoAutenticacao, req.ip, req.cookies[DEVICE_COOKIE], req.body.altcha);
      if (!auth.trustedDevice(req.cookies[DEVICE_COOKIE], issued.customerId)) {
        reply.setCookie(DEVICE_COOKIE, auth.deviceCookieFor(issued.customerId), {
          httpOnly: true,
          sameSite: 'strict',
          secure: config.secure,
          path: cookiePath,
          maxAge: DEVICE_COOKIE_SECONDS,
        });
      }
      return sendTokens(reply, issued);
    },
  );

  app.post(
    '/auth/refresh',
    {
      preHandler: sameOrigin,
      schema: {
        tags: ['auth'],
        operationId: 'authRefresh',
        description:
          'Authenticated by the HttpOnly refresh cookie (guarita_rt, path /api/auth), not by a bearer token. Sets a new page cookie (guarita_pg) as well.',
        security: noAuth,
        summary: 'Rotate the refresh cookie; new IdToken and AccessToken',
        response: { 200: TokensDto, ...errorResponses },
      },
    },
    async (req, reply) => {
      try {
        return sendTokens(reply, await auth.refresh(req.cookies[REFRESH_COOKIE]));
      } catch (err) {
        clearSessionCookies(reply);
        throw err;
      }
    },
  );

  app.post(
    '/auth/logout',
    {
      preHandler: sameOrigin,
      schema: {
        tags: ['auth'],
        operationId: 'authLogout',
        summary: 'Revoke this login on the server and clear the cookie',
        description: 'The refresh cookie and/or the bearer AccessToken name the login to revoke; with neither it does nothing.',
        security: [{ bearerAuth: [] }, {}],
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (req, reply) => {
      const header = req.headers.authorization;
      const access = header?.startsWith('Bearer ') ? await tokens.verifyAccess(header.slice(7)) : null;
      await auth.logout(req.cookies[REFRESH_COOKIE], access);
      clearSessionCookies(reply);
      return reply.code(204).send(null);
    },
  );
};
export default routes;
