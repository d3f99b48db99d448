import fp from 'fastify-plugin';
import type { Executor } from '../../db/db';
import { ContractRepository } from './repository';
import { ContractService } from './service';
import routes from './routes';

// The module's public face (ADR 068): other modules import these from '../contracts', never its files.
export type { ContractService, ContractTerms, BillRow, IssuedBill } from './service';
export { NCtrIdParams } from './routes';

/** The contracts service on a connection or a transaction: the app's (below), and the seeds' inside their transaction. */
export const contractsOn = (q: Executor): ContractService => new ContractService(new ContractRepository(q));

declare module 'fastify' {
  interface FastifyInstance {
    contracts: ContractService;
  }
}

/** The customer's contracts, items and bills: /api/contracts*. */
export default fp(
  async (app) => {
    app.decorate('contracts', contractsOn(app.db));
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'contracts', dependencies: ['ports', 'authenticate'] },
);
