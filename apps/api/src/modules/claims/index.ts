import fp from 'fastify-plugin';
import { IdempotencyStore } from '../../lib/idempotency';
import sharp from 'sharp';
import { ClaimsService } from './service';
import { ensureSeedFiles } from './seed';
import routes from './routes';

/** A one-page PDF for the seeded police reports. */
const DEMO_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

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
        const svg = Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><rect width="600" height="400" fill="#8a94a6"/>' +
            '<text x="300" y="210" font-size="36" text-anchor="middle" fill="#fff" font-family="sans-serif">Foto de demonstração</text></svg>',
        );
        await ensureSeedFiles(app.db, app.fileStorage, () => sharp(svg).jpeg({ quality: 70 }).toBuffer(), DEMO_PDF).catch((err: unknown) =>
          app.log.warn({ err }, 'claims: demo photo files not written'),
        );
      });
    }
  },
  { name: 'claims', dependencies: ['ports', 'authenticate', 'contracts', 'customers', 'cases'] },
);
