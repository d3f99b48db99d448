import fp from 'fastify-plugin';
import { IdempotencyStore } from '../../lib/idempotency';
import { ClaimsService } from './service';
import { ensureDemoPhotoFiles } from './seed';
import routes from './routes';

// The module's public face (ADR 068): other modules import these from '../claims', never its files.
export type { ClaimsService } from './service';
export { ensureDemoPhotoFiles } from './seed';

declare module 'fastify' {
  interface FastifyInstance {
    claims: ClaimsService;
  }
}

/**
 * Claims (issue 11): /api/claims/*. A claim is a case of the case system (`app.caseSystem`) plus its own
 * rows (payload, evidence per type); files go to `app.fileStorage`.
 */
export default fp(
  async (app) => {
    app.decorate(
      'claims',
      new ClaimsService(
        app.db,
        app.caseSystem,
        app.fileStorage,
        app.analytics,
        app.contracts,
        new IdempotencyStore(app.db, app.config.keys.key('idempotency')),
        app.clock,
        { quotaBytes: app.config.env.UPLOAD_QUOTA_MB * 1024 * 1024 },
        app.notificationOutbox,
      ),
    );
    await app.register(routes, { prefix: '/api' });
    // Demo: the seeded claims' photos get a placeholder file when the server starts listening (after the seed).
    if (app.config.demoMode) {
      app.addHook('onListen', async () => {
        await ensureDemoPhotoFiles(app.db, app.fileStorage).catch((err: unknown) =>
          app.log.warn({ err }, 'claims: demo photo files not written'),
        );
      });
    }
  },
  { name: 'claims', dependencies: ['ports', 'authenticate', 'contracts', 'customers', 'cases'] },
);
