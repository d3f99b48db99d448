import { MSG } from '@guarita/domain';
import { clearSession, ensureFresh, getTokens, refresh } from './session';

/** Extra details some error envelopes carry (e.g. the advance sheet's `motivo` and `dataAgendada`). */
export type ApiErrorDetails = Record<string, string | number | null | undefined>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly detalhes?: ApiErrorDetails,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 90_000;

async function toApiError(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => null)) as { erro?: string; mensagem?: string; detalhes?: ApiErrorDetails } | null;
  return new ApiError(res.status, body?.erro ?? 'HTTP_' + res.status, body?.mensagem ?? MSG.unexpected, body?.detalhes ?? undefined);
}

async function send(path: string, init: RequestInit, auth: boolean): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.body !== undefined && !(init.body instanceof FormData)) headers.set('content-type', 'application/json');
  const token = getTokens()?.AccessToken;
  if (auth && token) headers.set('authorization', `Bearer ${token}`);
  try {
    return await fetch(path, { ...init, headers, credentials: 'same-origin', signal: init.signal ?? AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError' && init.signal?.aborted) throw err;
    throw new ApiError(0, 'NETWORK', MSG.connection);
  }
}

/**
 * Calls the BFF. Authenticated calls refresh the token first when it is close to expiry; a 401 triggers
 * one refresh and one retry; a failed refresh logs out (the router then sends the customer to '/').
 */
export async function api<T>(path: string, init: RequestInit & { auth?: boolean } = {}): Promise<T> {
  const { auth = true, ...rest } = init;
  if (auth && !(await ensureFresh())) {
    clearSession();
    throw new ApiError(401, 'UNAUTHORIZED', MSG.sessionExpired);
  }
  let res = await send(path, rest, auth);
  if (auth && res.status === 401) {
    if (!(await refresh())) {
      clearSession();
      throw await toApiError(res);
    }
    res = await send(path, rest, auth);
  }
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

export const json = (body: unknown): string => JSON.stringify(body);
