import fp from 'fastify-plugin';
import { checkEveryMs, type JobOutcome } from '../../lib/periodic-jobs';
import { sweepPendingFiles } from '../uploads';
import { retentionSettings } from './policy';
import { pruneAll } from './prune';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The housekeeping job (ADR 066): one pass now; the scheduled passes run by themselves outside tests. Answers the
     * rows deleted by table, and `trips_summarised` when it stored trip summaries (ADR 084).
     */
    housekeeping: {
      runOnce(): Promise<Record<string, number>>;
      /** What the timer calls: this period's pass if no instance ran it yet (ADR 079), else nothing. */
      runScheduled(): Promise<JobOutcome<Record<string, number>>>;
    };
  }
}

/** The housekeeping pass's name in job_runs and in the 'periodic job ran' log line. */
export const HOUSEKEEPING_JOB = 'retention.housekeeping';

/**
 * The one scheduled housekeeping job (issue 28 item 8, ADR 066): every RETENTION_INTERVAL_MINUTES it deletes the files
 * a crash left without a row (ADR 035) and every row the retention policy lets go (./policy.ts), in batches. It starts
 * when the app is ready, and the app's close stops it and waits for a pass under way (which stops between batches).
 * With N instances on one database the pass runs once per RETENTION_INTERVAL_MINUTES across all of them: each instance
 * looks every minute (at most) whether this period's pass is still to run, and claims it in job_runs (ADR 079).
 * The pass also works off the trips recorded without a summary (ADR 084).
 */
export default fp(
  async (app) => {
    const settings = retentionSettings(app.config);
    let closing = false;
    let running: Promise<Record<string, number>> | null = null;
    let timer: NodeJS.Timeout | null = null;

    const pass = async (): Promise<Record<string, number>> => {
      const files = await sweepPendingFiles(app.db, app.fileStorage).catch((err: unknown) => {
        app.log.warn({ err }, 'uploads: sweep of pending files failed');
        return 0;
      });
      if (files) app.log.info({ files }, 'uploads: files without a row deleted');
      const rows = await pruneAll(app.db, settings, app.clock.now(), { stopped: () => closing });
      if (Object.keys(rows).length) app.log.info({ deleted: rows }, 'retention: expired rows deleted');
      // Trips recorded before their summary was kept with them (ADR 084), a batch at a time until none is left.
      let summarised = 0;
      while (!closing) {
        const n = await app.trips.summariseBacklog();
        if (n === 0) break;
        summarised += n;
      }
      if (summarised) app.log.info({ trips: summarised }, 'trips: summaries stored');
      return summarised ? { ...rows, trips_summarised: summarised } : rows;
    };
    /** One pass at a time: a slow pass is never overlapped by the next. */
    const runOnce = (): Promise<Record<string, number>> => {
      running ??= pass().finally(() => (running = null));
      return running;
    };
    const periodMs = app.config.env.RETENTION_INTERVAL_MINUTES * 60_000;
    const runScheduled = () => app.periodicJobs.runOnce({ name: HOUSEKEEPING_JOB, periodMs, run: runOnce });
    app.decorate('housekeeping', { runOnce, runScheduled });

    app.addHook('onReady', async () => {
      if (settings.intervalMs <= 0) return;
      const tick = () => void runScheduled().catch((err: unknown) => app.log.warn({ err }, 'retention: pass failed'));
      tick();
      timer = setInterval(tick, checkEveryMs(settings.intervalMs));
      timer.unref();
    });
    app.addHook('onClose', async () => {
      closing = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => {});
    });
  },
  { name: 'retention', dependencies: ['ports', 'trips'] },
);
