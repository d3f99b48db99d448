import type { Database } from '../../db/db';
import {
  cardDigits,
  detectCardBrand,
  isExpiryOutOfRange,
  isValidCardNumber,
  parseExpiryMonth,
  parseExpiryYear,
  type CardBrand,
} from '@guarita/domain';

/**
 * Sandbox test cards (any future expiry, any CVV of the right length, any name):
 *
 * | number              | brand | tokenize (change card) | charge                                    |
 * |---------------------|-------|------------------------|-------------------------------------------|
 * | 4111 1111 1111 1111 | visa  | approved               | approved                                  |
 * | 5555 5555 5555 4444 | mc    | approved               | approved                                  |
 * | 3782 822463 10005   | amex  | approved               | approved                                  |
 * | 4000 0000 0000 3220 | visa  | 3DS challenge          | 3DS challenge, then approved if confirmed |
 * | 4000 0000 0000 0002 | visa  | declined               | declined: 'Cartão recusado pelo emissor.' |
 * | 4000 0000 0000 9995 | visa  | declined               | declined: 'Saldo insuficiente.'           |
 * | 4000 0000 0000 0341 | visa  | approved               | declined (saved, but every charge fails)  |
 * | 4000 0000 0000 0119 | visa  | gateway error (502)    | gateway error (502)                       |
 * | 4000 0000 0000 0507 | visa  | approved               | approved, but the answer is lost (502)    |
 * | 4000 0000 0000 0515 | visa  | declined               | declined, but the answer is lost (502)    |
 *
 * A lost answer (issue 27): the sandbox makes the charge and sends its AUTHORISATION as usual, but the caller gets
 * GatewayUnavailableError instead of the outcome, as after a timeout; a retry with the same idempotency key answers
 * the outcome. Saved as the card on file, every charge on file loses its answer the same way.
 *
 * Any other valid number is approved. The card on file is charged without a challenge (merchant-initiated); a
 * reference with no card in the sandbox's vault is declined.
 */
export const SANDBOX_CARDS = {
  approveVisa: '4111111111111111',
  approveMastercard: '5555555555554444',
  approveAmex: '378282246310005',
  challenge3ds: '4000000000003220',
  decline: '4000000000000002',
  insufficientFunds: '4000000000009995',
  saveThenDeclineCharges: '4000000000000341',
  gatewayError: '4000000000000119',
  approveAnswerLost: '4000000000000507',
  declineAnswerLost: '4000000000000515',
} as const;

export type Behaviour =
  'approve' | 'challenge' | 'decline' | 'insufficient' | 'charge_decline' | 'error' | 'approve_answer_lost' | 'decline_answer_lost';

export function behaviourOf(number: string): Behaviour {
  switch (number) {
    case SANDBOX_CARDS.challenge3ds:
      return 'challenge';
    case SANDBOX_CARDS.decline:
      return 'decline';
    case SANDBOX_CARDS.insufficientFunds:
      return 'insufficient';
    case SANDBOX_CARDS.saveThenDeclineCharges:
      return 'charge_decline';
    case SANDBOX_CARDS.gatewayError:
      return 'error';
    case SANDBOX_CARDS.approveAnswerLost:
      return 'approve_answer_lost';
    case SANDBOX_CARDS.declineAnswerLost:
      return 'decline_answer_lost';
    default:
      return 'approve';
  }
}

export const DECLINED = { code: 'card_declined', message: 'Cartão recusado pelo emissor.' };
export const INSUFFICIENT = { code: 'insufficient_funds', message: 'Saldo insuficiente.' };
export const INVALID_CARD = { code: 'invalid_card', message: 'Dados do cartão inválidos.' };
export const UNKNOWN_REFERENCE = { code: 'no_stored_card', message: 'Nenhum cartão salvo para este cliente.' };
export const THREE_DS_FAILED = { code: '3ds_failed', message: 'Autenticação do cartão não concluída.' };

/** A decrypted card as only the sandbox sees it (inside this module, never stored, never logged). */
export interface PlainCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvv: string;
}

/** What the vault keeps of a card: no number, no CVV. */
export interface VaultCard {
  brand: CardBrand;
  last4: string;
  behaviour: Behaviour;
  expMonth: number;
  expYear: number;
}

/** The issuer's checks: a valid number, an expiry not past, a CVV of the brand's length. Null = invalid. */
export function toVaultCard(raw: { number: string; month: string; year: string; cvv: string }, now: Date): VaultCard | null {
  const number = cardDigits(raw.number);
  const expMonth = parseExpiryMonth(raw.month);
  const expYear = parseExpiryYear(raw.year);
  if (!isValidCardNumber(number) || expMonth === null || expYear === null) return null;
  if (isExpiryOutOfRange(expMonth, expYear, now)) return null;
  const amex = /^3[47]/.test(number);
  if (!(amex ? /^\d{4}$/ : /^\d{3,4}$/).test(raw.cvv)) return null;
  return { brand: detectCardBrand(number) ?? 'amex', last4: number.slice(-4), behaviour: behaviourOf(number), expMonth, expYear };
}

/**
 * The demo seed's and the test factories' card on file, vaulted in the sandbox as if the customer had given it (the
 * sandbox declines a reference it has no card for). Brand and last 4 only, like every vault row.
 */
export async function vaultDemoCard(
  q: Database,
  reference: string,
  card: { brand: CardBrand; last4: string; behaviour?: Behaviour },
): Promise<void> {
  await q
    .insertInto('card_sandbox_vault')
    .values({ reference, brand: card.brand, last4: card.last4, behaviour: card.behaviour ?? 'approve', exp_month: 12, exp_year: 2099 })
    .onConflict((oc) =>
      oc.column('reference').doUpdateSet({ brand: card.brand, last4: card.last4, behaviour: card.behaviour ?? 'approve' }),
    )
    .execute();
}
