import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/errors';
import { FamilyLiveness } from './liveness';
import { AuthRepository } from './repository';
import { PAGE_COOKIE } from './cookies';
import { TokenService, type TokenSubject } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    auth: { customerId: number; familyId: string };
  }
  interface FastifyInstance {
    /** `onRequest: app.authenticate` on a route: a valid AccessToken whose login was not revoked (logout, reuse). */
    authenticate: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * Who is logged in, for serving a page's HTML (ADR 059): the page cookie's token, if valid and its login is still
     * live; null otherwise (no cookie, a bad or expired one, a logout). Never for API routes: they use `authenticate`.
     */
    pageSession: (req: Pick<FastifyRequest, 'cookies'>) => Promise<TokenSubject | null>;
    tokens: TokenService;
    /** Logins recently seen live (./liveness.ts): the auth module's repository shares it, so its revocations apply at once. */
    familyLiveness: FamilyLiveness;
  }
}

/**
 * The auth module's session check, registered as platform (app.ts) before the modules, because every
 * module's routes use it and the login routes (./index.ts) in turn need the customers module.
 */
export default fp(
  async (app) => {
    const tokens = new TokenService(app.config.keys, app.config.tokens.accessSeconds, app.config.tokens.refreshAbsoluteSeconds);
    const liveness = new FamilyLiveness();
    const repo = new AuthRepository(app.db, liveness);
    app.decorate('tokens', tokens);
    app.decorate('familyLiveness', liveness);
    app.decorateRequest('auth', undefined as unknown as FastifyRequest['auth']);
    app.decorate('authenticate', async (req: FastifyRequest) => {
      const header = req.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
      const claims = token ? await tokens.verifyAccess(token) : null;
      if (!claims) throw unauthorized();
      if (!(await repo.familyIsLive(claims.familyId, claims.customerId))) throw unauthorized();
      req.auth = claims;
    });
    app.decorate('pageSession', async (req: Pick<FastifyRequest, 'cookies'>) => {
      const token = req.cookies[PAGE_COOKIE];
      const claims = token ? await tokens.verifyPage(token) : null;
      return claims && (await repo.familyIsLive(claims.familyId, claims.customerId)) ? claims : null;
    });
  },
  { name: 'authenticate', dependencies: ['ports'] },
);
