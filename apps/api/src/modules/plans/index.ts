import fp from 'fastify-plugin';
import { PlansRepository } from './repository';
import { PlansService } from './service';
import routes from './routes';

// The module's public face (ADR 068): other modules import these from '../plans', never its files.
export type { PlansService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    plans: PlansService;
  }
}

/** Quotations are good for 30 minutes: long enough to read and agree, short enough that prices stay current. */
const QUOTATION_TTL_MS = 30 * 60 * 1000;

/**
 * Plan catalogue, pricing and plan change (issue 12 §1–§2): /api/plans/*. Owns the catalogue, price table and
 * quotations (migration 009); the case goes through the cases service, the COBRE contact through the plan module.
 */
export default fp(
  async (app) => {
    const service = new PlansService(new PlansRepository(app.db), app.contracts, app.plan, app.cases, app.clock, {
      quotationTtlMs: QUOTATION_TTL_MS,
    });
    app.decorate('plans', service);
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'plans', dependencies: ['ports', 'authenticate', 'contracts', 'plan', 'cases'] },
);
