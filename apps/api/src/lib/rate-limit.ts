import { sql } from 'kysely';
import { MSG } from '@guarita/domain';
import type { Database } from '../db/db';
import { AppError } from './errors';

/**
 * Sliding-window limiter kept in the database, so N stateless API instances share it. It owns the
 * rate_limit_hits table. `hit` records an attempt and throws 429 when the bucket already holds `max` hits.
 */
export class RateLimiter {
  constructor(
    private readonly db: Database,
    private readonly windowSeconds: number,
  ) {}

  /** `now() - window` on the database clock: every instance agrees on it. */
  private since() {
    return sql<Date>`now() - make_interval(secs => ${this.windowSeconds})`;
  }

  /** Hits in the bucket's window (inside the caller's transaction when `q` is one). */
  async count(bucket: string, q: Database = this.db): Promise<number> {
    const row = await q
      .selectFrom('rate_limit_hits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('bucket', '=', bucket)
      .where('hit_at', '>', this.since())
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async hit(bucket: string, max: number): Promise<void> {
    // Count and record as one step: parallel requests to one bucket queue on its advisory lock
    // (a function call, hence the sql tag). PGlite runs one transaction at a time anyway.
    const allowed = await this.db.transaction().execute(async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${bucket}, 0))`.execute(tx);
      if ((await this.count(bucket, tx)) >= max) return false;
      await tx.insertInto('rate_limit_hits').values({ bucket }).execute();
      return true;
    });
    if (!allowed) throw new AppError(429, 'RATE_LIMITED', MSG.tooManyRequests, { 'retry-after': String(this.windowSeconds) });
  }

  async prune(): Promise<void> {
    await this.db.deleteFrom('rate_limit_hits').where('hit_at', '<', this.since()).execute();
  }
}
