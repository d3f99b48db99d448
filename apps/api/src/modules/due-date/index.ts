import fp from 'fastify-plugin';
import { DueDateService } from './service';
import routes from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    dueDate: DueDateService;
  }
}

/** Due-date change (issue 12 §3): /api/due-date/*. No tables of its own: contracts for the fee, cases for the request. */
export default fp(
  async (app) => {
    app.decorate('dueDate', new DueDateService(app.contracts, app.cases, app.clock));
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'due-date', dependencies: ['ports', 'authenticate', 'contracts', 'cases'] },
);
