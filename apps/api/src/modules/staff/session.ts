import type { FastifyReply, FastifyRequest } from 'fastify';
import { STAFF_MSG, type StaffRole } from '@guarita/domain';
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
    secure: config.env.PUBLIC_URL.startsWith('https://'),
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
      const staff = await service.session(req.cookies[STAFF_COOKIE]);
      if (!staff) {
        clearStaffCookie(reply);
        throw new AppError(401, 'UNAUTHORIZED', STAFF_MSG.sessionEnded);
      }
      if (!roles.includes(staff.role)) throw new AppError(403, 'FORBIDDEN', STAFF_MSG.forbidden);
      req.staff = staff;
    };
}

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffPrincipal;
  }
}
