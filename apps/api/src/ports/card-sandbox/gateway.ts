import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../db/db';
import {
  GatewayUnavailableError,
  type CardClientConfig,
  type CardGateway,
  type CardWebhookEvent,
  type ChargeRequest,
  type ChargeResult,
  type CompleteActionRequest,
  type EncryptedCard,
  type PaymentLinkRequest,
  type RefundRequest,
  type RefundResult,
  type TokenizeRequest,
} from '../card-gateway';
import { DECLINED, INSUFFICIENT, INVALID_CARD, THREE_DS_FAILED, UNKNOWN_REFERENCE, toVaultCard, type VaultCard } from './cards';
import { decryptField, loadOrCreateKey, type SandboxKey } from './keys';
import { refundPayment } from './refunds';
import { SandboxNotifications, authorisation, type WebhookDelivery } from './notifications';
import { SandboxWebhooks } from '../sandbox-webhooks';
import { safeEqual } from '../../lib/crypto';

export interface SandboxOptions {
  /** Base of the sandbox's own pages (hosted payment page, 3DS challenge): the app's PUBLIC_URL. */
  publicUrl: string;
  now?: () => Date;
  latencyMs?: number;
}

type PaymentRow = { gateway_id: string; status: string; result: unknown; pending_card: unknown; challenge_token: string | null };
const parseJson = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/**
 * The built-in card provider (issue 27 item 3, ADR 074): a faithful stand-in for a card PSP. The browser encrypts
 * each card field to the sandbox's public key (compact JWE, `jose`); only this module decrypts. Its vault (the card
 * on file per reference), its ledger (one row per idempotency key: a retry replays the first outcome) and its
 * payment links live in the card_sandbox_* tables (a restart and a second instance see them). Notifications
 * (AUTHORISATION, REFUND) are HMAC-signed and delivered to the merchant's webhook route.
 */
export class SandboxCardGateway implements CardGateway {
  readonly name = 'sandbox';
  private key: SandboxKey | null = null;
  /** Its notifications: signed, recorded, delivered to the merchant until accepted, verified on the way in. */
  readonly notifications: SandboxNotifications;

  constructor(
    private readonly db: Database,
    private readonly opts: SandboxOptions,
  ) {
    this.notifications = new SandboxNotifications(() => this.k.hmacKey, new SandboxWebhooks(db, 'card-sandbox', () => this.now()));
  }

  /** Its outgoing webhooks, kept until accepted: the payments follow-up job retries the due ones (ADR 081). */
  get webhooks(): SandboxWebhooks {
    return this.notifications.webhooks;
  }

  /** Loads (or, the first time, makes) the key pair; the app awaits it at start. */
  async init(): Promise<void> {
    this.key ??= await loadOrCreateKey(this.db);
  }

  /** Where notifications go (composition: the webhook route); without it they are dropped. */
  setDelivery(deliver: WebhookDelivery | null): void {
    this.notifications.setDelivery(deliver);
  }

