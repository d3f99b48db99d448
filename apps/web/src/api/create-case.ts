import type { CaseCreatedDto } from '@guarita/domain';
import { api, unwrap } from '../lib/api';

/**
 * POST /api/cases/contracts/{nCtrId} as JSON: the request, with its attachments already sent as resumable uploads
 * (`anexos`, their upload ids, ADR 092/093). The Idempotency-Key makes a retry (a lost answer, a resumed outbox)
 * answer the first case instead of opening a second. Throws ApiError with the server's pt-BR message.
 */
export function createCase(nCtrId: number, dados: Record<string, unknown>, idempotencyKey: string, anexos: string[] = []) {
  return unwrap(
    api.POST('/api/cases/contracts/{nCtrId}', {
      params: { path: { nCtrId }, header: { 'idempotency-key': idempotencyKey } },
      // `anexos` beside the request's own fields (the server takes them out before checking the request).
      body: (anexos.length > 0 ? { ...dados, anexos } : dados) as never,
    }),
  ) as Promise<CaseCreatedDto>;
}
