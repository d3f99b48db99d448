import fp from 'fastify-plugin';
import routes from './routes';

/** Brand and contact facts for the public shell: GET /api/config. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'public-config', dependencies: ['ports'] },
);
