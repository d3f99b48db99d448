import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { buildPixPayload, isValidPixKey, type Cents } from '@guarita/domain';
import type { AppConfig } from '../config';

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

/** Demo-only values: a random (EVP) key nobody owns, so a demo Pix can never move real money to someone. */
export const DEMO_PIX = {
  key: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906',
  merchantName: 'Guarita Protecao Veicular',
  merchantCity: 'Belo Horizonte',
  webhookSecret: 'demo-only-pix-webhook-secret-0123456789',
} as const;

/** The Pix receiver from configuration; null outside demo mode without PIX_KEY (Pix then answers 503). */
export function pixReceiver(config: AppConfig): StaticPixSettings | null {
  const { env, demoMode } = config;
  const key = env.PIX_KEY ?? (demoMode ? DEMO_PIX.key : undefined);
  if (key === undefined) return null;
  if (!isValidPixKey(key)) throw new Error('PIX_KEY is not a valid Pix key (CPF, CNPJ, e-mail, +55 mobile or random key)');
  return {
    key,
    merchantName: env.PIX_MERCHANT_NAME ?? (demoMode ? DEMO_PIX.merchantName : env.BRAND_NAME),
    merchantCity: env.PIX_MERCHANT_CITY ?? DEMO_PIX.merchantCity,
  };
}
