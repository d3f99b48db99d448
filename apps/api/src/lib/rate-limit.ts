import { sql } from 'kysely';
import { MSG } from '@guarita/domain';
import type { Database } from '../db/db';
import { AppError } from './errors';

/** A bucket named `day:…` counts over 24 hours instead of the limiter's window (issue 23, ADR 010). */
export const DAY_BUCKET = 'day:';
const DAY_SECONDS = 24 * 3600;

/** `RateLimiter.delay`: free attempts, then a wait that doubles from `baseSeconds` up to `maxSeconds`. */
export interface GrowingDelay {
  free: number;
  baseSeconds: number;
  maxSeconds: number;
}

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

  /**
   * A growing delay rather than a ceiling: each attempt is a hit, and once the window holds `free` hits the next
   * attempt must come `baseSeconds`·2^(hits − free) seconds (at most `maxSeconds`) after the last one. Checked and
   * recorded as one step, like `hit`, so parallel requests cannot all pass at the end of a delay. Throws 429 with
   * the seconds left in Retry-After and in `message`.
   */
  async delay(bucket: string, d: GrowingDelay, message: (seconds: number) => string): Promise<void> {
    const wait = await this.db.transaction().execute(async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${bucket}, 0))`.execute(tx);
      const row = await tx
        .selectFrom('rate_limit_hits')
        .select((eb) => [eb.fn.countAll<number>().as('n'), sql<number>`COALESCE(EXTRACT(EPOCH FROM now() - max(hit_at)), 0)`.as('elapsed')])
        .where('bucket', '=', bucket)
        .where('hit_at', '>', this.since())
        .executeTakeFirst();
      const n = Number(row?.n ?? 0);
      const needed = n < d.free ? 0 : Math.min(d.baseSeconds * 2 ** (n - d.free), d.maxSeconds);
      const left = Math.ceil(needed - Number(row?.elapsed ?? 0));
      if (left > 0) return left;
      await tx.insertInto('rate_limit_hits').values({ bucket }).execute();
      return 0;
    });
    if (wait > 0) throw new AppError(429, 'RATE_LIMITED', message(wait), { 'retry-after': String(wait) });
  }

  /** Forgets a bucket's hits (the attempts it counted turned out to be the owner's). */
  async clear(bucket: string): Promise<void> {
    await this.db.deleteFrom('rate_limit_hits').where('bucket', '=', bucket).execute();
  }
}
