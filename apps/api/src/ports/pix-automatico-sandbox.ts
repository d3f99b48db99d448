import { randomBytes } from 'node:crypto';
import { cents, type Cents, type RecurrenceStatus } from '@guarita/domain';
import { missingApiPixSettings, type AppConfig } from '../config';
import type { Database, Executor } from '../db/db';
import type { Clock } from './clock';
import { DEMO_PIX, sandboxDevolucao, sandboxDevolucaoStatus, type PixRefundRequest, type PixRefundResult } from './pix-psp';
import { ApiPixClient, pemFromConfig } from './api-pix/client';
import { ApiPixRecurrencePsp } from './api-pix/recurrence';
import { SandboxWebhooks, type WebhookSender } from './sandbox-webhooks';
import {
  parseSignedNotices,
  type PixRecurrencePsp,
  type RecurrenceAtPsp,
  type RecurrenceNotice,
  type RecurrenceRequest,
  type RecurringChargeAtPsp,
  type RecurringChargeRequest,
} from './pix-automatico';

/** Where the sandbox's approval pages live (served by pix-automatico-sandbox-page.ts, demo mode only). */
export const SANDBOX_APPROVAL_PATH = '/sandbox/pix-automatico';

export interface SandboxRecurrenceView {
  idRec: string;
  status: RecurrenceStatus;
  contractRef: string;
  debtorName: string;
  object: string;
  amount: Cents;
  startDate: string;
}

/**
 * The demo PSP for Pix Automático (demo mode's default; ADR 077). Its books are its own tables (sandbox_pix_recs,
 * sandbox_pix_cobrs), so they survive a restart and are shared by two instances. It plays both sides a real journey
 * has: the receiving PSP (rec, cobr) and the payer's bank, whose app is the approval page the customer opens
 * (`/sandbox/pix-automatico/{token}`), and which debits each recurring charge. A real bank debits on the due date; the
 * sandbox's bank debits as soon as the charge is scheduled, so a demo shows the whole cycle in seconds. Every change is
 * told to the listener as the PSP's webhook would (the handler then asks `getRecurrence`/`getRecurringCharge`, as it
 * does with a real PSP).
 */
