import { setTimeout as sleep } from 'node:timers/promises';
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config';

export interface ShutdownSettings {
  /** How long readiness answers 503 while requests are still served, before the server stops accepting. */
  delayMs: number;
  /** The whole shutdown's limit: past it the process exits anyway (code 1). */
  timeoutMs: number;
}

export function shutdownSettings(config: AppConfig): ShutdownSettings {
  const e = config.env;
  // Production sits behind a load balancer that needs a few probes to take the instance out; a laptop's Ctrl-C does not.
  const delayMs = e.SHUTDOWN_DELAY_MS ?? (config.production ? 5000 : 0);
  return { delayMs, timeoutMs: Math.max(e.SHUTDOWN_TIMEOUT_MS, delayMs + 1000) };
}

/**
 * Graceful shutdown (issue 28 item 6), on SIGTERM or SIGINT (close-with-grace), in this order:
 * 1. readiness (`/readyz`) answers 503, and requests are still served for `delayMs`: the load balancer stops sending;
 * 2. `app.close()`: the server stops accepting, the requests in flight finish, keep-alive connections close once idle; then
 *    the plugins' onClose hooks stop the notification worker, the tracking simulator and the housekeeping job, each
 *    waiting for the pass it is in;
 * 3. `closeResources` (the database pool, the tracer).
 * An uncaught error takes the same way out, with exit code 1; a second signal, or `timeoutMs`, exits at once.
 */
export function closeGracefully(app: FastifyInstance, settings: ShutdownSettings, closeResources: () => Promise<void>): void {
  closeWithGrace({ delay: settings.timeoutMs, logger: app.log }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'uncaught error: shutting down');
    else app.log.info({ signal, delayMs: settings.delayMs }, `${signal ?? 'exit'}: shutting down (readiness 503, then drain)`);
    app.readiness.draining = true;
    if (settings.delayMs > 0) await sleep(settings.delayMs);
    // server.close() closes the connections idle at that moment; a keep-alive connection whose request finishes later
    // would stay open until the client drops it. Each one is closed as soon as its answer is out.
    const reap = setInterval(() => app.server.closeIdleConnections(), 100);
    await app.close().finally(() => clearInterval(reap));
    app.log.info('server closed: requests finished, workers stopped');
    await closeResources();
    app.log.info('database pool closed');
  });
}
