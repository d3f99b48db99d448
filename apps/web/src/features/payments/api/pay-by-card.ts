import { useQueryClient } from '@tanstack/react-query';
import { api, ApiError, useIdempotentMutation, type ApiBody, type ApiData } from '../../../lib/api';
import { invalidateAfterPayment } from './after-payment';
import type { ContractId } from '@guarita/domain';

type CardPaymentPath = '/api/payments/contracts/{nCtrId}/card-payment';
export type CardPaymentRequest = ApiBody<CardPaymentPath, 'post'>;
export type CardPaymentResult = ApiData<CardPaymentPath, 'post'>;

/**
 * How a card payment ended, in the terms of spec 000 §8 (each maps to one result modal):
 * - success: the answer decoded with sucesso true and status 200;
 * - failed: a decoded answer with sucesso false or a status other than 200 (declined 402, 409, 422, 502…);
 * - undecodable: an answer that is not the service's JSON;
 * - session-expired: 401 (the caller shows the message, clears storage and goes to '/');
 * - error: no answer at all (network, timeout) — the charge may or may not have happened, so a retry
 *   must reuse the same Idempotency-Key.
 */
export type CardPaymentOutcome =
  | { kind: 'success'; result: CardPaymentResult }
  | { kind: 'failed'; status: number; code: string | null; mensagem: string | null }
  | { kind: 'undecodable' }
  | { kind: 'session-expired' }
  | { kind: 'error' }
  /** 202: the provider asks for 3-D Secure; the browser runs `acao` and posts the details (`completeCardAction`). */
  | { kind: 'action'; gatewayId: string; acao: { provider: 'sandbox' | 'adyen'; data: Record<string, unknown> } };

export interface PayByCardVars {
  nCtrId: ContractId;
  body: CardPaymentRequest;
}

/**
 * POST /api/payments/contracts/{nCtrId}/card-payment through the one client (fresh token first, 90 s timeout).
 * Never throws: every outcome is a value. A 401 here is not retried (see the session middleware): the spec
 * wants the customer told and sent to '/' (000 §4, §8). The card data in `body` is only ever sent in this
 * request body: never logged, stored or put in a URL.
 */
export async function payByCard({ nCtrId, body }: PayByCardVars, idempotencyKey: string): Promise<CardPaymentOutcome> {
  try {
    return decode(
      await api.POST('/api/payments/contracts/{nCtrId}/card-payment', {
        params: { path: { nCtrId }, header: { 'idempotency-key': idempotencyKey } },
        body,
        parseAs: 'text',
      }),
    );
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return { kind: 'session-expired' };
    return { kind: 'error' };
  }
}

/**
 * POST /api/payments/contracts/{nCtrId}/card-action: the details the provider's 3-D Secure step yielded. Answers the
 * payment's outcome (the same kinds as `payByCard`); repeating it answers the same.
 */
export async function completeCardAction(
  nCtrId: ContractId,
  gatewayId: string,
  detalhes: Record<string, unknown>,
): Promise<CardPaymentOutcome> {
  try {
    return decode(
      await api.POST('/api/payments/contracts/{nCtrId}/card-action', {
        params: { path: { nCtrId } },
        body: { gatewayId, detalhes },
        parseAs: 'text',
      }),
    );
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return { kind: 'session-expired' };
    return { kind: 'error' };
  }
}

function decode(answer: { response: Response; data?: string | undefined; error?: unknown }): CardPaymentOutcome {
  const { response } = answer;
  if (response.status === 401) return { kind: 'session-expired' };

  let decoded: unknown;
  if (response.ok) {
    try {
      decoded = JSON.parse(answer.data ?? '');
    } catch {
      return { kind: 'undecodable' }; // a 2xx that is not JSON
    }
  } else {
    decoded = answer.error;
    // A gateway/proxy error page without the service's envelope is "no answer".
    if (typeof decoded !== 'object' || decoded === null) return { kind: 'error' };
  }
  if (typeof decoded !== 'object' || decoded === null) return { kind: 'undecodable' };
  const d = decoded as {
    sucesso?: unknown;
    status?: unknown;
    erro?: unknown;
    mensagem?: unknown;
    conteudo?: unknown;
    acaoNecessaria?: unknown;
  };
  if (response.status === 202 && d.acaoNecessaria === true) {
    const a = decoded as { gatewayId?: unknown; acao?: { provider?: unknown; data?: unknown } };
    if (
      typeof a.gatewayId === 'string' &&
      (a.acao?.provider === 'sandbox' || a.acao?.provider === 'adyen') &&
      typeof a.acao.data === 'object' &&
      a.acao.data
    )
      return { kind: 'action', gatewayId: a.gatewayId, acao: { provider: a.acao.provider, data: a.acao.data as Record<string, unknown> } };
    return { kind: 'undecodable' };
  }
  if (response.status === 200 && d.sucesso === true && d.status === 200 && typeof d.conteudo === 'object' && d.conteudo !== null) {
    return { kind: 'success', result: decoded as CardPaymentResult };
  }
  if (typeof d.sucesso !== 'boolean' && typeof d.status !== 'number' && response.ok) return { kind: 'undecodable' };
  return {
    kind: 'failed',
    status: typeof d.status === 'number' ? d.status : response.status,
    code: typeof d.erro === 'string' ? d.erro : null,
    mensagem: typeof d.mensagem === 'string' && d.mensagem ? d.mensagem : null,
  };
}

/** True when the attempt has a final answer (a new attempt needs a new key); false when retrying it with the same key is right. */
export function isFinalOutcome(o: CardPaymentOutcome): boolean {
  if (o.kind === 'error') return false;
  // 5xx (gateway unavailable): nothing was charged and the server says a retry with the same key is safe.
  if (o.kind === 'failed' && o.status >= 500) return false;
  return true;
}

export function usePayByCard() {
  const qc = useQueryClient();
  return useIdempotentMutation({
    mutationFn: payByCard,
    // The variables hold the card data: drop them from the mutation cache as soon as nothing observes them.
    gcTime: 0,
    isRetryableData: (outcome) => !isFinalOutcome(outcome),
    onSuccess: (outcome, vars) => {
      if (outcome.kind === 'success' || outcome.kind === 'failed') invalidateAfterPayment(qc, vars.nCtrId);
    },
  });
}
