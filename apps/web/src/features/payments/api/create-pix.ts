import { useQueryClient } from '@tanstack/react-query';
import { api, unwrap, useIdempotentMutation, type ApiBody } from '../../../lib/api';
import { paymentKeys } from './keys';

export type PixRequestBody = ApiBody<'/api/payments/contracts/{nCtrId}/pix', 'post'>;

/**
 * POST /api/payments/contracts/{nCtrId}/pix: one Pix (BR Code) for the contract's overdue bills.
 * `idempotencyKey` identifies the attempt: sending it again (a retry, a double click) answers the same charge.
 * 409 PIX_NEGOTIATION_OPEN when a bill is already in an open negotiation.
 */
export const createPix = (nCtrId: number, body: PixRequestBody, idempotencyKey: string) =>
  unwrap(
    api.POST('/api/payments/contracts/{nCtrId}/pix', {
      params: { path: { nCtrId }, header: { 'idempotency-key': idempotencyKey } },
      body,
    }),
  );

/** The new charge is listed by the payments summary: marked stale without refetching the screen showing it. */
export function useCreatePix(nCtrId: number) {
  const qc = useQueryClient();
  return useIdempotentMutation({
    mutationFn: (body: PixRequestBody, key: string) => createPix(nCtrId, body, key),
    onSuccess: () => void qc.invalidateQueries({ queryKey: paymentKeys.contract(nCtrId), refetchType: 'none' }),
  });
}
