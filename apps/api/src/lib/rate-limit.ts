import { sql } from 'kysely';
import { MSG } from '@guarita/domain';
import type { Database } from '../db/db';
import { AppError } from './errors';

/** A bucket named `day:…` counts over 24 hours instead of the limiter's window (issue 23, ADR 010). */
export const DAY_BUCKET = 'day:';
const DAY_SECONDS = 24 * 3600;

/**
 * Sliding-window limiter kept in the database, so N stateless API instances share it. It owns the
 * rate_limit_hits table. `hit` records an attempt and throws 429 when the bucket already holds `max` hits.
 * `take` answers false instead of throwing.
 */
export class RateLimiter {
  constructor(
    private readonly db: Database,
    private readonly windowSeconds: number,
  ) {}

  /** `now() - window` on the database clock: every instance agrees on it. */
  private since(seconds = this.windowSeconds) {
    return sql<Date>`now() - make_interval(secs => ${seconds})`;
  }

  private windowOf(bucket: string) {
    return bucket.startsWith(DAY_BUCKET) ? DAY_SECONDS : this.windowSeconds;
  }

  /** Hits in the bucket's window (inside the caller's transaction when `q` is one). */
  async count(bucket: string, q: Database = this.db): Promise<number> {
    const row = await q
      .selectFrom('rate_limit_hits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('bucket', '=', bucket)
      .where('hit_at', '>', this.since(this.windowOf(bucket)))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async hit(bucket: string, max: number): Promise<void> {
    if (!(await this.take(bucket, max)))
      throw new AppError(429, 'RATE_LIMITED', MSG.tooManyRequests, { 'retry-after': String(this.windowOf(bucket)) });
  }

  /** Records a hit and answers true while the bucket holds fewer than `max`; once it is full, false and nothing recorded. */
  async take(bucket: string, max: number): Promise<boolean> {
    // Count and record as one step: parallel requests to one bucket queue on its advisory lock
    // (a function call, hence the sql tag). PGlite runs one transaction at a time anyway.
    return this.db.transaction().execute(async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${bucket}, 0))`.execute(tx);
      if ((await this.count(bucket, tx)) >= max) return false;
      await tx.insertInto('rate_limit_hits').values({ bucket }).execute();
      return true;
    });
  }

  async prune(): Promise<void> {
    await this.db
      .deleteFrom('rate_limit_hits')
      .where((eb) =>
        eb.or([
          eb('hit_at', '<', this.since(DAY_SECONDS)),
          eb.and([eb('hit_at', '<', this.since()), eb('bucket', 'not like', `${DAY_BUCKET}%`)]),
        ]),
      )
      .execute();
  }
}
