import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/errors';

declare module 'fastify' {
  interface FastifyRequest {
    auth: { customerId: number; familyId: string };
  }
  interface FastifyInstance {
    authenticate: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** `onRequest: app.authenticate` on a route: a valid AccessToken whose login was not revoked (logout, reuse). */
export default fp(
  async (app) => {
    app.decorateRequest('auth', undefined as unknown as FastifyRequest['auth']);
    app.decorate('authenticate', async (req: FastifyRequest) => {
      const header = req.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
      const claims = token ? await app.services.tokens.verifyAccess(token) : null;
      if (!claims) throw unauthorized();
      if (!(await app.services.authRepo.familyIsLive(claims.familyId, claims.customerId))) throw unauthorized();
      req.auth = claims;
    });
  },
  { name: 'authenticate', dependencies: ['services'] },
);
