import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { buildPixPayload, isValidPixKey, type Cents } from '@guarita/domain';
import type { AppConfig } from '../config';
import { sql } from 'kysely';
import type { Database, Executor } from '../db/db';

/**
 * Pix PSP port (DESIGN.md §1, ADR 076): creates the charge, answers what the PSP knows of it (`getCharge`, the BCB
 * API Pix `GET /cob/{txid}`) and returns money received (`refund`, `PUT /pix/{e2eid}/devolucao/{id}`).
 * Two implementations: the static BR Code sandbox below (demo default; its confirmations come through the
 * HMAC-signed webhook POST /api/payments/pix/webhook) and the API Pix adapter (ports/api-pix/), whose notifications
 * are only a hint: every notified txid is confirmed with `getCharge` before a bill is marked paid.
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

/** The BCB API Pix `cob` status. */
export type PixCobStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';

/** One Pix received for a charge (the `pix[]` of `GET /cob/{txid}`). */
export interface PixReceived {
  endToEndId: string;
  amount: Cents;
  /** `horario`: when the payer's PSP settled it. */
  paidAt: Date;
}

/** What the PSP knows of a charge. */
export interface PixChargeState {
  txid: string;
  status: PixCobStatus;
  /** `valor.original` */
  amount: Cents;
  /** Pix received for this txid (empty while ATIVA). */
  pix: PixReceived[];
}

export interface PixRefundRequest {
  /** The received Pix to return part or all of. */
  endToEndId: string;
  /** Our id of this refund (`[a-zA-Z0-9]{1,35}`): repeating it with the same values answers the same refund. */
  refundId: string;
  amount: Cents;
}

export type PixRefundStatus = 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';

export interface PixRefundResult {
  status: PixRefundStatus;
  /** The SPI return id (`rtrId`), once the PSP has one. */
  rtrId: string | null;
}

export interface PixPsp {
  readonly name: string;
  /**
   * false: this PSP cannot return money through an API (a static BR Code on a plain account outside demo mode): the
   * desk refuses 'Estornar' and a late Pix credit is marked refunded by hand (ADR 078). Absent: it can.
   */
  readonly canRefund?: boolean;
  /** How long our txids are for this PSP: 25 for a static BR Code (field 62-05), 26–35 for an API Pix cob. */
  readonly txidLength: number;
  createCharge(req: PixChargeRequest): Promise<PixChargeCreated>;
  /** null: the PSP knows no charge with this txid. */
  getCharge(txid: string): Promise<PixChargeState | null>;
  refund(req: PixRefundRequest): Promise<PixRefundResult>;
  /** A devolução as the PSP has it now (GET /pix/{e2eid}/devolucao/{id}); null if it knows none with this id. */
  getRefund?(endToEndId: string, refundId: string): Promise<PixRefundResult | null>;
}

/**
 * The PSP could not be reached or refused us (TLS handshake, token, 5xx, timeout): the outcome of a write is
 * unknown. Callers answer 503 in pt-BR and leave nothing half-written; a retry with the same txid / refund id is safe
 * (PUT is idempotent in the API Pix).
 */
export class PixPspUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PixPspUnavailableError';
  }
}

/** The PSP refused the request itself (4xx other than auth): a bug or bad data on our side, not worth a retry. */
export class PixPspRejectedError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'PixPspRejectedError';
  }
}

/** `[a-zA-Z0-9]{1,35}` — the API Pix pattern of a devolução id. */
export const PIX_REFUND_ID_PATTERN = /^[a-zA-Z0-9]{1,35}$/;

export interface StaticPixSettings {
  key: string;
  merchantName: string;
  merchantCity: string;
}

/**
 * Built-in PSP: a BR Code with the configured Pix key, merchant name and city, the amount and the txid
 * (a real, bank-readable payload with a valid CRC). A static BR Code carries no expiry of its own; the
 * 360-minute expiry is enforced by Guarita when the confirmation arrives (ADR 003). The API Pix adapter
 * creates a dynamic charge (cob) with that expiry and answers its location.
 *
 * No charge exists anywhere but in our own records, so `getCharge` answers from `pix_charges` (and the late Pix
 * kept in `pix_late_payments`) and `refund` keeps its own ledger of devoluções in `pix_sandbox_refunds`
 * (migration 018): it accepts a refund of a Pix we recorded, up to what is left of it, and answers DEVOLVIDO (more is a 400, as at a PSP).
 * That ledger moves no money: outside demo mode (a real key on a plain account) `canRefund` is false and the desk
 * does not offer it (ADR 078: the money goes back from the bank, and a late credit is marked refunded by hand).
 */
export class StaticBrCodePixPsp implements PixPsp {
  readonly name = 'static-brcode';
  readonly txidLength = 25;
  readonly canRefund: boolean;
  constructor(
    private readonly settings: StaticPixSettings,
    private readonly db: Database,
    opts: { canRefund?: boolean } = {},
  ) {
    this.canRefund = opts.canRefund ?? true;
  }

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

