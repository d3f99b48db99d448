import fp from 'fastify-plugin';
import { sweepPendingFiles } from '../uploads';
import { retentionSettings } from './policy';
import { pruneAll } from './prune';

declare module 'fastify' {
  interface FastifyInstance {
    /** The housekeeping job (ADR 066): one pass now; the scheduled passes run by themselves outside tests. */
    housekeeping: { runOnce(): Promise<Record<string, number>> };
  }
}

/**
 * The one scheduled housekeeping job (issue 28 item 8, ADR 066): every RETENTION_INTERVAL_MINUTES it deletes the files
 * a crash left without a row (ADR 035) and every row the retention policy lets go (./policy.ts), in batches. It starts
 * when the app is ready, and the app's close stops it and waits for a pass under way (which stops between batches).
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
      return rows;
    };
    /** One pass at a time: a slow pass is never overlapped by the next. */
    const runOnce = (): Promise<Record<string, number>> => {
      running ??= pass().finally(() => (running = null));
      return running;
    };
    app.decorate('housekeeping', { runOnce });

    app.addHook('onReady', async () => {
      if (settings.intervalMs <= 0) return;
      const tick = () => void runOnce().catch((err: unknown) => app.log.warn({ err }, 'retention: pass failed'));
      tick();
      timer = setInterval(tick, settings.intervalMs);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      closing = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => {});
    });
  },
  { name: 'retention', dependencies: ['ports'] },
);
