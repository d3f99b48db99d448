import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/db';
import type { CardGateway, CardWebhookEvent } from '../../ports/card-gateway';
import type { Clock } from '../../ports/clock';
import type { CardActionService } from './card-actions';
import type { CardChargeAttempts } from './card-attempts';
import type { PaymentLinkService } from './payment-links';
import type { ProviderEventRecorder } from './provider-events';

/**
 * What one card notification did to our ledger:
 * - applied: it settled something (a payment link paid, a 3DS payment settled or refused, a charge whose answer was
 *   lost paid or released, a refund confirmed);
 * - already_applied: our ledger already says so (the API answer came first, or a redelivery);
 * - recorded: nothing of ours to change (a charge whose API answer records it, an unknown reference): kept in the
 *   provider events only;
 * - mismatch: the provider says otherwise than our ledger (e.g. a CANCELLATION of an approved charge, money for an
 *   expired link, an approval for bills paid another way meanwhile — recorded as a charge to refund): kept, logged
 *   for the finance desk, nothing settled automatically.
 */
export type CardWebhookOutcome = 'applied' | 'already_applied' | 'recorded' | 'mismatch';

/**
 * The card provider's notifications (issue 27, ADR 074), reconciled with our ledger idempotently. A notification
 * settles what waits for the provider — a payment link, a 3DS action, a refund, and a charge sent whose answer is lost
 * or not yet in (card_charge_attempts: the API answer, the customer's retry with the same key and the notification
 * settle it once, whichever comes first) — each exactly once under a row lock, so an event that arrives before the API
 * answer, after it, or twice never applies twice. Every event is recorded once
 * (payment_provider_events, via the desk's recorder) after its effect.
 */
export class CardWebhookService {
  constructor(
    private readonly db: Database,
    private readonly gateway: CardGateway,
    private readonly actions: CardActionService,
    private readonly attempts: CardChargeAttempts,
    private readonly links: PaymentLinkService,
    private readonly events: ProviderEventRecorder,
    private readonly clock: Clock,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Verified events, or null when the signature is not the provider's (the route answers 401, nothing applied). */
  parse(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): CardWebhookEvent[] | null {
    return this.gateway.parseWebhook(rawBody, headers);
  }

  async handle(events: CardWebhookEvent[]): Promise<{ resultados: Array<{ eventId: string; resultado: CardWebhookOutcome }> }> {
    const resultados = [];
    for (const e of events) {
      const { outcome, payment } = await this.apply(e);
      if (outcome === 'mismatch')
        this.log?.warn({ eventId: e.eventId, kind: e.kind, gatewayId: e.gatewayId }, 'card webhook: provider and ledger disagree');
      await this.events.record(this.db, {
        provider: this.gateway.name,
        eventId: e.eventId,
        kind: e.kind,
        providerReference: e.gatewayId,
        payment,
        success: e.success,
        amountCents: e.amount,
        payload: e,
      });
      resultados.push({ eventId: e.eventId, resultado: outcome });
    }
    return { resultados };
  }

  private async apply(
    e: CardWebhookEvent,
  ): Promise<{ outcome: CardWebhookOutcome; payment: { method: 'card' | 'link'; id: string | number } | null }> {
    if (e.kind === 'REFUND') return { outcome: await this.refund(e), payment: await this.chargeOf(e.gatewayId) };

    // A payment link's payment: merchantReference is our link id.
    const link = await this.db
      .selectFrom('payment_links')
      .select('id')
      .where('id', '=', e.merchantReference)
      .where('gateway', '=', this.gateway.name)
      .executeTakeFirst();
    if (link) {
      const payment = { method: 'link' as const, id: link.id };
      if (e.kind !== 'AUTHORISATION' || !e.success) return { outcome: 'recorded', payment };
      // The AUTHORISATION's gatewayId is the payment's id at the provider: the link's refund names it (ADR 078).
      const r = await this.links.confirm(link.id, e.gatewayId);
      return { outcome: r === 'paid' ? 'applied' : r === 'already_paid' ? 'already_applied' : 'mismatch', payment };
    }

    // A payment or card change waiting for 3-D Secure: a refusal or cancellation settles it; an approval settles an
    // invoice payment (the customer may never come back from the challenge), a card change waits for the browser,
    // which brings the card's brand and last digits.
    const action = await this.db
      .selectFrom('card_actions')
      .select(['status', 'purpose'])
      .where('gateway_id', '=', e.gatewayId)
      .executeTakeFirst();
    if (action) {
      const approve = e.kind === 'AUTHORISATION' && e.success;
      if (action.status !== 'pending')
        return { outcome: (approve ? 'approved' : 'declined') === action.status ? 'already_applied' : 'mismatch', payment: null };
      if (approve && action.purpose === 'change') return { outcome: 'recorded', payment: null };
      const answer = await this.actions.settle(
        e.gatewayId,
        approve
          ? { status: 'approved', gatewayId: e.gatewayId, brand: null, last4: null }
          : { status: 'declined', gatewayId: e.gatewayId, code: e.kind.toLowerCase(), message: e.reason ?? 'Pagamento não autorizado.' },
        { ifExists: true },
      );
      return { outcome: answer ? 'applied' : 'recorded', payment: await this.chargeOf(e.gatewayId) };
    }

    // A charge sent and not settled — its answer lost (the customer saw 502) or still on its way: the notification
    // settles its reserved bills, releases them, or flags the money for a refund (card-attempts.ts).
    const attempt = await this.attempts.reconcile(e);
    if (attempt) return attempt;

    // A charge the API answer recorded: compare.
    const charge = await this.db
      .selectFrom('card_charges')
      .select(['id', 'status'])
      .where('gateway_id', '=', e.gatewayId)
      .executeTakeFirst();
    if (!charge) return { outcome: 'recorded', payment: null };
    const payment = { method: 'card' as const, id: charge.id };
    const says = e.kind === 'AUTHORISATION' && e.success ? 'approved' : 'declined';
    return { outcome: says === charge.status ? 'already_applied' : 'mismatch', payment };
  }

  private async chargeOf(gatewayId: string) {
    const c = await this.db.selectFrom('card_charges').select('id').where('gateway_id', '=', gatewayId).executeTakeFirst();
    return c ? { method: 'card' as const, id: c.id } : null;
  }

  /**
   * A refund's confirmation: the open refund it names (merchantReference = our refund id), else the oldest open refund
   * of that payment with that amount, becomes refunded (or failed), once.
   */
  private async refund(e: CardWebhookEvent): Promise<CardWebhookOutcome> {
    return this.db.transaction().execute(async (tx) => {
      const open = await tx
        .selectFrom('payment_refunds')
        .select('id')
        .where('provider_reference', '=', e.gatewayId)
        .where((w) => w.or([w('refund_id', '=', e.merchantReference), w('amount_cents', '=', e.amount)]))
        .where('status', 'in', ['requested', 'pending'])
        .orderBy(sql`refund_id = ${e.merchantReference}`, 'desc')
        .orderBy('id')
        .forUpdate()
        .executeTakeFirst();
      if (!open) return 'already_applied';
      const now = this.clock.now();
      await tx
        .updateTable('payment_refunds')
        .set({
          status: e.success ? 'refunded' : 'failed',
          updated_at: now,
          ...(e.success ? { confirmed_at: now } : { failure_reason: e.reason ?? 'Recusado pelo provedor.' }),
        })
        .where('id', '=', open.id)
        .execute();
      return 'applied';
    });
  }
}
