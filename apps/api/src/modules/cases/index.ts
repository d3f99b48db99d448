import fp from 'fastify-plugin';
import { IdempotencyStore } from '../../lib/idempotency';
import { CasesService } from './service';
import routes from './routes';

// The module's public face (ADR 068): other modules import these from '../cases', never its files.
export type { Actor, AttachmentRecord, CaseRecord, CaseRequest, CaseSystem, NewAttachment, NewCase, OpenCase } from './case-system';
export { BuiltInCaseSystem, type CaseEventListener } from './built-in-case-system';
export { orderKeyOf, StaffQueue, type QueueFilter, type QueueRow, type QueueScope } from './staff-queue';
export { DuplicateCaseError, type CaseRequestHook, type CasesService } from './service';
export { CaseErrorEnvelope } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    cases: CasesService;
  }
}

/**
 * Support cases (issue 9): /api/cases/*. The case system, the file storage and the analytics are ports of the
 * composition root (built-in: our database, local disk under DATA_DIR/uploads, a table); later issues (plan,
 * due date, vehicle, spare car, claims, staff console) reuse `app.cases` and `app.caseSystem`.
 */
export default fp(
  async (app) => {
    const service = new CasesService(
      app.db,
      app.caseSystem,
      app.fileStorage,
      app.analytics,
      app.contracts,
      new IdempotencyStore(app.db, app.config.keys.key('idempotency')),
      { quotaBytes: app.config.env.UPLOAD_QUOTA_MB * 1024 * 1024 },
    );
    app.decorate('cases', service);
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'cases', dependencies: ['ports', 'authenticate', 'contracts'] },
);
