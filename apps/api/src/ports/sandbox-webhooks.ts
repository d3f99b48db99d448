import { sql } from 'kysely';
import { webhookRetryDecision } from '@guarita/domain';
import type { Database, Executor } from '../db/db';

/** The built-in sandboxes that send webhooks (ADR 081). */
export type SandboxWebhookSource = 'card-sandbox' | 'pix-automatico-sandbox';

/**
 * Hands one recorded body to the merchant's webhook route: resolves when it was accepted (2xx), throws otherwise —
 * `WebhookRefusedError` with the status it answered, anything else counts as unreachable.
 */
export type WebhookSender = (body: string) => Promise<void>;

/** The merchant answered, but not 2xx. */
export class WebhookRefusedError extends Error {
  constructor(readonly status: number) {
    super(`webhook answered ${status}`);
    this.name = 'WebhookRefusedError';
  }
}

export interface WebhookPass {
  delivered: number;
  retried: number;
  failed: number;
}

/** How long a try holds its row before another pass (another instance) may take it: a process that died mid-send. */
const LEASE_MS = 5 * 60_000;

interface Claimed {
  id: number;
  body: string;
  attempts: number;
}

/**
 * A sandbox's outgoing webhooks, kept until the merchant accepts them as a real provider keeps its notifications
 * (issue 27 gap 3, ADR 081): `record` writes the body in the sandbox's own transaction (it exists exactly when the change
 * it tells of does), `sendSoon`/`sendNow` try it at once, and the payments follow-up job calls `redeliver` for every try
 * that is due — 1 min, 5 min, 30 min, 2 h, 6 h, then 12 h apart (domain `webhookRetryDecision`), stopping at the first
 * 2xx and giving up after 10 tries. Each try claims its row (UPDATE … FOR UPDATE SKIP LOCKED with a lease), so two
 * instances never send one try twice; the send itself runs outside any transaction. Nothing but the row id, the try and
 * an HTTP status is ever written to a log or to `last_outcome`: no body, no header, no signature.
 */
export class SandboxWebhooks {
  private sender: WebhookSender | null = null;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Database,
    readonly source: SandboxWebhookSource,
    private readonly now: () => Date,
  ) {}

  /** Where the webhooks go (the payments module: an in-process POST to its webhook route); null: kept, not sent. */
  setSender(sender: WebhookSender | null): void {
    this.sender = sender;
  }

  /** The sender now in place (a test wraps it to make our endpoint fail). */
  get currentSender(): WebhookSender | null {
    return this.sender;
  }

  /** Records one webhook in the caller's transaction, due now; answers its id. */
  async record(q: Executor, body: string): Promise<number> {
    const now = this.now();
    const row = await q
      .insertInto('sandbox_webhook_deliveries')
      .values({ source: this.source, body, run_after: now, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** Tries a recorded webhook once the caller's work is done (after the API answer, as a provider does); tracked for `drain`. */
  sendSoon(id: number): void {
    const p: Promise<unknown> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.sendNow(id))
      .catch(() => {}) // the retry job takes it from here
      .finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }

  /** Tries a recorded webhook now and answers whether the merchant accepted it (a refusal is retried later). */
  async sendNow(id: number): Promise<boolean> {
    if (!this.sender) return false;
    const now = this.now();
    const { rows } = await sql<Claimed>`
      UPDATE sandbox_webhook_deliveries SET attempts = attempts + 1, run_after = ${new Date(now.getTime() + LEASE_MS)}
       WHERE id = ${id} AND status = 'pending'
      RETURNING id, body, attempts`.execute(this.db);
    return rows[0] ? (await this.attempt(rows[0])) === 'delivered' : false;
  }

  /** One pass of the retry job: every due webhook of this sandbox, tried once. */
  async redeliver(limit = 50): Promise<WebhookPass> {
    const pass: WebhookPass = { delivered: 0, retried: 0, failed: 0 };
    if (!this.sender) return pass;
    const now = this.now();
    // Raw SQL: UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED) is not in the builder.
    const { rows } = await sql<Claimed>`
      UPDATE sandbox_webhook_deliveries SET attempts = attempts + 1, run_after = ${new Date(now.getTime() + LEASE_MS)}
       WHERE id IN (
         SELECT id FROM sandbox_webhook_deliveries
          WHERE source = ${this.source} AND status = 'pending' AND run_after <= ${now}
          ORDER BY run_after, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING id, body, attempts`.execute(this.db);
    for (const row of rows) {
      const outcome = await this.attempt(row);
      if (outcome === 'delivered') pass.delivered++;
      else if (outcome === 'failed') pass.failed++;
      else pass.retried++;
    }
    return pass;
  }

  /** Settles once every try started so far has ended (app close, tests). */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private async attempt(row: Claimed): Promise<'delivered' | 'failed' | 'pending'> {
    let outcome = 'HTTP 2xx';
    let accepted = false;
    try {
      await this.sender!(row.body);
      accepted = true;
    } catch (err) {
      outcome = err instanceof WebhookRefusedError ? `HTTP ${err.status}` : 'unreachable';
    }
    const next = webhookRetryDecision(row.attempts, accepted);
    const now = this.now();
    await this.db
      .updateTable('sandbox_webhook_deliveries')
      .set({
        status: next.status,
        last_outcome: outcome,
        ...(next.status === 'pending' ? { run_after: new Date(now.getTime() + next.delaySeconds * 1000) } : {}),
        ...(next.status === 'delivered' ? { delivered_at: now } : {}),
      })
      .where('id', '=', row.id)
      .execute();
    return next.status;
  }
}
