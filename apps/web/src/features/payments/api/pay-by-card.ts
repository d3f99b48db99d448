import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CardPaymentRequest, CardPaymentResultDto } from '@guarita/domain';
import { ensureFresh, getTokens } from '../../../lib/session';

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
  | { kind: 'success'; result: CardPaymentResultDto }
  | { kind: 'failed'; status: number; code: string | null; mensagem: string | null }
  | { kind: 'undecodable' }
  | { kind: 'session-expired' }
  | { kind: 'error' };

export interface PayByCardVars {
  nCtrId: number;
  body: CardPaymentRequest;
  /** One per payment attempt; the same one on a retry of that attempt. */
  idempotencyKey: string;
}

const TIMEOUT_MS = 90_000;

/**
 * POST /api/payments/contracts/{nCtrId}/card-payment. Never throws: every outcome is a value.
 *
 * Unlike the shared api client, a 401 here is not refreshed and retried: the token was made fresh just
 * before the call (ensureFresh refreshes below 300 s left), so a 401 means the login was revoked, and the
 * spec wants the customer told and sent to '/' (000 §4, §8). The card data in `body` is only ever sent in
 * this request body: never logged, stored or put in a URL.
 */
export async function payByCard({ nCtrId, body, idempotencyKey }: PayByCardVars): Promise<CardPaymentOutcome> {
  if (!(await ensureFresh())) return { kind: 'session-expired' };
  const token = getTokens()?.AccessToken;
  let res: Response;
  try {
    res = await fetch(`/api/payments/contracts/${nCtrId}/card-payment`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': idempotencyKey,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { kind: 'error' };
  }
  if (res.status === 401) return { kind: 'session-expired' };

  let decoded: unknown;
  try {
    decoded = JSON.parse(await res.text());
  } catch {
    // A gateway/proxy error page without the service's envelope is "no answer"; a 2xx that is not JSON is undecodable.
    return res.ok ? { kind: 'undecodable' } : { kind: 'error' };
  }
  if (typeof decoded !== 'object' || decoded === null) return { kind: 'undecodable' };
  const d = decoded as { sucesso?: unknown; status?: unknown; erro?: unknown; mensagem?: unknown; conteudo?: unknown };
  if (res.status === 200 && d.sucesso === true && d.status === 200 && typeof d.conteudo === 'object' && d.conteudo !== null) {
    return { kind: 'success', result: decoded as CardPaymentResultDto };
  }
  if (typeof d.sucesso !== 'boolean' && typeof d.status !== 'number' && res.ok) return { kind: 'undecodable' };
  return {
    kind: 'failed',
    status: typeof d.status === 'number' ? d.status : res.status,
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

/**
 * Marks what a payment changes as stale — the bills (['contracts', id, 'bills']), the contracts (card on file)
 * and the payments summary — without refetching the screen that is still showing the result; whatever mounts
 * next (e.g. /pagamentos) fetches fresh data. `refetch` also refreshes what is on screen now.
 */
export function invalidateAfterPayment(qc: QueryClient, nCtrId: number, refetch = false) {
  const refetchType = refetch ? 'active' : 'none';
  void qc.invalidateQueries({ queryKey: ['contracts'], refetchType });
  void qc.invalidateQueries({ queryKey: ['payments', nCtrId], refetchType });
}

export function usePayByCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: payByCard,
    // The variables hold the card data: drop them from the mutation cache as soon as nothing observes them.
    gcTime: 0,
    onSuccess: (outcome, vars) => {
      if (outcome.kind === 'success' || outcome.kind === 'failed') invalidateAfterPayment(qc, vars.nCtrId);
    },
  });
}
