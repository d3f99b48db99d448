import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StaffRole } from '@guarita/domain';
import { AuditLog } from './audit';
import { DEMO_STAFF } from './demo';
import { StaffRepository } from './repository';
import routes from './routes';
import { StaffService } from './service';
import { auditLaterRefusal, staffGuard } from './session';
import { StaffTokens } from './tokens';

// The module's public face (ADR 068): other modules import these from '../staff', never its files.
export type { AuditLog } from './audit';
export type { StaffPrincipal, StaffRef } from './repository';
export type { PasskeyFactor, StaffService } from './service';
export { clearStaffCookie, setStaffCookie } from './session';
export { STAFF_COOKIE_PATH } from './cookies';

declare module 'fastify' {
  interface FastifyInstance {
    staff: StaffService;
    /** The append-only audit log: every staff action writes one row, in the action's transaction. */
    staffAudit: AuditLog;
    /** `onRequest: app.requireStaff('sinistros', …)`: a live staff session with one of these roles (else 401/403). */
    requireStaff: (...roles: StaffRole[]) => (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** Staff accounts and sessions (issue 13 §1, ADR 055): the console's own users, never customers. */
export default fp(
  async (app) => {
    const s = app.config.staff;
    const audit = new AuditLog(app.db);
    const service = new StaffService(
      app.db,
      new StaffRepository(app.db),
      new StaffTokens(app.config.keys, s.tokenSeconds),
      audit,
      app.limiter,
      () => app.clock.now().getTime(),
      app.config.keys,
      s,
      { notifier: app.notifier, brand: app.config.brand.name, warn: (err) => app.log.warn({ err }, 'staff lock notice not sent') },
    );
    app.decorate('staff', service);
    app.decorate('staffAudit', audit);
    app.decorate('requireStaff', staffGuard(service));
    app.addHook('onError', auditLaterRefusal);
    app.decorateRequest('staff', undefined as unknown as FastifyRequest['staff']);
    // Demo mode: one account per role (README). The database is migrated before the app is built.
    if (app.config.demoMode) for (const a of DEMO_STAFF) await service.seedDemo(a);
    await app.register(routes, { prefix: '/api' });
  },
  { name: 'staff', dependencies: ['ports', 'customers'] },
);
