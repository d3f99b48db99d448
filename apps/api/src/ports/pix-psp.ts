import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { buildPixPayload, type Cents } from '@guarita/domain';

/**
 * Pix PSP port (DESIGN.md §1): creates the charge's BR Code; confirmations come back through the
 * webhook (POST /api/payments/pix/webhook, Bacen's `{ pix: [{ endToEndId, txid, valor, horario }] }` body)
 * signed with HMAC-SHA256 of the raw body in the `x-webhook-signature: sha256=<hex>` header.
 */
export interface PixChargeRequest {
  txid: string;
  amount: Cents;
  expiresAt: Date;
  /** 'YYYY-MM-DD' */
  dueDate: string;
  description: string;
}

export interface PixChargeCreated {
  /** The "copia e cola" BR Code. */
  payload: string;
  pspReference: string;
  /** PSP location of a dynamic charge (null for a static BR Code). */
  location: string | null;
}

export interface PixPsp {
  readonly name: string;
  createCharge(req: PixChargeRequest): Promise<PixChargeCreated>;
}

export interface StaticPixSettings {
  key: string;
  merchantName: string;
  merchantCity: string;
}

/**
 * Built-in PSP: a BR Code with the configured Pix key, merchant name and city, the amount and the txid
 * (a real, bank-readable payload with a valid CRC). A static BR Code carries no expiry of its own; the
 * 360-minute expiry is enforced by Guarita when the confirmation arrives (ADR 003). A real PSP adapter
 * creates a dynamic charge (cob) with that expiry and answers its location.
 */
export class StaticBrCodePixPsp implements PixPsp {
  readonly name = 'static-brcode';
  constructor(private readonly settings: StaticPixSettings) {}

  async createCharge(req: PixChargeRequest): Promise<PixChargeCreated> {
    const payload = buildPixPayload({
      key: this.settings.key,
      merchantName: this.settings.merchantName,
      merchantCity: this.settings.merchantCity,
      amount: req.amount,
      txid: req.txid,
    });
    return { payload, pspReference: `PSP${randomBytes(8).toString('hex').toUpperCase()}`, location: null };
  }
}

export const WEBHOOK_SIGNATURE_HEADER = 'x-webhook-signature';

/** 'sha256=<hex HMAC-SHA256 of the raw body>' — what the PSP sends and what tests and the dev tools compute. */
export function signWebhookBody(rawBody: string | Buffer, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/** Constant-time check of the signature header against the raw body. No secret configured = nothing is accepted. */
export function verifyWebhookSignature(rawBody: Buffer, header: string | string[] | undefined, secret: string | null): boolean {
  if (!secret || typeof header !== 'string') return false;
  const expected = Buffer.from(signWebhookBody(rawBody, secret));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
