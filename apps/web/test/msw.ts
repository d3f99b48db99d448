/**
 * The network boundary of web component tests: MSW (msw/node) answers the one HTTP client's requests.
 * Fixtures go through the DTO schemas the API answers with (packages/domain), so a fixture that drifts from the
 * contract fails the test instead of passing silently. Paths are the generated contract's, never retyped.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import type { z } from 'zod';
import type { ApiPath } from '../src/lib/api';

export { http, HttpResponse };

export const server = setupServer();

/** The MSW pattern of a contract path: '/api/contracts/{nCtrId}' → '/api/contracts/:nCtrId'. */
export const route = (path: ApiPath): string => path.replace(/\{(\w+)\}/g, ':$1');

/** A JSON answer whose body is first validated by the DTO schema the API itself serialises with. */
export function dto<S extends z.ZodType>(schema: S, body: z.input<S>, init?: ResponseInit) {
  return HttpResponse.json(schema.parse(body) as JsonBodyType, init);
}

/** The API's error envelope (apps/api/src/lib/errors.ts). */
export function apiError(status: number, erro: string, mensagem: string, detalhes?: Record<string, unknown>) {
  return HttpResponse.json({ sucesso: false, status, erro, mensagem, ...(detalhes ? { detalhes } : {}) }, { status });
}

/** Every request the handlers saw, in order (method, path and the parsed request, for assertions on what was sent). */
export function recordRequests() {
  const seen: Request[] = [];
  const listener = ({ request }: { request: Request }) => void seen.push(request.clone());
  server.events.on('request:start', listener);
  return {
    seen,
    paths: () => seen.map((r) => `${r.method} ${new URL(r.url).pathname}`),
    stop: () => server.events.removeListener('request:start', listener),
  };
}
