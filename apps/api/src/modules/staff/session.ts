import type { FastifyReply, FastifyRequest } from 'fastify';
import { STAFF_BACKGROUND_HEADER, STAFF_MSG, type StaffRole } from '@guarita/domain';
import type { AppConfig } from '../../config';
import { AppError } from '../../lib/errors';
import type { StaffPrincipal } from './repository';
import type { StaffService } from './service';

import { STAFF_COOKIE, STAFF_COOKIE_PATH } from './cookies';

export { STAFF_COOKIE };

export function setStaffCookie(reply: FastifyReply, config: AppConfig, token: string, maxAgeSeconds: number) {
  reply.setCookie(STAFF_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.secure,
    path: STAFF_COOKIE_PATH,
    maxAge: maxAgeSeconds,
  });
}

export const clearStaffCookie = (reply: FastifyReply) => reply.clearCookie(STAFF_COOKIE, { path: STAFF_COOKIE_PATH });

/**
 * `onRequest: app.requireStaff('sinistros')` on a console route: a live staff session whose role is one of
 * those given (401 without one, 403 for another role). Sets `req.staff`.
 */
export function staffGuard(service: StaffService) {
  return (...roles: StaffRole[]) =>
    async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
      // A polling request (STAFF_BACKGROUND_HEADER) is checked like any other but leaves the idle clock alone.
      const staff = await service.session(req.cookies[STAFF_COOKIE], { touch: req.headers[STAFF_BACKGROUND_HEADER] === undefined });
      if (!staff) {
        clearStaffCookie(reply);
        throw new AppError(401, 'UNAUTHORIZED', STAFF_MSG.sessionEnded);
      }
      if (!roles.includes(staff.role)) {
        await auditRefusal(req, staff, 403);
        throw new AppError(403, 'FORBIDDEN', STAFF_MSG.forbidden);
      }
      req.staff = staff;
    };
}

const CASE_NUMBER = /^\d{4}-\d{6}$/;

/**
 * A staff action refused with 403 is worth a row in the audit log (issue 23 item 10): a role probing routes that are
 * not its own, or a cross-site form riding a live session. The route is written as its pattern and the case number
 * only when it has the form of one, so nothing a client typed in the path reaches the log.
 */
async function auditRefusal(req: FastifyRequest, staff: StaffPrincipal, status: number): Promise<void> {
  const caseNumber = (req.params as { caseNumber?: unknown } | undefined)?.caseNumber;
  await req.server.staffAudit.recordNow(
    { id: staff.id, email: staff.email, role: staff.role, ip: req.ip },
    {
      action: 'acesso.negado',
      caseNumber: typeof caseNumber === 'string' && CASE_NUMBER.test(caseNumber) ? caseNumber : null,
      after: { metodo: req.method, rota: req.routeOptions.url ?? null, status },
    },
  );
}

/**
 * onError hook: a 403 after the role check passed (the same-origin check of a console POST, a service's own refusal)
 * is audited like the role check's own; `req.staff` is set only for a request that passed a staff guard.
 */
export async function auditLaterRefusal(req: FastifyRequest, _reply: FastifyReply, err: Error): Promise<void> {
  if (req.staff && err instanceof AppError && err.status === 403) await auditRefusal(req, req.staff, 403);
}

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffPrincipal;
  }
}
