import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { Database } from '../db/db';
import type { Clock } from '../ports/clock';

/**
 * Periodic jobs once per period across instances (issue 29 item 1, ADR 079). Time is cut into periods of `periodMs`
 * (aligned to the epoch, so every instance agrees on them); the first instance to insert the row (job, period) in
 * job_runs runs that period's pass, the others find the row and skip. Claiming and finishing are one statement each:
 * no connection or transaction is held while the pass runs (PGlite has one connection), and it works the same on
 * PGlite and PostgreSQL. While the pass runs its lease is moved on; a pass whose instance died stops blocking when its
 * lease runs out (its own period may then be taken over, and later periods run).
 */

export interface PeriodicJob<T> {
  /** The job's name in job_runs and in the log, e.g. 'notifications.scan'. */
  name: string;
  periodMs: number;
  /** How long a claim holds without being renewed; default twice the period, between 30 s and 5 min. */
  leaseMs?: number;
  run: () => Promise<T>;
  /** What goes into job_runs.result and the log line: counts only, never personal data. Default: the result itself. */
  summary?: (result: T) => unknown;
}

export type JobOutcome<T> =
  | { ran: true; job: string; period: Date; result: T }
  /** 'taken': this period's pass is another instance's (or done); 'busy': an earlier period's pass is still running. */
  | { ran: false; job: string; period: Date; reason: 'taken' | 'busy' };

/** The part of Fastify's logger this uses (a test may pass its own). */
export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export const periodStart = (periodMs: number, now: Date): Date => new Date(Math.floor(now.getTime() / periodMs) * periodMs);

/**
 * How often an instance's timer asks whether a job's period is still to run: a minute at most, so a pass starts within
 * a minute of its period's start whichever instances are up (a claim that finds the row costs one INSERT).
 */
export const checkEveryMs = (periodMs: number): number => Math.min(periodMs, 60_000);

const defaultLease = (periodMs: number) => Math.min(Math.max(2 * periodMs, 30_000), 5 * 60_000);

export class PeriodicJobs {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly log: JobLog,
    /** Who holds a claim (job_runs.instance): host, process and a random part, so two apps in one process differ. */
    readonly instance = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
  ) {}

  /** This period's pass of `job` if no instance has run or is running it; else nothing. */
  async runOnce<T>(job: PeriodicJob<T>): Promise<JobOutcome<T>> {
    const now = this.clock.now();
    const period = periodStart(job.periodMs, now);
    const leaseMs = job.leaseMs ?? defaultLease(job.periodMs);
    const claimed = await this.claim(job.name, period, now, leaseMs);
    if (claimed !== 'claimed') return { ran: false, job: job.name, period, reason: claimed };

    // The renewal runs on the process's own timer: a pass longer than its lease keeps it while this instance lives.
    const renew = setInterval(() => void this.renew(job.name, period, leaseMs).catch(() => {}), Math.max(1000, leaseMs / 3));
    renew.unref();
    try {
      const result = await job.run();
      clearInterval(renew);
      const summary = job.summary ? job.summary(result) : result;
      await this.finish(job.name, period, 'done', summary ?? null);
      this.log.info({ job: job.name, period: period.toISOString(), instance: this.instance, result: summary }, 'periodic job ran');
      return { ran: true, job: job.name, period, result };
    } catch (err) {
      clearInterval(renew);
      const error = err instanceof Error ? err.message.slice(0, 300) : String(err).slice(0, 300);
      await this.finish(job.name, period, 'failed', { error }).catch(() => {});
      throw err;
    }
  }

  /**
   * One statement: insert the period's row, or take over a row whose pass died (not finished, lease gone) — unless a
   * pass of an earlier period is still under lease (a slow pass is not overlapped by the next period's on another
   * instance). On PostgreSQL a concurrent insert of the same row waits for the first and then finds it: one wins.
   */
  private async claim(job: string, period: Date, now: Date, leaseMs: number): Promise<'claimed' | 'taken' | 'busy'> {
    const leaseUntil = new Date(now.getTime() + leaseMs);
    const { rows } = await sql<{ attempts: number }>`
      INSERT INTO job_runs AS r (job, period_start, instance, started_at, lease_until)
      SELECT ${job}, ${period}, ${this.instance}, ${now}, ${leaseUntil}
      WHERE NOT EXISTS (
        SELECT 1 FROM job_runs o
        WHERE o.job = ${job} AND o.period_start <> ${period} AND o.finished_at IS NULL AND o.lease_until > ${now})
      ON CONFLICT (job, period_start) DO UPDATE
        SET instance = excluded.instance, started_at = excluded.started_at, lease_until = excluded.lease_until,
            attempts = r.attempts + 1
        WHERE r.finished_at IS NULL AND r.lease_until <= excluded.started_at
      RETURNING attempts`.execute(this.db);
    if (rows.length > 0) return 'claimed';
    const mine = await this.db
      .selectFrom('job_runs')
      .select('job')
      .where('job', '=', job)
      .where('period_start', '=', period)
      .executeTakeFirst();
    return mine ? 'taken' : 'busy';
  }

  private async renew(job: string, period: Date, leaseMs: number): Promise<void> {
    await this.db
      .updateTable('job_runs')
      .set({ lease_until: new Date(this.clock.now().getTime() + leaseMs) })
      .where('job', '=', job)
      .where('period_start', '=', period)
      .where('instance', '=', this.instance)
      .where('finished_at', 'is', null)
      .execute();
  }

  private async finish(job: string, period: Date, outcome: 'done' | 'failed', result: unknown): Promise<void> {
    const r = await this.db
      .updateTable('job_runs')
      .set({ finished_at: this.clock.now(), outcome, result: JSON.stringify(result) })
      .where('job', '=', job)
      .where('period_start', '=', period)
      .where('instance', '=', this.instance)
      .executeTakeFirst();
    // Another instance took the period over (this one's lease ran out): its pass is the one on record.
    if (r.numUpdatedRows === 0n) this.log.warn({ job, period: period.toISOString(), instance: this.instance }, 'periodic job: lease lost');
  }
}
