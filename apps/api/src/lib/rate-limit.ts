import type { Db } from '../db/db';
import { AppError } from './errors';
import { MSG } from '@guarita/domain';

/**
 * Sliding-window limiter kept in the database, so N stateless API instances share it.
 * `hit` records an attempt and throws 429 when the bucket already holds `max` hits in the window.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly windowSeconds: number,
  ) {}

  async count(bucket: string): Promise<number> {
    const [row] = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM rate_limit_hits WHERE bucket = $1 AND hit_at > now() - make_interval(secs => $2)`,
      [bucket, this.windowSeconds],
    );
    return row?.n ?? 0;
  }

  async hit(bucket: string, max: number): Promise<void> {
    // Count and record as one step: parallel requests to one bucket queue on its advisory lock (PostgreSQL);
    // PGlite runs transactions one at a time anyway.
    const allowed = await this.db.transaction(async (tx) => {
      if (tx.dialect === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [bucket]);
      const [row] = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM rate_limit_hits WHERE bucket = $1 AND hit_at > now() - make_interval(secs => $2)`,
        [bucket, this.windowSeconds],
      );
      if ((row?.n ?? 0) >= max) return false;
      await tx.query('INSERT INTO rate_limit_hits (bucket) VALUES ($1)', [bucket]);
      return true;
    });
    if (!allowed) throw new AppError(429, 'RATE_LIMITED', MSG.tooManyRequests, { 'retry-after': String(this.windowSeconds) });
  }

  async prune(): Promise<void> {
    await this.db.query(`DELETE FROM rate_limit_hits WHERE hit_at < now() - make_interval(secs => $1)`, [this.windowSeconds]);
  }
}