export class SandboxPixRecurrencePsp implements PixRecurrencePsp {
  readonly name = 'sandbox';
  /** Its outgoing webhooks, kept until accepted: the payments follow-up job retries the due ones (ADR 081). */
  readonly webhooks: SandboxWebhooks;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly opts: {
      merchantName: string;
      merchantCity: string;
      webhookSecret: string | null;
      /** A failed debit or delivery (the scan and the next notice recover; the sandbox never breaks a request). */
      onError?: (err: unknown) => void;
    },
  ) {
    this.webhooks = new SandboxWebhooks(db, 'pix-automatico-sandbox', () => clock.now());
  }

  /**
   * How the sandbox's webhooks reach us (the payments module signs the body `{ recs, cobsr }` and posts it to its own
   * webhook route; it throws when the route does not answer 2xx, and the webhook is retried later).
   */
  setDelivery(deliver: WebhookSender): void {
    this.webhooks.setSender(deliver);
  }

  /** Settles once every webhook the sandbox has sent so far was handled (tests wait on it instead of sleeping). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  async createRecurrence(req: RecurrenceRequest): Promise<RecurrenceAtPsp> {
    const now = this.clock.now();
    const idRec = newIdRec(req.retryPolicy, now);
    const token = randomBytes(24).toString('base64url');
    const copyPaste = recurrenceBrCode({
      location: `guarita-sandbox.invalid/rec/${idRec}`,
      merchantName: this.opts.merchantName,
      merchantCity: this.opts.merchantCity,
    });
    await this.db
      .insertInto('sandbox_pix_recs')
      .values({
        id_rec: idRec,
        approval_token: token,
        status: 'CRIADA',
        contract_ref: req.contract,
        debtor_name: req.debtor.name,
        object: req.object,
        amount_cents: req.amount,
        start_date: req.startDate,
        copy_paste: copyPaste,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return { idRec, status: 'CRIADA', copyPaste, approvalUrl: `${SANDBOX_APPROVAL_PATH}/${token}` };
  }

  async getRecurrence(idRec: string): Promise<RecurrenceAtPsp> {
    const r = await this.db
      .selectFrom('sandbox_pix_recs')
      .select(['id_rec', 'status', 'copy_paste', 'approval_token'])
      .where('id_rec', '=', idRec)
      .executeTakeFirst();
    if (!r) throw new Error(`sandbox: no recurrence ${idRec}`);
    const waiting = r.status === 'CRIADA';
    return {
      idRec: r.id_rec,
      status: r.status,
      copyPaste: waiting ? r.copy_paste : null,
      approvalUrl: waiting ? `${SANDBOX_APPROVAL_PATH}/${r.approval_token}` : null,
    };
  }

  async cancelRecurrence(idRec: string): Promise<RecurrenceAtPsp> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .updateTable('sandbox_pix_recs')
        .set({ status: 'CANCELADA', updated_at: this.clock.now() })
        .where('id_rec', '=', idRec)
        .where('status', 'in', ['CRIADA', 'APROVADA'])
        .execute();
      await tx
        .updateTable('sandbox_pix_cobrs')
        .set({ status: 'CANCELADA' })
        .where('id_rec', '=', idRec)
        .where('status', 'in', ['CRIADA', 'ATIVA'])
        .execute();
    });
    return this.getRecurrence(idRec);
  }

  async createRecurringCharge(req: RecurringChargeRequest): Promise<RecurringChargeAtPsp> {
    const rec = await this.db.selectFrom('sandbox_pix_recs').select('status').where('id_rec', '=', req.idRec).executeTakeFirst();
    if (rec?.status !== 'APROVADA') throw new Error(`sandbox: recurrence ${req.idRec} is not approved`);
    // PUT /cobr/{txid} is idempotent on the txid: a retry answers the charge the first call made.
    await this.db
      .insertInto('sandbox_pix_cobrs')
      .values({
        txid: req.txid,
        id_rec: req.idRec,
        amount_cents: req.amount,
        due_date: req.dueDate,
        status: 'ATIVA',
        created_at: this.clock.now(),
      })
      .onConflict((oc) => oc.column('txid').doNothing())
      .execute();
    const charge = await this.getRecurringCharge(req.txid);
    if (charge.status === 'ATIVA') this.later(() => this.debit(req.txid));
    return charge;
  }

  async getRecurringCharge(txid: string): Promise<RecurringChargeAtPsp> {
    const c = await this.db.selectFrom('sandbox_pix_cobrs').selectAll().where('txid', '=', txid).executeTakeFirst();
    if (!c) throw new Error(`sandbox: no recurring charge ${txid}`);
    return {
      txid: c.txid,
      idRec: c.id_rec,
      status: c.status,
      payment:
        c.status === 'CONCLUIDA' && c.end_to_end_id && c.paid_at
          ? { endToEndId: c.end_to_end_id, amount: cents(c.amount_cents), at: c.paid_at }
          : null,
    };
  }

  /** A devolução of the Pix that paid one of its charges: the demo PSPs' devolução ledger (pix_sandbox_refunds), DEVOLVIDO at once. */
  refund(req: PixRefundRequest): Promise<PixRefundResult> {
    return sandboxDevolucao(this.db, req, async (q, endToEndId) => {
      const c = await q
        .selectFrom('sandbox_pix_cobrs')
        .select('amount_cents')
        .where('end_to_end_id', '=', endToEndId)
        .where('status', '=', 'CONCLUIDA')
        .executeTakeFirst();
      return c ? c.amount_cents : null;
    });
  }

  getRefund(endToEndId: string, refundId: string): Promise<PixRefundResult | null> {
    return sandboxDevolucaoStatus(this.db, endToEndId, refundId);
  }

  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): RecurrenceNotice[] | null {
    return parseSignedNotices(rawBody, headers, this.opts.webhookSecret);
  }

  // ── The payer's bank: its app's approval page and its debits ────────────────────────────────────────────

  /** What the approval page shows for a token, or null when there is no such page. */
  async approvalView(token: string): Promise<SandboxRecurrenceView | null> {
    const r = await this.db.selectFrom('sandbox_pix_recs').selectAll().where('approval_token', '=', token).executeTakeFirst();
    if (!r) return null;
    return {
      idRec: r.id_rec,
      status: r.status,
      contractRef: r.contract_ref,
      debtorName: r.debtor_name,
      object: r.object,
      amount: cents(r.amount_cents),
      startDate: r.start_date,
    };
  }

  /** The payer answered in the "bank app": a waiting recurrence becomes APROVADA or REJEITADA (once), then the webhook. */
  async answer(token: string, decision: 'approve' | 'reject'): Promise<SandboxRecurrenceView | null> {
    const status: RecurrenceStatus = decision === 'approve' ? 'APROVADA' : 'REJEITADA';
    const webhook = await this.db.transaction().execute(async (tx) => {
      const changed = await tx
        .updateTable('sandbox_pix_recs')
        .set({ status, updated_at: this.clock.now() })
        .where('approval_token', '=', token)
        .where('status', '=', 'CRIADA')
        .returning('id_rec')
        .executeTakeFirst();
      return changed ? this.record(tx, [{ kind: 'rec', idRec: changed.id_rec }]) : null;
    });
    if (webhook !== null) this.notify(webhook);
    return this.approvalView(token);
  }

  /** The payer's bank debits a scheduled charge (the sandbox's does it at once; ADR 077). */
  private async debit(txid: string): Promise<void> {
    const now = this.clock.now();
    // E + participant (8) + yyyyMMddHHmm (12) + 11: the 32 characters of an endToEndId.
    const endToEndId = `E00000000${now.toISOString().replace(/\D/g, '').slice(0, 12)}${randomBytes(6).toString('hex').slice(0, 11)}`;
    const webhook = await this.db.transaction().execute(async (tx) => {
      const paid = await tx
        .updateTable('sandbox_pix_cobrs')
        .set({ status: 'CONCLUIDA', end_to_end_id: endToEndId, paid_at: now })
        .where('txid', '=', txid)
        .where('status', '=', 'ATIVA')
        .returning('txid')
        .executeTakeFirst();
      return paid ? this.record(tx, [{ kind: 'cobr', txid }]) : null;
    });
    if (webhook !== null) this.notify(webhook);
  }

  /** The PSP's webhook body (`{ recs: [{ idRec }], cobsr: [{ txid }] }`), recorded with the change it tells of. */
  private record(tx: Executor, notices: RecurrenceNotice[]): Promise<number> {
    const body = JSON.stringify({
      recs: notices.flatMap((n) => (n.kind === 'rec' ? [{ idRec: n.idRec }] : [])),
      cobsr: notices.flatMap((n) => (n.kind === 'cobr' ? [{ txid: n.txid }] : [])),
    });
    return this.webhooks.record(tx, body);
  }

  /** The PSP's webhook, sent after the change committed (as a PSP does); tracked for `idle()`; retried until accepted. */
  private notify(webhook: number): void {
    this.later(async () => {
      await this.webhooks.sendNow(webhook);
    });
  }

  /** Runs after the caller's current work (the caller commits its own row first), tracked for `idle()`. */
  private later(work: () => Promise<void>): void {
    const p: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err: unknown) => this.opts.onError?.(err))
      .finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }
}

