import { randomBytes } from 'node:crypto';
import type { CardBrand, CardData, Cents } from '@guarita/domain';

/**
 * Card gateway port (DESIGN.md §1). The BFF never keeps a card: the gateway vaults it under a
 * reference (one per contract) and Guarita stores only brand + last 4. A real adapter (a PSP's API with
 * its JS tokenization) implements the same interface; the built-in one is a sandbox.
 *
 * `CardData` carries the full number and CVV: pass it straight to the gateway, never log or persist it.
 */
export interface ChargeRequest {
  /** Sent to the gateway so a retry after a crash or timeout replays the first outcome instead of charging again. */
  idempotencyKey: string;
  /** Whose card on file: 'contract:{nCtrId}'. */
  reference: string;
  amount: Cents;
  currency: 'BRL';
  installments: number;
  description: string;
  /** A new card to charge (and vault under `reference` when approved); absent = the card on file. */
  card?: CardData;
}

export type ChargeResult =
  | { approved: true; gatewayId: string; brand: CardBrand | null; last4: string | null }
  | { approved: false; gatewayId: string; code: string; message: string };

export type TokenizeResult = { approved: true; brand: CardBrand; last4: string } | { approved: false; code: string; message: string };

export interface PaymentLinkRequest {
  linkId: string;
  reference: string;
  amount: Cents;
  description: string;
  expiresAt: Date;
}

export interface CardGateway {
  readonly name: string;
  /** Validates the card with the issuer (zero-amount authorization) and vaults it as the card on file of `reference`. */
  tokenize(reference: string, card: CardData): Promise<TokenizeResult>;
  charge(req: ChargeRequest): Promise<ChargeResult>;
  /** A hosted checkout page for the amount (advance by link, LP). */
  createPaymentLink(req: PaymentLinkRequest): Promise<{ url: string; gatewayId: string }>;
}

/** The gateway could not be reached or failed: the outcome is unknown, the request may be retried with the same key. */
export class GatewayUnavailableError extends Error {}

/**
 * Sandbox test cards (any future expiry, any CVV of the right length, any name):
 *
 * | number              | brand | tokenize (change card) | charge                                  |
 * |---------------------|-------|------------------------|-----------------------------------------|
 * | 4111 1111 1111 1111 | visa  | approved               | approved                                |
 * | 5555 5555 5555 4444 | mc    | approved               | approved                                |
 * | 3782 822463 10005   | amex  | approved               | approved                                |
 * | 4000 0000 0000 0002 | visa  | declined               | declined: 'Cartão recusado pelo emissor.' |
 * | 4000 0000 0000 9995 | visa  | declined               | declined: 'Saldo insuficiente.'          |
 * | 4000 0000 0000 0341 | visa  | approved               | declined (saved, but every charge fails) |
 * | 4000 0000 0000 0119 | visa  | gateway error (502)    | gateway error (502)                      |
 *
 * Any other Luhn-valid number is approved. A card on file the sandbox has not vaulted in this process
 * (the seeded cards) is charged as approved.
 */
export const SANDBOX_CARDS = {
  approveVisa: '4111111111111111',
  approveMastercard: '5555555555554444',
  approveAmex: '378282246310005',
  decline: '4000000000000002',
  insufficientFunds: '4000000000009995',
  saveThenDeclineCharges: '4000000000000341',
  gatewayError: '4000000000000119',
} as const;

type Behaviour = 'approve' | 'decline' | 'insufficient' | 'charge_decline' | 'error';

function behaviourOf(number: string): Behaviour {
  switch (number) {
    case SANDBOX_CARDS.decline:
      return 'decline';
    case SANDBOX_CARDS.insufficientFunds:
      return 'insufficient';
    case SANDBOX_CARDS.saveThenDeclineCharges:
      return 'charge_decline';
    case SANDBOX_CARDS.gatewayError:
      return 'error';
    default:
      return 'approve';
  }
}

const DECLINED = { code: 'card_declined', message: 'Cartão recusado pelo emissor.' };
const INSUFFICIENT = { code: 'insufficient_funds', message: 'Saldo insuficiente.' };

/** In-process stand-in for a card PSP: its own vault and idempotency ledger (in memory, like a remote service's). */
export class SandboxCardGateway implements CardGateway {
  readonly name = 'sandbox';
  /** Calls to `charge` (tests: how many requests reached the gateway). */
  chargeCalls = 0;
  /** Distinct charges the gateway made (replays of an idempotency key are not new charges). */
  readonly charges: Array<{ gatewayId: string; idempotencyKey: string; amount: Cents; approved: boolean }> = [];
  private readonly vault = new Map<string, { brand: CardBrand; last4: string; behaviour: Behaviour }>();
  private readonly ledger = new Map<string, ChargeResult>();

  constructor(private readonly opts: { publicUrl: string; latencyMs?: number }) {}

  private async latency() {
    const ms = this.opts.latencyMs ?? 15;
    if (ms > 0) await new Promise((r) => setTimeout(r, ms));
  }

  async tokenize(reference: string, card: CardData): Promise<TokenizeResult> {
    await this.latency();
    const b = behaviourOf(card.number);
    if (b === 'error') throw new GatewayUnavailableError('sandbox: simulated gateway failure');
    if (b === 'decline') return { approved: false, ...DECLINED };
    if (b === 'insufficient') return { approved: false, ...INSUFFICIENT };
    this.vault.set(reference, { brand: card.brand, last4: card.last4, behaviour: b });
    return { approved: true, brand: card.brand, last4: card.last4 };
  }

  async charge(req: ChargeRequest): Promise<ChargeResult> {
    this.chargeCalls++;
    const replay = this.ledger.get(req.idempotencyKey);
    if (replay) return replay;
    await this.latency();
    const again = this.ledger.get(req.idempotencyKey);
    if (again) return again;
    const gatewayId = `sbx_ch_${randomBytes(9).toString('hex')}`;
    const card = req.card
      ? { brand: req.card.brand, last4: req.card.last4, behaviour: behaviourOf(req.card.number) }
      : this.vault.get(req.reference);
    const b: Behaviour = card?.behaviour ?? 'approve';
    if (b === 'error') throw new GatewayUnavailableError('sandbox: simulated gateway failure');
    let result: ChargeResult;
    if (b === 'decline' || b === 'charge_decline') result = { approved: false, gatewayId, ...DECLINED };
    else if (b === 'insufficient') result = { approved: false, gatewayId, ...INSUFFICIENT };
    else result = { approved: true, gatewayId, brand: card?.brand ?? null, last4: card?.last4 ?? null };
    if (result.approved && req.card) this.vault.set(req.reference, { brand: req.card.brand, last4: req.card.last4, behaviour: b });
    this.ledger.set(req.idempotencyKey, result);
    this.charges.push({ gatewayId, idempotencyKey: req.idempotencyKey, amount: req.amount, approved: result.approved });
    return result;
  }

  async createPaymentLink(req: PaymentLinkRequest): Promise<{ url: string; gatewayId: string }> {
    await this.latency();
    // The sandbox "hosted checkout" is a demo-mode page of the BFF itself (GET /api/dev/payment-links/{id}).
    return { url: `${this.opts.publicUrl.replace(/\/$/, '')}/api/dev/payment-links/${req.linkId}`, gatewayId: `sbx_pl_${req.linkId}` };
  }
}
