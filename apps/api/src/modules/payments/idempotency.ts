import { PAYMENT_MSG } from '@guarita/domain';
import type { Db } from '../../db/db';
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
    private readonly db: Db,
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
    work: (tx: Db) => Promise<StoredAnswer<T>>,
  ): Promise<IdempotentAnswer<T>> {
    return this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO idempotency_keys (customer_id, idem_key, scope, request_hash) VALUES ($1, $2, $3, $4)
         ON CONFLICT (customer_id, idem_key) DO NOTHING`,
        [customerId, key, scope, requestHash],
      );
      const [row] = await tx.query<{ scope: string; requestHash: string; status: number | null; body: unknown }>(
        `SELECT scope, request_hash AS "requestHash", response_status AS status, response_body AS body
           FROM idempotency_keys WHERE customer_id = $1 AND idem_key = $2 FOR UPDATE`,
        [customerId, key],
      );
      if (!row) throw new Error('idempotency row missing after insert');
      if (row.scope !== scope || row.requestHash !== requestHash) {
        throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', PAYMENT_MSG.idempotencyKeyReused);
      }
      if (row.status !== null) {
        const body = typeof row.body === 'string' ? JSON.parse(row.body) : row.body;
        return { status: row.status, body: body as T, replayed: true };
      }
      const answer = await work(tx);
      await tx.query(
        `UPDATE idempotency_keys SET response_status = $3, response_body = $4::jsonb, completed_at = now()
          WHERE customer_id = $1 AND idem_key = $2`,
        [customerId, key, answer.status, JSON.stringify(answer.body)],
      );
      return { ...answer, replayed: false };
    });
  }

  /** Drops records older than `maxAgeHours` (retries come within minutes; a day is plenty). */
  async prune(maxAgeHours = 24): Promise<void> {
    await this.db.query(`DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1)`, [maxAgeHours]);
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
