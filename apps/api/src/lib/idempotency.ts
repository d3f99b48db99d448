import { PAYMENT_MSG } from '@guarita/domain';
import { sql } from 'kysely';
import type { Database, Executor } from '../db/db';
import { keyedHash } from './crypto';
import { AppError } from './errors';

export interface StoredAnswer<T = unknown> {
  status: number;
  body: T;
}
export interface IdempotentAnswer<T = unknown> extends StoredAnswer<T> {
  /** True when this is the stored answer of an earlier request with the same key. */
  replayed: boolean;
}

/**
 * Idempotency-Key handling that holds on N instances and on PGlite alike, with no in-memory state:
 *
 * 1. one transaction inserts the (customer, key) row first — `ON CONFLICT DO NOTHING` — and locks it
 *    (`SELECT … FOR UPDATE`). On PostgreSQL a concurrent request with the same key blocks on that insert
 *    until the first transaction ends; PGlite runs transactions one at a time;
 * 2. a different request hash under the key → 422 IDEMPOTENCY_KEY_REUSED;
 * 3. a completed row → its stored answer is replayed (no second charge);
 * 4. otherwise `work` runs in the same transaction (locks bills, calls the gateway, records the charge,
 *    settles the bills) and its answer is stored with the row before commit.
 *
 * If `work` throws, everything rolls back, the key is free again and a retry re-evaluates (a gateway
 * call that may have happened is deduplicated by the gateway itself, which receives the same key).
 */
/** How long a card charge's reservation of its bills lives (well above the gateway's own timeout). */
const RESERVATION_SECONDS = 120;
/** A concurrent request with the same key waits this long for the first one's answer. */
const WAIT_FOR_OTHER_MS = 60_000;
const WAIT_POLL_MS = 50;

export class IdempotencyStore {
  constructor(
    private readonly db: Database,
    /** The 'idempotency' key of the keyring (ADR 062). */
    private readonly hashSecret: Buffer,
  ) {}

  /** Keyed hash of a canonical JSON of the request (it may include card data, so never a plain hash). */
  requestHash(scope: string, request: unknown): string {
    return keyedHash(this.hashSecret, 'idempotency', scope, canonicalJson(request));
  }

  run<T>(
    customerId: number,
    key: string,
    scope: string,
    requestHash: string,
    work: (tx: Executor) => Promise<StoredAnswer<T>>,
  ): Promise<IdempotentAnswer<T>> {
    return this.db.transaction().execute(async (tx) => {
      const row = await this.claim(tx, customerId, key, scope, requestHash);
      if (row.status !== null) return stored<T>(row);
      const answer = await work(tx);
      await this.complete(tx, customerId, key, answer);
      return { ...answer, replayed: false };
    });
  }

