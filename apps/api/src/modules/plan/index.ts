import fp from 'fastify-plugin';
import { PlanRepository } from './repository';
import { PlanService } from './service';
import routes from './routes';

// The module's public face (ADR 068): other modules import these from '../plan', never its files.
export type { PlanService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    plan: PlanService;
  }
}

/** Meu plano (issue 10): /api/plan/*. Owns executives and referrals. */
export default fp(
  async (app) => {
    const service = new PlanService(new PlanRepository(app.db), app.contracts, app.customers, app.config);
    app.decorate('plan', service);
    await app.register(routes, { prefix: '/api', service });
  },
  { name: 'plan', dependencies: ['ports', 'authenticate', 'customers', 'contracts'] },
);
