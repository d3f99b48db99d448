import fp from 'fastify-plugin';
import { ContractRepository } from './repository';
import { ContractService } from './service';
import routes from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    contracts: ContractService;
  }
}

/** The customer's contracts, items and bills: /api/contracts*. */
export default fp(
  async (app) => {
    app.decorate('contracts', new ContractService(new ContractRepository(app.db)));
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'contracts', dependencies: ['ports', 'authenticate'] },
);
