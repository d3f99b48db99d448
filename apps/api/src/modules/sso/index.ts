import fp from 'fastify-plugin';
import { SsoService } from './service';
import routes from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    sso: SsoService;
  }
}

/** Single sign-on (issue 10): /api/sso/*. Owns sso_tokens; customers come through the customers service, sessions from the auth module's own login. */
export default fp(
  async (app) => {
    const service = new SsoService(app.db, app.authService, app.customers, app.contracts, app.limiter, app.config, app.clock);
    app.decorate('sso', service);
    await app.register(routes, { prefix: '/api', service });
  },
  { name: 'sso', dependencies: ['ports', 'auth', 'customers', 'contracts'] },
);