  /**
   * Like `run`, for work that calls a slow outside system (the card gateway), which must never run while
   * row locks or a pooled connection are held:
   *
   * 1. reserve — one short transaction: the key row is inserted and checked as in `run`; `reserve(tx)` locks and
   *    checks the bills, and their ids are written on the key row with an expiry (`reserved_until`). Other
   *    payments of those bills see the reservation and answer 409; the locks end with the commit;
   * 2. call — `call(plan)` with no transaction and no connection held (a slow gateway holds nothing);
   * 3. settle — a second short transaction: `settle(tx, plan, outcome)` records the outcome and the answer.
   *
   * A concurrent request with the same key waits (polling, no connection held) for the answer and replays it.
   * If the call throws, the key row is deleted: a retry re-evaluates. If the process dies between 2 and 3, the
   * reservation expires and a retry with the same key runs again: the gateway receives the same idempotency key
   * and replays its first outcome, so there is still exactly one charge.
   */
  async runOutsideLock<T, P, O>(
    customerId: number,
    key: string,
    scope: string,
    requestHash: string,
    steps: {
      reserve: (tx: Executor) => Promise<{ plan: P; docEntries: number[] }>;
      call: (plan: P) => Promise<O>;
      settle: (tx: Executor, plan: P, outcome: O) => Promise<StoredAnswer<T>>;
    },
  ): Promise<IdempotentAnswer<T>> {
    const deadline = Date.now() + WAIT_FOR_OTHER_MS;
    for (;;) {
      const first = await this.db.transaction().execute(async (tx) => {
        const row = await this.claim(tx, customerId, key, scope, requestHash);
        if (row.status !== null) return { kind: 'replay' as const, answer: stored<T>(row) };
        if (row.reservationLive) return { kind: 'wait' as const };
        const { plan, docEntries } = await steps.reserve(tx);
        await tx
          .updateTable('idempotency_keys')
          .set({
            reserved_doc_entries: sql`${sql.val(docEntries)}::int[]`,
            reserved_until: sql`now() + make_interval(secs => ${RESERVATION_SECONDS})`,
          })
          .where('customer_id', '=', customerId)
          .where('idem_key', '=', key)
          .execute();
        return { kind: 'reserved' as const, plan };
      });
      if (first.kind === 'replay') return first.answer;
      if (first.kind === 'wait') {
        if (Date.now() > deadline) throw new AppError(409, 'IDEMPOTENCY_IN_PROGRESS', PAYMENT_MSG.paymentOtherError);
        await new Promise((r) => setTimeout(r, WAIT_POLL_MS));
        continue;
      }
      let outcome: O;
      try {
        outcome = await steps.call(first.plan);
      } catch (err) {
        await this.db
          .deleteFrom('idempotency_keys')
          .where('customer_id', '=', customerId)
          .where('idem_key', '=', key)
          .where('response_status', 'is', null)
          .execute()
          .catch(() => {}); // if this fails too, the reservation simply expires
        throw err;
      }
      return this.db.transaction().execute(async (tx) => {
        const row = await tx
          .selectFrom('idempotency_keys')
          .select(['response_status as status', 'response_body as body'])
          .where('customer_id', '=', customerId)
          .where('idem_key', '=', key)
          .forUpdate()
          .executeTakeFirst();
        // Settled meanwhile by a retry that found our reservation expired: its answer is the answer.
        if (row && row.status !== null) return stored<T>(row);
        const answer = await steps.settle(tx, first.plan, outcome);
        await this.insertKey(tx, customerId, key, scope, requestHash);
        await this.complete(tx, customerId, key, answer);
        return { ...answer, replayed: false };
      });
    }
  }

  /** Bills of `docEntries` reserved by another live, unfinished payment (step 1 of `runOutsideLock`). */
  async reservedByOthers(tx: Executor, docEntries: readonly number[], self?: { customerId: number; key: string }): Promise<number[]> {
    const rows = await tx
      .selectFrom('idempotency_keys')
      .select(sql<number>`unnest(reserved_doc_entries)`.as('d'))
      .distinct()
      .where('reserved_until', '>', sql<Date>`now()`)
      .where('response_status', 'is', null)
      .where(sql<boolean>`reserved_doc_entries && ${sql.val([...docEntries])}::int[]`)
      .where(sql<boolean>`NOT (customer_id = ${self?.customerId ?? 0} AND idem_key = ${self?.key ?? ''})`)
      .execute();
    // A card payment waiting for its 3-D Secure challenge (card_actions, issue 27) holds its bills the same way.
    const pending = await tx
      .selectFrom('card_actions')
      .select(sql<number>`unnest(doc_entries)`.as('d'))
      .where('status', '=', 'pending')
      .where('expires_at', '>', sql<Date>`now()`)
      .where(sql<boolean>`doc_entries && ${sql.val([...docEntries])}::int[]`)
      .where(sql<boolean>`NOT (customer_id = ${self?.customerId ?? 0} AND idem_key = ${self?.key ?? ''})`)
      .execute();
    // A card charge whose answer was lost (card_charge_attempts 'unknown', issue 27) holds them until the provider's
    // notification says what happened, or until its hold ends.
    const unknown = await tx
      .selectFrom('card_charge_attempts')
      .select(sql<number>`unnest(doc_entries)`.as('d'))
      .where('status', '=', 'unknown')
      .where('held_until', '>', sql<Date>`now()`)
      .where(sql<boolean>`doc_entries && ${sql.val([...docEntries])}::int[]`)
      .where(sql<boolean>`NOT (customer_id = ${self?.customerId ?? 0} AND idem_key = ${self?.key ?? ''})`)
      .execute();
    const wanted = new Set(docEntries);
    return [...new Set([...rows, ...pending, ...unknown].map((r) => Number(r.d)))].filter((d) => wanted.has(d));
  }

