import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { LoginStartDto, TokensDto, channelSchema, codeSchema, documentSchema } from '@guarita/domain';
import { errorResponses } from '../../lib/errors';
import type { IssuedTokens } from './service';
import { noAuth } from '../../plugins/openapi';

export const REFRESH_COOKIE = 'guarita_rt';

const routes: FastifyPluginAsyncZod = async (app) => {
  const { authService: auth, config, tokens } = app;
  const cookiePath = '/api/auth';

  const sendTokens = (reply: FastifyReply, t: IssuedTokens) => {
    // The refresh token never reaches JavaScript: HttpOnly, SameSite=Strict, only sent to /api/auth.
    reply.setCookie(REFRESH_COOKIE, t.refreshToken, {
      httpOnly: true,
      sameSite: 'strict',
      secure: config.env.PUBLIC_URL.startsWith('https://'),
      path: cookiePath,
      maxAge: config.tokens.refreshAbsoluteSeconds,
    });
    return { IdToken: t.IdToken, AccessToken: t.AccessToken, expiresIn: t.expiresIn };
  };

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
        body: z.object({ Sessao: z.string().min(1).max(100), canal: channelSchema }),
        response: { 202: z.object({ canal: channelSchema, destino: z.string() }), ...errorResponses },
      },
    },
    async (req, reply) => reply.code(202).send(await auth.sendCode(req.body.Sessao, req.body.canal, req.ip)),
  );

  app.post(
    '/auth/verify',
    {
      schema: {
        tags: ['auth'],
        operationId: 'authVerify',
        security: noAuth,
        summary: 'Step 3: check the code; answers the tokens and sets the refresh cookie',
        body: z.object({ Sessao: z.string().min(1).max(100), CodigoAutenticacao: codeSchema }),
        response: { 200: TokensDto, ...errorResponses },
      },
    },
    async (req, reply) => sendTokens(reply, await auth.verify(req.body.Sessao, req.body.CodigoAutenticacao, req.ip)),
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        tags: ['auth'],
        operationId: 'authRefresh',
        description: 'Authenticated by the HttpOnly refresh cookie (guarita_rt, path /api/auth), not by a bearer token.',
        security: noAuth,
        summary: 'Rotate the refresh cookie; new IdToken and AccessToken',
        response: { 200: TokensDto, ...errorResponses },
      },
    },
    async (req, reply) => {
      try {
        return sendTokens(reply, await auth.refresh(req.cookies[REFRESH_COOKIE]));
      } catch (err) {
        reply.clearCookie(REFRESH_COOKIE, { path: cookiePath });
        throw err;
      }
    },
  );

  app.post(
    '/auth/logout',
    {
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
      await auth.logout(req.cookies[REFRESH_COOKIE], access?.familyId);
      reply.clearCookie(REFRESH_COOKIE, { path: cookiePath });
      return reply.code(204).send(null);
    },
  );
};
export default routes;