  /** Waits for the notifications still being delivered (app close, tests). */
  async drain(): Promise<void> {
    await this.writesDone();
    await this.notifications.drain();
  }

  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): CardWebhookEvent[] | null {
    return this.notifications.parse(rawBody, headers);
  }

  private readonly writes = new Set<Promise<unknown>>();
  private write(p: Promise<unknown>): void {
    const tracked: Promise<unknown> = p.catch(() => {}).finally(() => this.writes.delete(tracked));
    this.writes.add(tracked);
  }
  private async writesDone(): Promise<void> {
    while (this.writes.size > 0) await Promise.allSettled([...this.writes]);
  }

  private get k(): SandboxKey {
    if (!this.key) throw new Error('card sandbox: init() was not awaited');
    return this.key;
  }

  private now(): Date {
    return this.opts.now?.() ?? new Date();
  }

  private url(path: string): string {
    return `${this.opts.publicUrl.replace(/\/$/, '')}${path}`;
  }

  private async latency() {
    const ms = this.opts.latencyMs ?? 5;
    if (ms > 0) await new Promise((r) => setTimeout(r, ms));
  }

  clientConfig(): CardClientConfig {
    return { provider: 'sandbox', keyId: this.k.kid, publicKeyJwk: this.k.publicJwk };
  }

  /** The card inside the JWEs, checked as an issuer would; null = not decryptable or not a valid card. */
  private async open(card: EncryptedCard): Promise<VaultCard | null> {
    const [number, month, year, cvv] = await Promise.all(
      [card.encryptedCardNumber, card.encryptedExpiryMonth, card.encryptedExpiryYear, card.encryptedSecurityCode].map((f) =>
        decryptField(this.k, f),
      ),
    );
    if (number == null || month == null || year == null || cvv == null) return null;
    return toVaultCard({ number, month, year, cvv }, this.now());
  }

  private async replay(idempotencyKey: string): Promise<ChargeResult | null> {
    const row = await this.db
      .selectFrom('card_sandbox_payments')
      .select('result')
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
    return row ? parseJson<ChargeResult>(row.result) : null;
  }

  async tokenize(req: TokenizeRequest): Promise<ChargeResult> {
    return this.authorise('tokenize', { ...req, amount: 0, card: req.card });
  }

  async charge(req: ChargeRequest): Promise<ChargeResult> {
    return this.authorise('charge', req);
  }

  private async authorise(
    kind: 'charge' | 'tokenize',
    req: { idempotencyKey: string; reference: string; amount: number; card?: EncryptedCard | undefined },
  ): Promise<ChargeResult> {
    const first = await this.replay(req.idempotencyKey);
    if (first) return first;
    await this.latency();
    const gatewayId = `sbx_${kind === 'charge' ? 'ch' : 'tk'}_${randomBytes(9).toString('hex')}`;
    let card: VaultCard | null;
    if (req.card) card = await this.open(req.card);
    else {
      const v = await this.db.selectFrom('card_sandbox_vault').selectAll().where('reference', '=', req.reference).executeTakeFirst();
      // The card on file is charged merchant-initiated: no challenge.
      card = v
        ? {
            brand: v.brand,
            last4: v.last4,
            behaviour: v.behaviour === 'challenge' ? 'approve' : (v.behaviour as VaultCard['behaviour']),
            expMonth: v.exp_month ?? 0,
            expYear: v.exp_year ?? 0,
          }
        : null;
    }
    if (card?.behaviour === 'error') throw new GatewayUnavailableError('sandbox: simulated gateway failure');

    let result: ChargeResult;
    let challengeToken: string | null = null;
    if (!card) result = { status: 'declined', gatewayId, ...(req.card ? INVALID_CARD : UNKNOWN_REFERENCE) };
    else if (card.behaviour === 'decline' || card.behaviour === 'decline_answer_lost')
      result = { status: 'declined', gatewayId, ...DECLINED };
    else if (card.behaviour === 'insufficient') result = { status: 'declined', gatewayId, ...INSUFFICIENT };
    else if (card.behaviour === 'charge_decline' && kind === 'charge') result = { status: 'declined', gatewayId, ...DECLINED };
    else if (card.behaviour === 'challenge') {
      challengeToken = randomBytes(18).toString('base64url');
      result = {
        status: 'action_required',
        gatewayId,
        action: {
          provider: 'sandbox',
          data: {
            type: 'threeDS2',
            subtype: 'challenge',
            // Relative: the browser asks the sandbox at the address it is on.
            challengeUrl: `/sandbox/3ds/${challengeToken}`,
            amount: req.amount,
            brand: card.brand,
            last4: card.last4,
          },
        },
      };
    } else result = { status: 'approved', gatewayId, brand: card.brand, last4: card.last4 };

    const stored = await this.db.transaction().execute(async (tx) => {
      const inserted = await tx
        .insertInto('card_sandbox_payments')
        .values({
          gateway_id: gatewayId,
          idempotency_key: req.idempotencyKey,
          kind,
          reference: req.reference,
          amount_cents: req.amount,
          status: result.status,
          result: sql`${JSON.stringify(result)}::jsonb`,
          pending_card: challengeToken && card ? sql`${JSON.stringify(card)}::jsonb` : null,
          challenge_token: challengeToken,
          completed_at: result.status === 'action_required' ? null : this.now(),
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .returning('gateway_id')
        .executeTakeFirst();
      if (!inserted) return null; // a concurrent request with the same key won: its outcome is the outcome
      if (result.status === 'approved' && req.card && card) await this.vault(tx, req.reference, card);
      const webhook =
        result.status === 'action_required'
          ? null
          : await this.notifications.record(tx, [authorisation(result, req.idempotencyKey, req.amount)]);
      return { result, webhook };
    });
    if (!stored) return (await this.replay(req.idempotencyKey))!;
    if (stored.webhook !== null) this.notifications.notify(stored.webhook);
    // The charge is made and notified, but its answer never reaches the caller (a retry with the key replays it).
    if (kind === 'charge' && (card?.behaviour === 'approve_answer_lost' || card?.behaviour === 'decline_answer_lost'))
      throw new GatewayUnavailableError('sandbox: simulated lost answer');
    return stored.result;
  }

  private async vault(tx: Database, reference: string, card: VaultCard) {
    const values = { brand: card.brand, last4: card.last4, behaviour: card.behaviour, exp_month: card.expMonth, exp_year: card.expYear };
    await tx
      .insertInto('card_sandbox_vault')
      .values({ reference, ...values })
      .onConflict((oc) => oc.column('reference').doUpdateSet({ ...values, updated_at: sql`now()` }))
      .execute();
  }

  /** The challenge page's answer (POST /sandbox/3ds/{token}): 'Y' passed, 'N' refused. Null = no such open challenge. */
  async answerChallenge(token: string, answer: 'Y' | 'N'): Promise<{ threeDSResult: string } | null> {
    const row = await this.db
      .updateTable('card_sandbox_payments')
      .set({ challenge_result: answer })
      .where('challenge_token', '=', token)
      .where('status', '=', 'action_required')
      .returning('gateway_id')
      .executeTakeFirst();
    return row ? { threeDSResult: token } : null;
  }

  /** The open challenge behind a token (the challenge page shows its amount and card). */
  async challenge(token: string): Promise<{ amount: number; brand: string; last4: string } | null> {
    const row = await this.db
      .selectFrom('card_sandbox_payments')
      .select(['amount_cents', 'pending_card'])
      .where('challenge_token', '=', token)
      .where('status', '=', 'action_required')
      .executeTakeFirst();
    if (!row) return null;
    const card = parseJson<VaultCard>(row.pending_card);
    return { amount: row.amount_cents, brand: card.brand, last4: card.last4 };
  }

  async completeAction(req: CompleteActionRequest): Promise<ChargeResult> {
    await this.latency();
    const outcome = await this.db.transaction().execute(async (tx) => {
      const row = (await tx
        .selectFrom('card_sandbox_payments')
        .select([
          'gateway_id',
          'status',
          'result',
          'pending_card',
          'challenge_token',
          'challenge_result',
          'reference',
          'idempotency_key',
          'amount_cents',
        ])
        .where('gateway_id', '=', req.gatewayId)
        .forUpdate()
        .executeTakeFirst()) as
        (PaymentRow & { challenge_result: string | null; reference: string; idempotency_key: string; amount_cents: number }) | undefined;
      if (!row) return { result: { status: 'declined', gatewayId: req.gatewayId, ...THREE_DS_FAILED } as ChargeResult, webhook: null };
      if (row.status !== 'action_required') return { result: parseJson<ChargeResult>(row.result), webhook: null };
      const card = parseJson<VaultCard>(row.pending_card);
      const passed =
        row.challenge_result === 'Y' &&
        typeof req.details.threeDSResult === 'string' &&
        safeEqual(req.details.threeDSResult, row.challenge_token ?? '');
      const result: ChargeResult = passed
        ? { status: 'approved', gatewayId: row.gateway_id, brand: card.brand, last4: card.last4 }
        : { status: 'declined', gatewayId: row.gateway_id, ...THREE_DS_FAILED };
      await tx
        .updateTable('card_sandbox_payments')
        .set({ status: result.status, result: sql`${JSON.stringify(result)}::jsonb`, pending_card: null, completed_at: this.now() })
        .where('gateway_id', '=', row.gateway_id)
        .execute();
      if (passed) await this.vault(tx, row.reference, { ...card, behaviour: 'challenge' });
      const webhook = await this.notifications.record(tx, [authorisation(result, row.idempotency_key, row.amount_cents)]);
      return { result, webhook };
    });
    if (outcome.webhook !== null) this.notifications.notify(outcome.webhook);
    return outcome.result;
  }

  async createPaymentLink(req: PaymentLinkRequest): Promise<{ url: string; gatewayId: string }> {
    await this.latency();
    const gatewayId = `sbx_pl_${req.linkId}`;
    // Written in the background: the merchant may ask from inside its own transaction (the advance by link), and
    // on the embedded single-connection database a write awaited here would wait for that transaction to end.
    this.write(
      this.db
        .insertInto('card_sandbox_links')
        .values({
          link_id: req.linkId,
          gateway_id: gatewayId,
          reference: req.reference,
          amount_cents: req.amount,
          description: req.description,
          return_url: req.returnUrl ?? null,
          expires_at: req.expiresAt,
        })
        .onConflict((oc) => oc.column('link_id').doNothing())
        .execute(),
    );
    return { url: this.url(`/sandbox/pay/${req.linkId}`), gatewayId };
  }

  async refund(req: RefundRequest): Promise<RefundResult> {
    await this.latency();
    return refundPayment(this.db, this.notifications, req);
  }

  // ── The hosted payment page (routes.ts) ──────────────────────────────────────────────────────
  async link(linkId: string) {
    await this.writesDone();
    return this.db.selectFrom('card_sandbox_links').selectAll().where('link_id', '=', linkId).executeTakeFirst();
  }

  /** Pays a link with one of the test cards (the hosted page lists them); the AUTHORISATION is delivered before it answers. */
  async payLink(linkId: string, card: VaultCard): Promise<'paid' | 'already_paid' | 'expired' | 'not_found' | { declined: string }> {
    const link = await this.link(linkId);
    if (!link) return 'not_found';
    if (link.paid_at) return 'already_paid';
    if (link.expires_at.getTime() <= this.now().getTime()) return 'expired';
    if (card.behaviour === 'error') throw new GatewayUnavailableError('sandbox: simulated gateway failure');
    if (card.behaviour === 'decline' || card.behaviour === 'insufficient' || card.behaviour === 'charge_decline')
      return { declined: card.behaviour === 'insufficient' ? INSUFFICIENT.message : DECLINED.message };
    const gatewayId = `sbx_ch_${randomBytes(9).toString('hex')}`;
    const result: ChargeResult = { status: 'approved', gatewayId, brand: card.brand, last4: card.last4 };
    const webhook = await this.db.transaction().execute(async (tx) => {
      const upd = await tx
        .updateTable('card_sandbox_links')
        .set({ paid_gateway_id: gatewayId, paid_at: this.now() })
        .where('link_id', '=', linkId)
        .where('paid_at', 'is', null)
        .returning('link_id')
        .executeTakeFirst();
      if (!upd) return null;
      await tx
        .insertInto('card_sandbox_payments')
        .values({
          gateway_id: gatewayId,
          idempotency_key: `link:${linkId}`,
          kind: 'link',
          reference: link.reference,
          amount_cents: link.amount_cents,
          status: 'approved',
          result: sql`${JSON.stringify(result)}::jsonb`,
          completed_at: this.now(),
        })
        .execute();
      return this.notifications.record(tx, [authorisation(result, linkId, link.amount_cents)]);
    });
    if (webhook === null) return 'already_paid';
    // Delivered before the page answers; refused or unreachable, it is retried until accepted (ADR 081).
    await this.notifications.deliverNow(webhook).catch(() => {});
    return 'paid';
  }
}