/**
 * The port's default from configuration (composition.ts; ADR 077): with PIX_PSP=api-pix, the same PSP's API Pix
 * (its URL, OAuth client and mTLS certificate, a client of its own); else the demo sandbox in demo mode; else none
 * (Pix Automático answers 503, as Pix does without PIX_KEY). The sandbox never runs outside demo mode.
 */
export function defaultPixRecurrencePsp(db: Database, config: AppConfig, clock: Clock): PixRecurrencePsp | null {
  const e = config.env;
  const webhookSecret = e.PIX_WEBHOOK_SECRET ?? (config.demoMode ? DEMO_PIX.webhookSecret : null);
  if (e.PIX_PSP === 'api-pix' && missingApiPixSettings(e).length === 0) {
    const client = new ApiPixClient({
      baseUrl: e.PIX_API_URL!,
      ...(e.PIX_TOKEN_URL ? { tokenUrl: e.PIX_TOKEN_URL } : {}),
      clientId: e.PIX_CLIENT_ID!,
      clientSecret: e.PIX_CLIENT_SECRET!,
      tls: { cert: pemFromConfig(e.PIX_CERT!), key: pemFromConfig(e.PIX_CERT_KEY!), ...(e.PIX_CA ? { ca: pemFromConfig(e.PIX_CA) } : {}) },
    });
    return new ApiPixRecurrencePsp(client, { webhookSecret });
  }
  if (!config.demoMode) return null;
  return new SandboxPixRecurrencePsp(db, clock, {
    merchantName: e.PIX_MERCHANT_NAME ?? DEMO_PIX.merchantName,
    merchantCity: e.PIX_MERCHANT_CITY ?? DEMO_PIX.merchantCity,
    webhookSecret,
  });
}

/** 'RN'/'RR' + 8-digit participant + yyyyMMdd + 11 random (29 chars, the API Pix's idRec formation). */
function newIdRec(policy: RecurrenceRequest['retryPolicy'], now: Date): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const seq = [...randomBytes(11)].map((b) => alphabet[b % alphabet.length]).join('');
  return `${policy === 'PERMITE_3R_7D' ? 'RR' : 'RN'}00000000${now.toISOString().slice(0, 10).replace(/-/g, '')}${seq}`;
}

const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** CRC16-CCITT (poly 0x1021, init 0xFFFF) of a BR Code, as field 63 carries it. */
export function brCodeCrc(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * Journey 2's BR Code: an EMV MPM with only the recurrence (field 80, GUI br.gov.bcb.pix, sub-field 25 = the
 * recurrence's location); no amount, no charge. The sandbox's location is under `.invalid`, so no bank can reach it.
 */
export function recurrenceBrCode(p: { location: string; merchantName: string; merchantCity: string }): string {
  const ascii = (s: string, max: number) =>
    s
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .slice(0, max);
  const body =
    field('00', '01') +
    field('80', field('00', 'br.gov.bcb.pix') + field('25', p.location)) +
    field('52', '0000') +
    field('53', '986') +
    field('58', 'BR') +
    field('59', ascii(p.merchantName, 25)) +
    field('60', ascii(p.merchantCity, 15)) +
    field('62', field('05', '***')) +
    '6304';
  return body + brCodeCrc(body);
}