  /**
   * The answer of a request settled by someone other than the request itself (the card provider's notification of a
   * charge whose answer was lost, issue 27): in the caller's transaction the key's row is locked (made again if the
   * failed call removed it) — the same order as step 3 of `runOutsideLock`, so the two never deadlock. A row that has
   * its answer already: that answer, `work` not run. Otherwise `work` runs; the answer it gives (if any) is stored
   * for a retry with the same key to replay.
   */
  async settleElsewhere<T>(
    tx: Executor,
    k: { customerId: number; key: string; scope: string; requestHash: string },
    work: () => Promise<StoredAnswer<T> | null>,
  ): Promise<{ answer: StoredAnswer<T> | null; replayed: boolean }> {
    await this.insertKey(tx, k.customerId, k.key, k.scope, k.requestHash);
    const row = await tx
      .selectFrom('idempotency_keys')
      .select(['response_status as status', 'response_body as body'])
      .where('customer_id', '=', k.customerId)
      .where('idem_key', '=', k.key)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (row.status !== null) return { answer: stored<T>(row), replayed: true };
    const answer = await work();
    if (answer) await this.complete(tx, k.customerId, k.key, answer);
    return { answer, replayed: false };
  }

  /**
   * The stored answer of a request already answered under this key, or null (none yet: `run` decides). For work whose
   * inputs a first answer consumes (support-request attachments sent ahead, ADR 092): a retry must replay before it
   * looks for them. A different request under the key → 422 IDEMPOTENCY_KEY_REUSED, as `run`.
   */
  async answered<T>(customerId: number, key: string, scope: string, requestHash: string): Promise<IdempotentAnswer<T> | null> {
    const row = await this.db
      .selectFrom('idempotency_keys')
      .select(['scope', 'request_hash as requestHash', 'response_status as status', 'response_body as body'])
      .where('customer_id', '=', customerId)
      .where('idem_key', '=', key)
      .executeTakeFirst();
    if (!row) return null;
    if (row.scope !== scope || row.requestHash !== requestHash) {
      throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', PAYMENT_MSG.idempotencyKeyReused);
    }
    return row.status === null ? null : stored<T>(row);
  }

  /** The (customer, key) row, inserted unless it exists (a concurrent insert of the same key waits on PostgreSQL). */
  private async insertKey(tx: Executor, customerId: number, key: string, scope: string, requestHash: string) {
    await tx
      .insertInto('idempotency_keys')
      .values({ customer_id: customerId, idem_key: key, scope, request_hash: requestHash })
      .onConflict((oc) => oc.columns(['customer_id', 'idem_key']).doNothing())
      .execute();
  }

  /** Stores the final answer on the key row (and ends any reservation of bills). */
  private async complete(tx: Executor, customerId: number, key: string, answer: StoredAnswer) {
    await tx
      .updateTable('idempotency_keys')
      .set({
        // jsonb from a JSON text: the driver would send a JS object as text anyway; say what it is.
        response_status: answer.status,
        response_body: sql`${JSON.stringify(answer.body)}::jsonb`,
        completed_at: sql`now()`,
        reserved_doc_entries: null,
        reserved_until: null,
      })
      .where('customer_id', '=', customerId)
      .where('idem_key', '=', key)
      .execute();
  }

  /** Inserts and locks the key row; a different request under the same key → 422 IDEMPOTENCY_KEY_REUSED. */
  private async claim(tx: Executor, customerId: number, key: string, scope: string, requestHash: string) {
    await this.insertKey(tx, customerId, key, scope, requestHash);
    const row = await tx
      .selectFrom('idempotency_keys')
      .select([
        'scope',
        'request_hash as requestHash',
        'response_status as status',
        'response_body as body',
        sql<boolean>`coalesce(reserved_until > now(), false)`.as('reservationLive'),
      ])
      .where('customer_id', '=', customerId)
      .where('idem_key', '=', key)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new Error('idempotency row missing after insert');
    if (row.scope !== scope || row.requestHash !== requestHash) {
      throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', PAYMENT_MSG.idempotencyKeyReused);
    }
    return row;
  }
}

/** JSON with object keys sorted, so the same request always hashes the same. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v as object)
      .sort()
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

function stored<T>(row: { status: number | null; body: unknown }): IdempotentAnswer<T> {
  const body = typeof row.body === 'string' ? JSON.parse(row.body) : row.body;
  return { status: row.status!, body: body as T, replayed: true };
}
