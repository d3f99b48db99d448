import { PAYMENT_MSG } from '@guarita/domain';
import { sql } from 'kysely';
import type { Database } from '../../db/db';
import type { Executor } from '../contracts/service';
import { keyedHash } from '../../lib/crypto';
import { AppError } from '../../lib/errors';

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
export class IdempotencyStore {
  constructor(
    private readonly db: Database,
    private readonly hashSecret: string,
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
      await tx
        .insertInto('idempotency_keys')
        .values({ customer_id: customerId, idem_key: key, scope, request_hash: requestHash })
        .onConflict((oc) => oc.columns(['customer_id', 'idem_key']).doNothing())
        .execute();
      const row = await tx
        .selectFrom('idempotency_keys')
        .select(['scope', 'request_hash as requestHash', 'response_status as status', 'response_body as body'])
        .where('customer_id', '=', customerId)
        .where('idem_key', '=', key)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw new Error('idempotency row missing after insert');
      if (row.scope !== scope || row.requestHash !== requestHash) {
        throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', PAYMENT_MSG.idempotencyKeyReused);
      }
      if (row.status !== null) {
        const body = typeof row.body === 'string' ? JSON.parse(row.body) : row.body;
        return { status: row.status, body: body as T, replayed: true };
      }
      const answer = await work(tx);
      await tx
        .updateTable('idempotency_keys')
        // jsonb from a JSON text: the driver would send a JS object as text anyway; say what it is.
        .set({ response_status: answer.status, response_body: sql`${JSON.stringify(answer.body)}::jsonb`, completed_at: sql`now()` })
        .where('customer_id', '=', customerId)
        .where('idem_key', '=', key)
        .execute();
      return { ...answer, replayed: false };
    });
  }

  /** Drops records older than `maxAgeHours` (retries come within minutes; a day is plenty). */
  async prune(maxAgeHours = 24): Promise<void> {
    await this.db
      .deleteFrom('idempotency_keys')
      .where('created_at', '<', sql<Date>`now() - make_interval(hours => ${maxAgeHours})`)
      .execute();
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
