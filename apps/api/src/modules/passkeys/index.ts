import fp from 'fastify-plugin';
import { PasskeysRepository } from './repository';
import { PasskeysService } from './service';
import routes from './routes';
import staffRoutes from './routes-staff';

// The module's public face (ADR 068).
export type { PasskeysService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    passkeys: PasskeysService;
  }
}

/**
 * Passkeys (issue 31 §1, ADR 089): customers log in with a passkey instead of a code, list and remove them in Cadastro;
 * staff use one in place of the authenticator code. Owns passkeys and passkey_challenges; sessions are the auth
 * module's (customers) and the staff module's.
 */
export default fp(
  async (app) => {
    const service = new PasskeysService(app.db, new PasskeysRepository(app.db), app.notificationOutbox, app.limiter, app.config);
    app.decorate('passkeys', service);
    await app.register(routes, { prefix: '/api', service });
    await app.register(staffRoutes, { prefix: '/api', service });
  },
  { name: 'passkeys', dependencies: ['ports', 'authenticate', 'auth', 'customers', 'staff'] },
);
