import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAYMENT_MSG, type ContractId } from '@guarita/domain';
import { api, toApiError, type ApiBody, type ApiData } from '../../../lib/api';
import { contractKeys } from '../../../api/keys';
import { paymentKeys } from './keys';

type ChangeCardPath = '/api/payments/contracts/{nCtrId}/card';
/** The card as it leaves the browser: encrypted by the provider's client-side code (never the number or CVV). */
export type EncryptedCardData = ApiBody<ChangeCardPath, 'put'>['dadosDoCartao'];
export type ChangeCardResult = ApiData<ChangeCardPath, 'put'>;
/** 202: the provider asks for 3-D Secure before it keeps the card; then `completeChangeCardAction`. */
export interface ChangeCardAction {
  acaoNecessaria: true;
  gatewayId: string;
  acao: { provider: 'sandbox' | 'adyen'; data: Record<string, unknown> };
}

/** A card change that did not go through, with the text for 'Erro ao atualizar cartão' (spec 000 §8). */
export class ChangeCardError extends Error {}

/**
 * PUT /api/payments/contracts/{nCtrId}/card (TrocarCartao). Resolves with the new card on file or throws a
 * ChangeCardError whose message is the server's mensagem, else the spec's fallbacks:
 * sucesso false → 'Erro ao trocar o cartão de crédito.'; an empty or FALSE answer → 'Oops! Erro trocar o
 * cartão de crédito.'; anything thrown on the way → 'Ops, ocorreu um erro ao trocar o cartão de crédito.'.
 */
export function changeCard(nCtrId: ContractId, dadosDoCartao: EncryptedCardData): Promise<ChangeCardResult | ChangeCardAction> {
  return answered(() => api.PUT('/api/payments/contracts/{nCtrId}/card', { params: { path: { nCtrId } }, body: { dadosDoCartao } }));
}

/** POST /api/payments/contracts/{nCtrId}/card-action for a card change: the 3-D Secure details; the same outcomes. */
export function completeChangeCardAction(
  nCtrId: ContractId,
  gatewayId: string,
  detalhes: Record<string, unknown>,
): Promise<ChangeCardResult | ChangeCardAction> {
  return answered(() =>
    api.POST('/api/payments/contracts/{nCtrId}/card-action', { params: { path: { nCtrId } }, body: { gatewayId, detalhes } }),
  );
}

async function answered(
  send: () => Promise<{ data?: unknown; error?: unknown; response: Response }>,
): Promise<ChangeCardResult | ChangeCardAction> {
  let answer: unknown;
  try {
    const { data, error, response } = await send();
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
  const action = answer as Partial<ChangeCardAction>;
  if (action.acaoNecessaria === true && typeof action.gatewayId === 'string' && action.acao) return action as ChangeCardAction;
  const a = answer as Partial<ChangeCardResult> & { sucesso?: unknown; mensagem?: unknown };
  if (a.sucesso !== true)
    throw new ChangeCardError(typeof a.mensagem === 'string' && a.mensagem ? a.mensagem : PAYMENT_MSG.cardChangeFailed);
  if (!a.conteudo) throw new ChangeCardError(PAYMENT_MSG.cardChangeEmpty);
  return a as ChangeCardResult;
}

/** On success the client data is refreshed: the contracts (card on file) and the payments summary. */
export function useChangeCard(nCtrId: ContractId) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { card: EncryptedCardData } | { gatewayId: string; detalhes: Record<string, unknown> }) =>
      'card' in v ? changeCard(nCtrId, v.card) : completeChangeCardAction(nCtrId, v.gatewayId, v.detalhes),
    // The variables hold the card data: drop them from the mutation cache as soon as nothing observes them.
    gcTime: 0,
    onSuccess: (res) => {
      if ('acaoNecessaria' in res) return;
      void qc.invalidateQueries({ queryKey: contractKeys.all });
      void qc.invalidateQueries({ queryKey: paymentKeys.contract(nCtrId) });
    },
  });
}
