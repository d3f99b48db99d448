import type { FastifyPluginAsync } from 'fastify';
import { SsoService } from './service';
import routes from './routes';

/** Single sign-on (issue 10). */
const sso: FastifyPluginAsync = async (app) => {
  const { db, auth, contracts, limiter, config } = app.services;
  await app.register(routes, { service: new SsoService(db, auth, contracts, limiter, config) });
};
export default sso;
