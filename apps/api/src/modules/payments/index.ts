import fp from 'fastify-plugin';
import { IdempotencyStore } from '../../lib/idempotency';
import { AdvanceService } from './advance';
import { CardActionService } from './card-actions';
import { CardChargeAttempts } from './card-attempts';
import { CardChangeService } from './card-change';
import { CardCharger } from './card-charger';
import { CardPaymentService } from './card-payment';
import { CardWebhookService } from './card-webhook';
import { DemoPixPayer } from './demo-pix';
import { PaymentsLedger } from './ledger';
import { LedgerRepository } from './ledger-repository';
import { PayableBills } from './payable-bills';
import { PaymentLinkService } from './payment-links';
import { PixService } from './pix';
import { PixWebhookService } from './pix-webhook';
import { ProviderEventRecorder } from './provider-events';
import { PaymentRefunds } from './refunds';
import { RefundsRepository } from './refunds-repository';
import { PaymentsRepository } from './repository';
import { paymentsSettings, type PaymentsSettings } from './settings';
import { PaymentsSummaryService } from './summary';
import pixNotifyRoutes from './pix-notify-routes';
import routes from './routes';
import { pixAutomaticoPlugin } from './pix-automatico-plugin';
import { followUpPlugin } from './follow-up-plugin';

// The module's public face (ADR 068): other modules import these from '../payments', never its files.
export type { DeskFilter } from './ledger-repository';
export type { PaymentsLedger, PixService, AdvanceService, PaymentsSummaryService };
export { ProviderEventRecorder } from './provider-events';
export type { ProviderEventInput, ProviderPaymentMethod } from './provider-events';
export type { PaymentRefunds, RefundActor, RefundAudit, DeskPaymentRow, RefundRow, RefundTotals } from './refunds';

/** The payments module's services, one per job (ADR 069), each with only the collaborators it uses. */
export interface Payments {
  summary: PaymentsSummaryService;
  cardPayment: CardPaymentService;
  cardChange: CardChangeService;
  /** Card payments and card changes waiting for the customer's 3-D Secure challenge. */
  cardActions: CardActionService;
  /** The card provider's notifications, reconciled with the ledger (issue 27). */
  cardWebhook: CardWebhookService;
  pix: PixService;
  pixWebhook: PixWebhookService;
  /** Demo mode's "the payer paid" (its route exists only in demo mode). */
  demoPix: DemoPixPayer;
  advance: AdvanceService;
  links: PaymentLinkService;
  /** The financeiro desk's reads and refunds. */
  ledger: PaymentsLedger;
  settings: PaymentsSettings;
  /** Every provider notification, card data removed, once per (provider, event id) (ADR 078): webhook handlers call it. */
  providerEvents: ProviderEventRecorder;
  /** The desk's payments with provider history, and refunds through the provider (ADR 078); webhook handlers confirm refunds. */
  refunds: PaymentRefunds;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
  }
}

/** Payments (issue 3): card, Pix, card change, advance, the PSP webhook; /api/payments/* and demo /api/dev/*. */
export default fp(
  async (app) => {
    const { db, contracts, clock, cardGateway: gateway, notificationOutbox: outbox } = app;
    const settings = paymentsSettings(app.config);
    const repo = new PaymentsRepository();
    const idempotency = new IdempotencyStore(db, settings.hashSecret);
    const bills = new PayableBills(repo, contracts, idempotency, clock);
    // Where the provider sends the browser back (3DS redirect, the hosted payment page): the payments screen.
    const returnUrl = `${app.config.env.PUBLIC_URL.replace(/\/$/, '')}/pagamentos`;
    const charger = new CardCharger(db, gateway, repo, contracts, clock, returnUrl, outbox);
    const attempts = new CardChargeAttempts(db, repo, idempotency, charger, contracts, clock);
    const cardActions = new CardActionService(db, gateway, contracts, charger, clock);
    const pix = new PixService(db, repo, contracts, bills, idempotency, app.pixPsp, clock);
    const providerEvents = new ProviderEventRecorder(clock);
    // A devolução the PSP confirms moves the desk's refund on (`payments` is read when a notification comes, after it is built).
    const pixWebhook = new PixWebhookService(
      db,
      repo,
      contracts,
      app.customers,
      clock,
      app.notifier,
      outbox,
      providerEvents,
      app.pixPsp,
      (tx, s) => payments.refunds.onPixRefundStatus(tx, s),
    );
    const links = new PaymentLinkService(db, repo, contracts, gateway, clock, returnUrl, outbox);
    // Refunds through the provider of each kind of payment: card and links, Pix and late credits, Pix Automático (ADR 078).
    const refunds = new PaymentRefunds(db, new RefundsRepository(), gateway, app.pixPsp, providerEvents, clock, app.pixRecurrencePsp);
    const payments: Payments = {
      summary: new PaymentsSummaryService(db, repo, contracts, clock),
      cardPayment: new CardPaymentService(contracts, bills, charger, idempotency, app.limiter, cardActions),
      cardChange: new CardChangeService(db, contracts, gateway, app.limiter, cardActions, returnUrl),
      cardActions,
      cardWebhook: new CardWebhookService(db, gateway, cardActions, attempts, links, providerEvents, clock, app.log),
      pix,
      pixWebhook,
      demoPix: new DemoPixPayer(db, repo, pixWebhook, clock),
      advance: new AdvanceService(db, repo, contracts, idempotency, pix, links, charger, clock),
      links,
      ledger: new PaymentsLedger(db, new LedgerRepository(), clock, refunds),
      settings,
      providerEvents,
      refunds,
    };
    app.decorate('payments', payments);
    await app.register(routes, { prefix: '/api' });
    await app.register(pixNotifyRoutes, { prefix: '/api' }); // API Pix notifications, confirmed with the PSP (ADR 076)
    await app.register(pixAutomaticoPlugin({ recordEvent: (q, e) => providerEvents.record(q, e) })); // issue 27 item 6, ADR 077
    await app.register(followUpPlugin); // chasing a provider's missing answer: devoluções, sandbox webhooks (ADR 081)
  },
  { name: 'payments', dependencies: ['ports', 'authenticate', 'customers', 'contracts'] },
);
