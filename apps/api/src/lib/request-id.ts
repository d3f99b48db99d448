import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header a request id comes in (from a proxy or a client) and goes back out in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What a request id from outside may look like: a UUID, a proxy's hex or base64url id, a W3C trace id. Anything else
 * (too long, spaces, quotes, control characters that would forge a log line) is replaced by one of ours.
 */
const ACCEPTED = /^[A-Za-z0-9][A-Za-z0-9._:+=/-]{0,127}$/;

/** Fastify's genReqId: the caller's X-Request-Id when it is well-formed, else a fresh UUID. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTED.test(given) ? given : randomUUID();
}