  async getCharge(txid: string): Promise<PixChargeState | null> {
    const charge = await this.db
      .selectFrom('pix_charges')
      .select(['amount_cents', 'status', 'expires_at', 'paid_at', 'end_to_end_id'])
      .where('txid', '=', txid)
      .executeTakeFirst();
    if (!charge) return null;
    const late = await this.db
      .selectFrom('pix_late_payments')
      .select(['end_to_end_id', 'amount_cents', 'received_at'])
      .where('txid', '=', txid)
      .orderBy('id')
      .execute();
    const pix: PixReceived[] = late.map((l) => ({ endToEndId: l.end_to_end_id, amount: l.amount_cents as Cents, paidAt: l.received_at }));
    if (charge.end_to_end_id && charge.paid_at && !pix.some((p) => p.endToEndId === charge.end_to_end_id)) {
      pix.unshift({ endToEndId: charge.end_to_end_id, amount: charge.amount_cents as Cents, paidAt: charge.paid_at });
    }
    const status: PixCobStatus =
      pix.length > 0 ? 'CONCLUIDA' : charge.status === 'expired' || charge.expires_at <= new Date() ? 'REMOVIDA_PELO_PSP' : 'ATIVA';
    return { txid, status, amount: charge.amount_cents as Cents, pix };
  }

  async refund(req: PixRefundRequest): Promise<PixRefundResult> {
    return sandboxDevolucao(this.db, req, receivedAmount);
  }

  getRefund(endToEndId: string, refundId: string): Promise<PixRefundResult | null> {
    return sandboxDevolucaoStatus(this.db, endToEndId, refundId);
  }
}

/**
 * A demo PSP's devolução (the static BR Code's and the Pix Automático sandbox's), kept in pix_sandbox_refunds: of a
 * Pix `received` knows (its amount, or null), up to what is left of it, answered DEVOLVIDO at once; the same refund id
 * answers the same refund; another amount under it is a 409, more than is left a 400, as at a PSP.
 */
export async function sandboxDevolucao(
  db: Database,
  req: PixRefundRequest,
  received: (q: Executor, endToEndId: string) => Promise<number | null>,
): Promise<PixRefundResult> {
  if (!PIX_REFUND_ID_PATTERN.test(req.refundId)) throw new PixPspRejectedError('invalid refund id', 400);
  if (!Number.isInteger(req.amount) || req.amount <= 0) throw new PixPspRejectedError('invalid refund amount', 400);
  return db.transaction().execute(async (tx) => {
    const total = await received(tx, req.endToEndId);
    if (total === null) throw new PixPspRejectedError('unknown endToEndId', 404);
    // Serialises refunds of one Pix (the advisory lock is released at commit).
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`pix-refund:${req.endToEndId}`}))`.execute(tx);
    const same = await tx
      .selectFrom('pix_sandbox_refunds')
      .select(['amount_cents', 'status', 'rtr_id'])
      .where('end_to_end_id', '=', req.endToEndId)
      .where('refund_id', '=', req.refundId)
      .executeTakeFirst();
    if (same) {
      if (same.amount_cents !== req.amount) throw new PixPspRejectedError('refund id already used with another amount', 409);
      return { status: same.status, rtrId: same.rtr_id };
    }
    const done = await tx
      .selectFrom('pix_sandbox_refunds')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), sql<number>`0`).as('total'))
      .where('end_to_end_id', '=', req.endToEndId)
      .where('status', '<>', 'NAO_REALIZADO')
      .executeTakeFirstOrThrow();
    // Like the API Pix (400): more than what is left of the Pix is refused, nothing recorded.
    if (Number(done.total) + req.amount > total) throw new PixPspRejectedError('refund above what is left of the Pix', 400);
    const rtrId = `D${randomBytes(15).toString('hex').toUpperCase()}`;
    const status: PixRefundStatus = 'DEVOLVIDO';
    await tx
      .insertInto('pix_sandbox_refunds')
      .values({ end_to_end_id: req.endToEndId, refund_id: req.refundId, amount_cents: req.amount, status, rtr_id: rtrId })
      .execute();
    return { status, rtrId };
  });
}

/** A demo PSP's devolução as it stands (GET /pix/{e2eid}/devolucao/{id}); null if there is none with this id. */
export async function sandboxDevolucaoStatus(db: Database, endToEndId: string, refundId: string): Promise<PixRefundResult | null> {
  const row = await db
    .selectFrom('pix_sandbox_refunds')
    .select(['status', 'rtr_id'])
    .where('end_to_end_id', '=', endToEndId)
    .where('refund_id', '=', refundId)
    .executeTakeFirst();
  return row ? { status: row.status, rtrId: row.rtr_id } : null;
}

/** What our records say was received under an endToEndId (the charge's or a late Pix's); null if nothing. */
async function receivedAmount(q: Executor, endToEndId: string): Promise<number | null> {
  const charge = await q.selectFrom('pix_charges').select('amount_cents').where('end_to_end_id', '=', endToEndId).executeTakeFirst();
  if (charge) return charge.amount_cents;
  const late = await q.selectFrom('pix_late_payments').select('amount_cents').where('end_to_end_id', '=', endToEndId).executeTakeFirst();
  return late ? late.amount_cents : null;
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
