import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAYMENT_MSG, type CardDataInput, type ChangeCardResultDto } from '@guarita/domain';
import { api, ApiError, json } from '../../../lib/api-client';

/** A card change that did not go through, with the text for 'Erro ao atualizar cartão' (spec 000 §8). */
export class ChangeCardError extends Error {}

/**
 * PUT /api/payments/contracts/{nCtrId}/card (TrocarCartao). Resolves with the new card on file or throws a
 * ChangeCardError whose message is the server's mensagem, else the spec's fallbacks:
 * sucesso false → 'Erro ao trocar o cartão de crédito.'; an empty or FALSE answer → 'Oops! Erro trocar o
 * cartão de crédito.'; anything thrown on the way → 'Ops, ocorreu um erro ao trocar o cartão de crédito.'.
 */
export async function changeCard(nCtrId: number, dadosDoCartao: CardDataInput): Promise<ChangeCardResultDto> {
  let answer: unknown;
  try {
    answer = await api<unknown>(`/api/payments/contracts/${nCtrId}/card`, { method: 'PUT', body: json({ dadosDoCartao }) });
  } catch (err) {
    if (err instanceof SyntaxError) throw new ChangeCardError(PAYMENT_MSG.cardChangeEmpty);
    // 0 = no answer (network): the client's text is about the connection; say what failed instead.
    if (err instanceof ApiError && err.status > 0 && err.status !== 401 && err.message) throw new ChangeCardError(err.message);
    throw new ChangeCardError(PAYMENT_MSG.cardChangeException);
  }
  if (!answer || answer === false || answer === 'FALSE' || typeof answer !== 'object')
    throw new ChangeCardError(PAYMENT_MSG.cardChangeEmpty);
  const a = answer as Partial<ChangeCardResultDto> & { sucesso?: unknown; mensagem?: unknown };
  if (a.sucesso !== true)
    throw new ChangeCardError(typeof a.mensagem === 'string' && a.mensagem ? a.mensagem : PAYMENT_MSG.cardChangeFailed);
  if (!a.conteudo) throw new ChangeCardError(PAYMENT_MSG.cardChangeEmpty);
  return a as ChangeCardResultDto;
}

/** On success the client data is refreshed: the contracts (card on file) and the payments summary. */
export function useChangeCard(nCtrId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (dadosDoCartao: CardDataInput) => changeCard(nCtrId, dadosDoCartao),
    // The variables hold the card data: drop them from the mutation cache as soon as nothing observes them.
    gcTime: 0,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['contracts'] });
      void qc.invalidateQueries({ queryKey: ['payments', nCtrId] });
    },
  });
}
