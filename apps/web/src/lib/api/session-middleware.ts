import type { Middleware } from 'openapi-fetch';
import { MSG } from '@guarita/domain';
import { clearSession, ensureFresh, getTokens, isOfflineView, refresh } from '../session';
import { ApiError, type ApiPath } from './client';

/** Operations that need no login (spec 000 §3–§4, contact form): no token is sent and a 401 is not refreshed. */
const PUBLIC = new Set<ApiPath>([
  '/api/config',
  '/api/auth/login',
  '/api/auth/code',
  '/api/auth/verify',
  '/api/auth/refresh',
  '/api/auth/logout',
  '/api/auth/passkey/opcoes', // passkey login (issue 31)
  '/api/auth/passkey',
  '/api/contact',
  '/api/contact/challenge',
  '/api/sso/exchange',
  '/api/payments/card/client-config', // the card provider's public key or client key (issue 27)
]);

/**
 * A 401 on a card payment is not refreshed and retried: the token was made fresh just before the call, so a 401
 * means the login was revoked, and the spec wants the customer told 'Sessão expirada' and sent to '/' (000 §4, §8).
 */
const NO_RETRY = new Set<ApiPath>(['/api/payments/contracts/{nCtrId}/card-payment']);

const bearer = () => `Bearer ${getTokens()?.AccessToken ?? ''}`;
const retries = new Map<string, Request>();

/**
 * Authenticated calls refresh the token first when < 300 s are left (one refresh at a time, see session.ts);
 * a 401 triggers one refresh and one retry; a failed refresh logs out (the router then sends the customer to '/').
 */
export const sessionMiddleware: Middleware = {
  async onRequest({ request, schemaPath, id }) {
    // The staff console authenticates with its own HttpOnly cookie (ADR 055), never the customer's token.
    if (PUBLIC.has(schemaPath as ApiPath) || schemaPath.startsWith('/api/backoffice/')) return;
    if (!(await ensureFresh())) {
      // Showing the last data kept on the device without a connection (ADR 091): no answer, not a logout.
      if (isOfflineView()) throw new ApiError(0, 'NETWORK', MSG.connection);
      clearSession();
      return Response.json({ erro: 'UNAUTHORIZED', mensagem: MSG.sessionExpired }, { status: 401 });
    }
    request.headers.set('authorization', bearer());
    if (NO_RETRY.has(schemaPath as ApiPath)) return request;
    // The retry copy holds the body read once, not a clone: a cloned request's body goes out as a stream, which the
    // browser's tools (and the e2e checks on what a card form sends) cannot see.
    const body = request.body ? await request.arrayBuffer() : null;
    retries.set(id, new Request(request, { body }));
    return new Request(request, { body });
  },
  async onResponse({ response, id, options }) {
    const retry = retries.get(id);
    retries.delete(id);
    if (!retry || response.status !== 401) return;
    if (!(await refresh())) {
      clearSession();
      return;
    }
    retry.headers.set('authorization', bearer());
    try {
      return await options.fetch(retry);
    } catch {
      throw new ApiError(0, 'NETWORK', MSG.connection);
    }
  },
  onError({ id }) {
    retries.delete(id);
  },
};
