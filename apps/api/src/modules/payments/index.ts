import fp from 'fastify-plugin';
import { IdempotencyStore } from '../../lib/idempotency';
import { PaymentsRepository } from './repository';
import { PaymentsService } from './service';
import { paymentsSettings } from './settings';
import routes from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsService;
  }
}

/** Payments (issue 3): card, Pix, card change, advance, the PSP webhook; /api/payments/* and demo /api/dev/*. */
export default fp(
  async (app) => {
    const settings = paymentsSettings(app.config);
    const service = new PaymentsService(
      app.db,
      new PaymentsRepository(),
      app.contracts,
      app.customers,
      app.cardGateway,
      app.pixPsp,
      new IdempotencyStore(app.db, settings.hashSecret),
      settings,
      app.limiter,
      app.clock,
      app.notifier,
      app.notificationOutbox,
    );
    app.decorate('payments', service);
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'payments', dependencies: ['ports', 'authenticate', 'customers', 'contracts'] },
);
