import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';
import { SandboxWebhooks, type WebhookPass } from '../../ports/sandbox-webhooks';
import { RefundFollowUp, type ChasePass, type DevolucaoLookup } from './refund-follow-up';

export interface FollowUpPass {
  refunds: ChasePass;
  /** Per sandbox that sends webhooks (demo and staging): the retries of this pass. */
  webhooks: Partial<Record<SandboxWebhooks['source'], WebhookPass>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The payments follow-up job (ADR 081): one pass now; the scheduled passes run by themselves outside tests. */
    paymentsFollowUp: { runOnce(): Promise<FollowUpPass> };
  }
}

/** Every minute (the first webhook retry is due a minute after the failure); off under test and bench, like the other jobs. */
function intervalMs(config: AppConfig): number {
  return ['test', 'bench'].includes(config.env.NODE_ENV) ? 0 : 60_000;
}

/**
 * The payments follow-up job (issue 27 gap 3, ADR 081), scheduled as the housekeeping job and the Pix Automático scan
 * are (a timer started when the app is ready, one pass at a time, stopped and awaited on close): each pass asks the
 * PSPs about the devoluções they have not confirmed (`RefundFollowUp`) and retries the sandboxes' webhooks that are due
 * (`SandboxWebhooks.redeliver`). Both claim their rows with FOR UPDATE SKIP LOCKED, so with N instances each refund is
 * asked about, and each webhook try made, once.
 */
export const followUpPlugin = fp(
  async (app) => {
    const { payments } = app;
    const pix: DevolucaoLookup | null = app.pixPsp;
    const recurrence: DevolucaoLookup | null = app.pixRecurrencePsp;
    const refunds = new RefundFollowUp(
      app.db,
      [
        { methods: ['pix', 'pix_credito'], psp: pix }, // a Pix charge, a late Pix kept as a credit
        { methods: ['pix_automatico'], psp: recurrence }, // a Pix Automático debit, returned through its PSP
      ],
      (provider, endToEndId, refundId, state) => payments.pixWebhook.settleRefund(provider, endToEndId, refundId, state),
      app.clock,
    );
    const outboxes = [app.cardGateway, app.pixRecurrencePsp].flatMap((p) =>
      p && 'webhooks' in p && p.webhooks instanceof SandboxWebhooks ? [p.webhooks] : [],
    );

    const pass = async (): Promise<FollowUpPass> => {
      const result: FollowUpPass = { refunds: await refunds.chase(), webhooks: {} };
      for (const w of outboxes) result.webhooks[w.source] = await w.redeliver();
      const retried = Object.values(result.webhooks).some((w) => w.delivered + w.retried + w.failed > 0);
      // Counts only: no body, header, signature or payment data in the log.
      if (result.refunds.asked > 0 || retried) app.log.info({ followUp: result }, 'payments follow-up: pass');
      return result;
    };
    let running: Promise<FollowUpPass> | null = null;
    /** One pass at a time: a slow pass is never overlapped by the next. */
    const runOnce = (): Promise<FollowUpPass> => {
      running ??= pass().finally(() => (running = null));
      return running;
    };
    app.decorate('paymentsFollowUp', { runOnce });

    const every = intervalMs(app.config);
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      if (every <= 0) return;
      timer = setInterval(() => void runOnce().catch((err: unknown) => app.log.warn({ err }, 'payments follow-up: pass failed')), every);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await running?.catch(() => {});
    });
  },
  { name: 'payments-follow-up', dependencies: ['ports'] },
);
