import type { Middleware } from 'openapi-fetch';
import { STAFF_BACKGROUND_HEADER } from '@guarita/domain';

/**
 * The staff session as the console's requests see it (issue 30 item 4): every answer of a console route but a 401
 * touched the session's idle clock on the server (the staff guard does, before the role check), so the time of the
 * last one is when the idle timeout started counting; a 401 after that means the session ended (idle, logged out
 * elsewhere). Logging out, or never having had a session on this page, makes a 401 no news.
 */
let lastActivity = 0;
let endedAt = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

const LOGOUT = new Set(['/api/backoffice/auth/logout', '/api/backoffice/auth/logout-all']);

export const staffActivityMiddleware: Middleware = {
  onResponse({ schemaPath, request, response }) {
    if (!schemaPath.startsWith('/api/backoffice/')) return;
    // Polling (the live queue, presence) leaves the server's idle clock alone, so it leaves this one alone too.
    const background = request.headers.has(STAFF_BACKGROUND_HEADER);
    if (LOGOUT.has(schemaPath) && response.ok) {
      lastActivity = 0;
    } else if (response.status === 401) {
      // A wrong password at the login is not a session that ended.
      if (schemaPath === '/api/backoffice/auth/login' || lastActivity === 0) return;
      lastActivity = 0;
      endedAt = Date.now();
    } else if (!background) {
      lastActivity = Date.now();
    }
    emit();
  },
};

export const staffActivity = {
  /** When the last console request that touched the session was answered (0: none since the login or the end). */
  lastActivity: () => lastActivity,
  /** When a console request last found the session ended (0: never on this page). */
  endedAt: () => endedAt,
  subscribe(l: () => void): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};
