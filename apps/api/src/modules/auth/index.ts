import fp from 'fastify-plugin';
import { AuthRepository } from './repository';
import { AuthService } from './service';
import routes from './routes';

// The module's public face (ADR 068): other modules import these from '../auth', never its files.
export { AUTH_COOKIE_PATH, PAGE_COOKIE, PAGE_COOKIE_PATH, REFRESH_COOKIE } from './cookies';
export { sendSessionTokens } from './routes';
export type { AuthService, IssuedTokens } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    authService: AuthService;
  }
}

/** Login protocol (spec 000 §2–§4): /api/auth/*. Sessions, codes, token families and refresh tokens are its tables. */
export default fp(
  async (app) => {
    app.decorate(
      'authService',
      new AuthService(
        new AuthRepository(app.db, app.familyLiveness),
        app.tokens,
        app.limiter,
        app.notifier,
        app.customers,
        app.config,
        app.contact.captcha,
      ),
    );
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'auth', dependencies: ['ports', 'authenticate', 'customers', 'contact'] },
);
