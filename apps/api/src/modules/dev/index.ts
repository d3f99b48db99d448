import fp from 'fastify-plugin';
import routes from './routes';
import factoryRoutes from './factory-routes';

/**
 * Demo-mode helpers (the outbox). Outside demo mode nothing is registered; the e2e data factory only on the e2e
 * test server (TEST_FACTORIES, ADR 071).
 */
export default fp(
  async (app) => {
    if (app.config.demoMode) await app.register(routes, { prefix: '/api' });
    if (app.config.demoMode && app.config.env.TEST_FACTORIES) await app.register(factoryRoutes, { prefix: '/api' });
  },
  { name: 'dev', dependencies: ['ports'] },
);
