import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TokensDto } from '@guarita/domain';
import { sameOriginOnly } from '../../plugins/security';
import { errorResponses } from '../../lib/errors';
import { noAuth } from '../../plugins/openapi';
import { AUTH_COOKIE_PATH, PAGE_COOKIE, PAGE_COOKIE_PATH, REFRESH_COOKIE, sendSessionTokens } from '../auth';
import { BootBody, FirstScreenDto, firstScreenReader } from './first-screen';

export const BootDto = FirstScreenDto.extend({ tokens: TokensDto });

const routes: FastifyPluginAsyncZod = async (app) => {
  const { authService: auth, config, tokens } = app;
  const sameOrigin = sameOriginOnly(config.env.PUBLIC_URL);
  const firstScreen = firstScreenReader(app);

  app.post(
    '/auth/boot',
    {
      preHandler: sameOrigin,
      schema: {
        tags: ['auth'],
        operationId: 'authBoot',
        description:
          'Authenticated by the HttpOnly refresh cookie, which it rotates exactly as /auth/refresh does (same errors). ' +
          'Besides the tokens it answers the contracts, the customer and the unread count; for the chosen contract, with ' +
          '`start` its detail, bills and advance forecast, `summary` its payments summary, `plan` its plan, `cases` its ' +
          'support requests, `trips` its first page of trips, position and the map config, `claimEntry` its claim entry and ' +
          "its open claim's view; `notifications` the first page of notifications and the e-mail choices, `claims` the " +
          'claims, `claim` one claim of the customer. Every part is what the matching GET route answers; a part that ' +
          'could not be read is left out.',
        security: noAuth,
        summary: "Refresh plus a logged-in page's first data, in one round trip",
        body: BootBody.nullish(),
        response: { 200: BootDto, ...errorResponses },
      },
    },
    async (req, reply) => {
      let issued;
      try {
        issued = await auth.refresh(req.cookies[REFRESH_COOKIE]);
      } catch (err) {
        reply.clearCookie(REFRESH_COOKIE, { path: AUTH_COOKIE_PATH });
        reply.clearCookie(PAGE_COOKIE, { path: PAGE_COOKIE_PATH });
        throw err;
      }
      reply.header('cache-control', 'no-store');
      const answer: z.infer<typeof BootDto> = { tokens: sendSessionTokens(reply, config, issued) };
      const who = await tokens.verifyAccess(issued.AccessToken);
      if (!who) return answer;
      return { ...answer, ...(await firstScreen(who.customerId, req.body ?? {})) };
    },
  );
};
export default routes;
