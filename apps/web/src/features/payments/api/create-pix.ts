import { useMutation } from '@tanstack/react-query';
import type { PixRequest, PixResultDto } from '@guarita/domain';
import { api, json } from '../../../lib/api-client';

/**
 * POST /api/payments/contracts/{nCtrId}/pix: one Pix (BR Code) for the contract's overdue bills.
 * `idempotencyKey` identifies the attempt: sending it again (a retry, a double click) answers the same charge.
 * 409 PIX_NEGOTIATION_OPEN when a bill is already in an open negotiation.
 */
export const createPix = (nCtrId: number, body: PixRequest, idempotencyKey: string) =>
  api<PixResultDto>(`/api/payments/contracts/${nCtrId}/pix`, {
    method: 'POST',
    headers: { 'idempotency-key': idempotencyKey },
    body: json(body),
  });

export interface CreatePixVars {
  body: PixRequest;
  idempotencyKey: string;
}

export const useCreatePix = (nCtrId: number) =>
  useMutation({ mutationFn: ({ body, idempotencyKey }: CreatePixVars) => createPix(nCtrId, body, idempotencyKey) });
