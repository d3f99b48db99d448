import { useQueryClient } from '@tanstack/react-query';
import { api, unwrap, useIdempotentMutation, type ApiBody } from '../../../lib/api';
import { contractKeys } from '../../../api/keys';
import { paymentKeys } from './keys';

export type AdvanceMethod = ApiBody<'/api/payments/contracts/{nCtrId}/advance', 'post'>['metodoPagamento'];

/**
 * POST /api/payments/contracts/{nCtrId}/advance (antecipar): PI Pix, CC card on file, LP payment link.
 * Errors: 409 ADVANCE_IN_PROGRESS, 422 ADVANCE_NO_INVOICES, 422 ADVANCE_UNAVAILABLE (detalhes.motivo,
 * detalhes.dataAgendada), 402 CARD_DECLINED, 422 NO_CARD_ON_FILE.
 */
export const requestAdvance = (nCtrId: number, metodoPagamento: AdvanceMethod, idempotencyKey: string) =>
  unwrap(
    api.POST('/api/payments/contracts/{nCtrId}/advance', {
      params: { path: { nCtrId }, header: { 'idempotency-key': idempotencyKey } },
      body: { metodoPagamento },
    }),
  );

/**
 * Any answer changes the contract's payments (marked stale, not refetched under the result on screen);
 * a card advance also changes the contracts (their bills).
 */
export function useRequestAdvance(nCtrId: number) {
  const qc = useQueryClient();
  return useIdempotentMutation({
    mutationFn: (metodoPagamento: AdvanceMethod, key: string) => requestAdvance(nCtrId, metodoPagamento, key),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: paymentKeys.contract(nCtrId), refetchType: 'none' });
      const cardDone = !(r.metodoPagamento === 'PI' && r.conteudo.pix) && !(r.metodoPagamento === 'LP' && r.conteudo.link);
      if (cardDone) void qc.invalidateQueries({ queryKey: contractKeys.all, refetchType: 'none' });
    },
  });
}
