import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAYMENT_MSG } from '@guarita/domain';
import { api, toApiError, type ApiBody, type ApiData } from '../../../lib/api';
import { contractKeys } from '../../../api/keys';
import { paymentKeys } from './keys';

type ChangeCardPath = '/api/payments/contracts/{nCtrId}/card';
export type CardData = ApiBody<ChangeCardPath, 'put'>['dadosDoCartao'];
export type ChangeCardResult = ApiData<ChangeCardPath, 'put'>;

/** A card change that did not go through, with the text for 'Erro ao atualizar cartão' (spec 000 §8). */
export class ChangeCardError extends Error {}

/**
 * PUT /api/payments/contracts/{nCtrId}/card (TrocarCartao). Resolves with the new card on file or throws a
 * ChangeCardError whose message is the server's mensagem, else the spec's fallbacks:
 * sucesso false → 'Erro ao trocar o cartão de crédito.'; an empty or FALSE answer → 'Oops! Erro trocar o
 * cartão de crédito.'; anything thrown on the way → 'Ops, ocorreu um erro ao trocar o cartão de crédito.'.
 */
export async function changeCard(nCtrId: number, dadosDoCartao: CardData): Promise<ChangeCardResult> {
  let answer: unknown;
  try {
    const { data, error, response } = await api.PUT('/api/payments/contracts/{nCtrId}/card', {
      params: { path: { nCtrId } },
      body: { dadosDoCartao },
    });
    // 401 here means the refresh failed too; its text is the spec's fallback, like any other throw.
    if (!response.ok)
      throw new ChangeCardError(response.status !== 401 ? toApiError(response, error).message : PAYMENT_MSG.cardChangeException);
    answer = data;
  } catch (err) {
    if (err instanceof ChangeCardError) throw err;
    if (err instanceof SyntaxError) throw new ChangeCardError(PAYMENT_MSG.cardChangeEmpty);
    // ApiError 0 = no answer (network): the client's text is about the connection; say what failed instead.
    throw new ChangeCardError(PAYMENT_MSG.cardChangeException);
  }
  if (!answer || answer === false || answer === 'FALSE' || typeof answer !== 'object')
    throw new ChangeCardError(PAYMENT_MSG.cardChangeEmpty);
  const a = answer as Partial<ChangeCardResult> & { sucesso?: unknown; mensagem?: unknown };
  if (a.sucesso !== true)
    throw new ChangeCardError(typeof a.mensagem === 'string' && a.mensagem ? a.mensagem : PAYMENT_MSG.cardChangeFailed);
  if (!a.conteudo) throw new ChangeCardError(PAYMENT_MSG.cardChangeEmpty);
  return a as ChangeCardResult;
}

/** On success the client data is refreshed: the contracts (card on file) and the payments summary. */
export function useChangeCard(nCtrId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (dadosDoCartao: CardData) => changeCard(nCtrId, dadosDoCartao),
    // The variables hold the card data: drop them from the mutation cache as soon as nothing observes them.
    gcTime: 0,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: contractKeys.all });
      void qc.invalidateQueries({ queryKey: paymentKeys.contract(nCtrId) });
    },
  });
}
