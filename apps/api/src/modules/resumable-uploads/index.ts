import fp from 'fastify-plugin';
import { uploadRoutes } from './routes';
import { tusServer } from './tus';

// The module's public face (ADR 068): other modules import these from '../resumable-uploads', never its files.
export { takeAnexos, consumeAnexos } from './anexos';
export { DbUploadStore, UPLOAD_TTL_MS } from './store';

/**
 * Resumable uploads (issue 31 item 2, ADR 092): /api/uploads, the tus 1.0.0 endpoint the app's outbox sends claim
 * photos and support-request attachments through, chunk by chunk, with the partial uploads in the database.
 */
export default fp(
  async (app) => {
    const tus = tusServer({ db: app.db, limiter: app.limiter, claims: app.claims, contracts: app.contracts, log: app.log });
    await app.register(uploadRoutes(tus), { prefix: '/api' });
  },
  { name: 'resumable-uploads', dependencies: ['ports', 'authenticate', 'contracts', 'claims'] },
);
