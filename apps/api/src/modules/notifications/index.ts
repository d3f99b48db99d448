import fp from 'fastify-plugin';
import { NotificationsRepository } from './repository';
import { NotificationsService } from './service';
import { NotificationWorker } from './worker';
import { followServedOrigin, notificationsSettings } from './settings';
import routes from './routes';

// The module's public face (ADR 068): other modules import these from '../notifications', never its files.
export type { NotificationOutbox } from './outbox';
export type { NotificationsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationsService;
    notificationWorker: NotificationWorker;
  }
}

/**
 * Customer notifications (issue 13 §3, ADR 056): /api/notifications/* and the delivery worker. Notifications are
 * written by the other modules through `app.notificationOutbox` (composition root) in their own transactions.
 */
export default fp(
  async (app) => {
    const repo = new NotificationsRepository();
    const settings = notificationsSettings(app.config);
    followServedOrigin(app, settings);
    const service = new NotificationsService(app.db, repo);
    const worker = new NotificationWorker(
      app.db,
      repo,
      app.notificationOutbox,
      app.notifier,
      app.customers,
      app.contracts,
      app.payments.pix,
      app.trips,
      settings,
      (err) => app.log.warn({ err }, 'notification worker tick failed'),
      app.periodicJobs,
    );
    app.decorate('notifications', service);
    app.decorate('notificationWorker', worker);
    await app.register(routes, { prefix: '/api', service });
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  },
  { name: 'notifications', dependencies: ['ports', 'authenticate', 'customers', 'contracts', 'payments', 'trips'] },
);
