import type { FastifyPluginAsync } from 'fastify';
import { PlanRepository } from './repository';
import { PlanService } from './service';
import routes from './routes';

/** Meu plano (issue 10). */
const plan: FastifyPluginAsync = async (app) => {
  const { db, config, contracts } = app.services;
  await app.register(routes, { service: new PlanService(new PlanRepository(db), contracts, config) });
};
export default plan;
