import fp from 'fastify-plugin';
import { VehiclesService } from './service';
import routes from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    vehicles: VehiclesService;
  }
}

/**
 * Vehicle change / plate correction and spare car (issue 12 §4–§5): /api/vehicles/* over the `vehicleData` port,
 * and the two request types' rules plugged into the cases module's create (quotation, blocking rules).
 */
export default fp(
  async (app) => {
    const service = new VehiclesService(app.vehicleData, app.contracts, app.caseSystem, app.clock);
    app.decorate('vehicles', service);
    app.cases.useHook('troca-veiculo', service.vehicleChangeHook());
    app.cases.useHook('carro-reserva', service.spareCarHook());
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'vehicles', dependencies: ['ports', 'authenticate', 'contracts', 'cases'] },
);
