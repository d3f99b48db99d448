import fp from 'fastify-plugin';
import routes from './routes';
import { BackofficeService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    backoffice: BackofficeService;
  }
}

/** The staff console's API (issue 13 §2): queue, case detail, phase moves, comments/notes, reviews, approvals. */
export default fp(
  async (app) => {
    app.decorate(
      'backoffice',
      new BackofficeService(app.db, app.caseSystem, app.claims, app.customers, app.contracts, app.fileStorage, app.staffAudit, app.clock),
    );
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'backoffice', dependencies: ['ports', 'staff', 'cases', 'claims', 'customers', 'contracts'] },
);
