import type { CardBrand, Cents } from '@guarita/domain';
import type { JWK } from 'jose';

/**
 * Card gateway port (DESIGN.md §1, issue 27, ADR 074). Card data never reaches Guarita: the browser encrypts the
 * number, expiry and CVV with the provider's client-side encryption (Adyen CSE, or the sandbox's JWE) and our API
 * only relays the encrypted fields to the gateway. The gateway vaults the card under a reference (one per contract,
 * Adyen's `shopperReference`) and Guarita stores only brand + last 4.
 *
 * Adapters: the built-in sandbox (apps/api/src/ports/card-sandbox/, JWE with its own key pair, vault and ledger in
 * the database) and Adyen's Checkout API (apps/api/src/ports/adyen/). Both pass the contract suite in
 * apps/api/test/card-gateway-contract.ts.
 */

/**
 * A card as the browser sends it: each field encrypted by the provider's client-side code (the field names of
 * Adyen's CSE `paymentMethod` of type 'scheme'; the sandbox's browser code makes one compact JWE per field).
 * Opaque to us: never decrypted outside the provider's own module, never logged.
 */
export interface EncryptedCard {
  encryptedCardNumber: string;
  encryptedExpiryMonth: string;
  encryptedExpiryYear: string;
  encryptedSecurityCode: string;
  holderName: string;
}

/** What the browser needs to encrypt a card for the configured provider (public GET /api/payments/card/client-config). */
export type CardClientConfig =
  { provider: 'sandbox'; keyId: string; publicKeyJwk: JWK } | { provider: 'adyen'; clientKey: string; environment: 'test' | 'live' };

/**
 * A 3-D Secure 2 (or other) action the shopper must complete in the browser: `provider` says whose code handles it
 * ('sandbox': the sandbox's challenge page; 'adyen': the Adyen component's `handleAction`), `data` is the provider's
 * action object as is. The browser then posts the details it yields to `completeAction`.
 */
export interface CardAction {
  provider: 'sandbox' | 'adyen';
  data: Record<string, unknown>;
}

export type ChargeResult =
  | { status: 'approved'; gatewayId: string; brand: CardBrand | null; last4: string | null }
  | { status: 'declined'; gatewayId: string; code: string; message: string }
  | { status: 'action_required'; gatewayId: string; action: CardAction };

/** A card validation (zero-amount authorisation) has the same outcomes as a charge. */
export type TokenizeResult = ChargeResult;

export interface TokenizeRequest {
  /** A retry after a crash or timeout with the same key replays the first outcome. Also the webhook's merchantReference. */
  idempotencyKey: string;
  /** Whose card on file: 'contract:{nCtrId}' (Adyen's shopperReference). */
  reference: string;
  card: EncryptedCard;
  /** Where the browser comes back after a redirect action (3DS). */
  returnUrl: string;
}

export interface ChargeRequest {
  /** Sent to the gateway so a retry after a crash or timeout replays the first outcome instead of charging again. Also the webhook's merchantReference. */
  idempotencyKey: string;
  /** Whose card on file: 'contract:{nCtrId}' (Adyen's shopperReference). */
  reference: string;
  amount: Cents;
  currency: 'BRL';
  installments: number;
  description: string;
  /** A new card to charge (and vault under `reference` when approved); absent = the card on file (declined if none is vaulted). */
  card?: EncryptedCard;
  /** Where the browser comes back after a redirect action (3DS). */
  returnUrl: string;
}

export interface CompleteActionRequest {
  /** The gatewayId of the `action_required` answer. */
  gatewayId: string;
  idempotencyKey: string;
  /** What the provider's browser code yielded (sandbox: `{ challengeResult }`; Adyen: `details` of /payments/details). */
  details: Record<string, unknown>;
}

export interface PaymentLinkRequest {
  /** Our link id; the link's AUTHORISATION webhook carries it as merchantReference. */
  linkId: string;
  reference: string;
  amount: Cents;
  description: string;
  expiresAt: Date;
  /** Where the hosted page sends the shopper when done. */
  returnUrl?: string;
}

export interface RefundRequest {
  /** The gatewayId of the approved charge. */
  gatewayId: string;
  amount: Cents;
  idempotencyKey: string;
}

export interface RefundResult {
  /** 'received': asynchronous, a REFUND webhook will tell (Adyen); 'refunded': done now (sandbox); 'failed': refused. */
  status: 'received' | 'refunded' | 'failed';
  refundId: string;
}

/**
 * A provider notification, verified. `merchantReference` is the request's idempotencyKey for a charge or a
 * tokenize, and the linkId for a payment link. `gatewayId` is the payment's id at the provider (for REFUND and
 * CANCELLATION: the original payment's, Adyen's originalReference).
 */
export interface CardWebhookEvent {
  /** Unique per event at the provider (the handler dedupes on provider + eventId). */
  eventId: string;
  kind: 'AUTHORISATION' | 'CANCELLATION' | 'REFUND';
  gatewayId: string;
  merchantReference: string;
  success: boolean;
  amount: Cents;
  reason?: string;
  /** AUTHORISATION: the card's brand and last 4 digits, when the provider says them (Adyen: paymentMethod, cardSummary). */
  brand?: CardBrand | null;
  last4?: string | null;
}

export interface CardGateway {
  readonly name: string;
  /** Public: what the browser needs to encrypt a card for this provider. */
  clientConfig(): CardClientConfig;
  /** Validates the card with the issuer (zero-amount authorisation) and vaults it as the card on file of `reference`. */
  tokenize(req: TokenizeRequest): Promise<TokenizeResult>;
  charge(req: ChargeRequest): Promise<ChargeResult>;
  /** Finishes a charge or tokenize that answered `action_required` with what the browser's provider code yielded. */
  completeAction(req: CompleteActionRequest): Promise<ChargeResult>;
  /** A hosted checkout page for the amount (advance by link, LP), served by the provider. */
  createPaymentLink(req: PaymentLinkRequest): Promise<{ url: string; gatewayId: string }>;
  refund(req: RefundRequest): Promise<RefundResult>;
  /** Verifies (HMAC) and parses a webhook delivery; null = not authentic (answer 401, apply nothing). */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): CardWebhookEvent[] | null;
}

/** The gateway could not be reached or failed: the outcome is unknown, the request may be retried with the same key. */
export class GatewayUnavailableError extends Error {}
