import { useMutation } from '@tanstack/react-query';
import type { AdvanceMethod, AdvanceResultDto } from '@guarita/domain';
import { api, json } from '../../../lib/api-client';

/**
 * POST /api/payments/contracts/{nCtrId}/advance (antecipar): PI Pix, CC card on file, LP payment link.
 * Errors: 409 ADVANCE_IN_PROGRESS, 422 ADVANCE_NO_INVOICES, 422 ADVANCE_UNAVAILABLE (detalhes.motivo,
 * detalhes.dataAgendada), 402 CARD_DECLINED, 422 NO_CARD_ON_FILE.
 */
export const requestAdvance = (nCtrId: number, metodoPagamento: AdvanceMethod, idempotencyKey: string) =>
  api<AdvanceResultDto>(`/api/payments/contracts/${nCtrId}/advance`, {
    method: 'POST',
    headers: { 'idempotency-key': idempotencyKey },
    body: json({ metodoPagamento }),
  });

export interface RequestAdvanceVars {
  metodoPagamento: AdvanceMethod;
  idempotencyKey: string;
}

export const useRequestAdvance = (nCtrId: number) =>
  useMutation({
    mutationFn: ({ metodoPagamento, idempotencyKey }: RequestAdvanceVars) => requestAdvance(nCtrId, metodoPagamento, idempotencyKey),
  });
