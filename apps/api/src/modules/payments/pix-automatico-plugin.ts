import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';
import { checkEveryMs } from '../../lib/periodic-jobs';
import type { PixRecurrencePsp } from '../../ports/pix-automatico';
import { SandboxPixRecurrencePsp } from '../../ports/pix-automatico-sandbox';
import { sandboxApprovalPages } from '../../ports/pix-automatico-sandbox-page';
import { signWebhookBody, WEBHOOK_SIGNATURE_HEADER } from '../../ports/pix-psp';
import { WebhookRefusedError } from '../../ports/sandbox-webhooks';
import { PixAutomaticoService } from './pix-automatico';
import { PixAutomaticoRepository } from './pix-automatico-repository';
import routes from './pix-automatico-routes';
import { PixAutomaticoWebhookService, type RecordProviderEvent } from './pix-automatico-webhook';

export interface PixAutomatico {
  service: PixAutomaticoService;
  webhook: PixAutomaticoWebhookService;
  /** null: not configured (outside demo mode without PIX_AUTOMATICO_PSP); the routes answer 503. */
  psp: PixRecurrencePsp | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    pixAutomatico: PixAutomatico;
    /** The Pix Automático PSP port (ADR 077), built by the composition root. */
    pixRecurrencePsp: PixRecurrencePsp | null;
  }
}

/** How often the scan sends new bills to the payer's bank: hourly (a bill's window is 8 days wide); off under test and bench. */
function scanIntervalMs(config: AppConfig): number {
  return ['test', 'bench'].includes(config.env.NODE_ENV) ? 0 : SCAN_PERIOD_MS;
}
const SCAN_PERIOD_MS = 60 * 60_000;
/** The scan's name in job_runs and in the 'periodic job ran' log line: once an hour across all instances (ADR 079). */
export const PIX_AUTOMATICO_SCAN_JOB = 'pix-automatico.scan';

/**
 * Pix Automático inside the payments module (issue 27 item 6; ADR 077): the service, the webhook handler, the routes,
 * the sandbox's pages and in-process webhook delivery (demo mode), and the periodic scan.
 */
export const pixAutomaticoPlugin = (opts: { recordEvent?: RecordProviderEvent } = {}) =>
  fp(
    async (app) => {
      const { db, contracts, customers, clock } = app;
      const psp = app.pixRecurrencePsp;
      const repo = new PixAutomaticoRepository();
      const service = new PixAutomaticoService(db, repo, contracts, customers, psp, clock, app.log);
      const webhook = new PixAutomaticoWebhookService(
        db,
        repo,
        contracts,
        psp,
        clock,
        app.notificationOutbox,
        (nCtrId) => service.chargeDueBills(nCtrId),
        opts.recordEvent,
      );
      app.decorate('pixAutomatico', { service, webhook, psp });
      await app.register(routes, { prefix: '/api' });

      if (psp instanceof SandboxPixRecurrencePsp) {
        // The sandbox's webhooks go through our own route, signed, as a PSP's would.
        const secret = app.payments.settings.webhookSecret;
        psp.setDelivery(async (body) => {
          const r = await app.inject({
            method: 'POST',
            url: '/api/payments/pix-automatico/webhook',
            payload: body,
            headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: secret ? signWebhookBody(body, secret) : '' },
          });
          if (r.statusCode >= 300) throw new WebhookRefusedError(r.statusCode); // retried later (ADR 081)
        });
        await app.register(sandboxApprovalPages(psp, { receiverName: app.config.env.BRAND_NAME, backTo: '/pagamentos/pix-automatico' }));
        app.addHook('onClose', () => psp.idle());
      }

      const every = scanIntervalMs(app.config);
      let timer: NodeJS.Timeout | null = null;
      let running: Promise<unknown> | null = null;
      app.addHook('onReady', async () => {
        if (every <= 0 || !psp) return;
        // Each instance looks every minute whether this hour's scan is still to run; one of them runs it.
        const scan = () => service.chargeDueBills();
        timer = setInterval(() => {
          running ??= app.periodicJobs
            .runOnce({ name: PIX_AUTOMATICO_SCAN_JOB, periodMs: every, run: scan })
            .catch((err: unknown) => app.log.warn({ err }, 'pix automático: scan failed'))
            .finally(() => (running = null));
        }, checkEveryMs(every));
        timer.unref();
      });
      app.addHook('onClose', async () => {
        if (timer) clearInterval(timer);
        await running;
        await psp?.close?.();
      });
    },
    { name: 'pix-automatico', dependencies: ['ports', 'authenticate', 'customers', 'contracts'] },
  );
