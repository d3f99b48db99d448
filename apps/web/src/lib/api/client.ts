import createClient, { type Middleware } from 'openapi-fetch';
import { MSG } from '@guarita/domain';
import type { paths } from './schema';

/** Extra details some error envelopes carry (e.g. the advance sheet's `motivo` and `dataAgendada`). */
export type ApiErrorDetails = Record<string, string | number | null | undefined>;

/** A call that did not answer 2xx: status 0 means no answer at all (network, timeout). */
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

export const TIMEOUT_MS = 90_000;

/** Every path the API declares, typed from its OpenAPI document (`npm run api:types`). */
export type ApiPath = keyof paths;

/** The error envelope of a non-2xx answer (already parsed by openapi-fetch when it was JSON). */
export function toApiError(response: Response, body: unknown): ApiError {
  const b = (typeof body === 'object' && body !== null ? body : {}) as { erro?: unknown; mensagem?: unknown; detalhes?: unknown };
  return new ApiError(
    response.status,
    typeof b.erro === 'string' ? b.erro : 'HTTP_' + response.status,
    typeof b.mensagem === 'string' ? b.mensagem : MSG.unexpected,
    typeof b.detalhes === 'object' && b.detalhes !== null ? (b.detalhes as ApiErrorDetails) : undefined,
  );
}

/** Each request gives up after 90 s; a caller's own signal (a cancelled query) still aborts it. */
const timeout: Middleware = {
  onRequest({ request }) {
    const limit = AbortSignal.timeout(TIMEOUT_MS);
    return new Request(request, { signal: AbortSignal.any([request.signal, limit]) });
  },
  onError({ error, request }) {
    // A request the caller cancelled stays a cancellation; anything else is "no answer".
    if (error instanceof DOMException && error.name === 'AbortError' && request.signal.aborted && !isTimeout(request)) return;
    return new ApiError(0, 'NETWORK', MSG.connection);
  },
};

function isTimeout(request: Request): boolean {
  const reason: unknown = request.signal.reason;
  return reason instanceof DOMException && reason.name === 'TimeoutError';
}

/**
 * The web's one HTTP client (openapi-fetch over the generated `paths`). Same-origin with credentials, so the
 * refresh cookie travels on /api/auth/refresh and /api/auth/logout. `fetch` is looked up per call (test doubles
 * installed after import are honoured). Session handling is added in ./index.ts.
 */
export const api = createClient<paths>({
  baseUrl: typeof location === 'undefined' ? '' : location.origin,
  credentials: 'same-origin',
  fetch: (request) => globalThis.fetch(request),
});
api.use(timeout);

type Answer<D> = { data?: D; error?: unknown; response: Response };

/** The 2xx body of an openapi-fetch call, or an ApiError for anything else: the shape React Query wants. */
export async function unwrap<D>(call: Promise<Answer<D>>): Promise<D> {
  const { data, error, response } = await call;
  if (!response.ok) throw toApiError(response, error);
  return data as D;
}

type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;

/** The JSON body a 200/201 answer of `method path` carries, from the generated contract (never written by hand). */
export type ApiData<P extends ApiPath, M extends keyof paths[P]> = paths[P][M] extends { responses: infer R }
  ? R extends { 200: infer S }
    ? Json<S>
    : R extends { 201: infer S }
      ? Json<S>
      : never
  : never;

/** The JSON request body of `method path`. */
export type ApiBody<P extends ApiPath, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;
