import fp from 'fastify-plugin';
import routes from './routes';

/** Demo-mode helpers (the outbox). Outside demo mode nothing is registered. */
export default fp(
  async (app) => {
    if (app.config.demoMode) await app.register(routes, { prefix: '/api' });
  },
  { name: 'dev', dependencies: ['ports'] },
);
