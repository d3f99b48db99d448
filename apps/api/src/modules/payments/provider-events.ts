import { stripCardData } from '@guarita/domain';
import type { Executor } from '../../db/db';
import type { Clock } from '../../ports/clock';

/** Which of our payments an event is about, when the handler knows it. */
export type ProviderPaymentMethod = 'card' | 'pix' | 'link' | 'pix_automatico' | 'pix_credito';

/** One notification from a payment provider, as a webhook handler (or a refund call) hands it over. */
export interface ProviderEventInput {
  /** The provider's name as the port says it (CardGateway.name, PixPsp name): 'sandbox', 'adyen', 'api-pix', … */
  provider: string;
  /** Unique per event at the provider (Adyen's pspReference + eventCode, a Pix endToEndId, …): the dedupe key. */
  eventId: string;
  /** What happened, in the provider's words: 'AUTHORISATION', 'REFUND', 'pix', 'devolucao', … */
  kind: string;
  /** The payment at the provider: the card gatewayId, the Pix txid or endToEndId. The desk's history matches on it. */
  providerReference?: string | null;
  /** Our payment, when known: card_charges.id, pix_charges.id, payment_links.id, a Pix Automático txid, pix_late_payments.id. */
  payment?: { method: ProviderPaymentMethod; id: string | number } | null;
  success?: boolean | null;
  amountCents?: number | null;
  /** The provider's message as received; card-like data is removed before it is stored (stripCardData). */
  payload: unknown;
  receivedAt?: Date;
}

const cut = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

/**
 * Records what payment providers tell us (issue 27 item 7, ADR 078): every webhook handler calls `record` in its own
 * transaction, so an event is kept exactly when its effect is. Idempotent on (provider, eventId): a redelivery
 * answers `false` and changes nothing, which the handler may use to skip work it already did.
 */
export class ProviderEventRecorder {
  constructor(private readonly clock: Clock) {}

  /** Stores the event once; `true` when it is new, `false` when (provider, eventId) was already recorded. */
  async record(q: Executor, e: ProviderEventInput): Promise<boolean> {
    const row = await q
      .insertInto('payment_provider_events')
      .values({
        provider: cut(e.provider, 40),
        event_id: cut(e.eventId, 200),
        kind: cut(e.kind, 60),
        provider_reference: e.providerReference ? cut(e.providerReference, 200) : null,
        payment_method: e.payment?.method ?? null,
        payment_id: e.payment ? cut(String(e.payment.id), 100) : null,
        success: e.success ?? null,
        amount_cents: e.amountCents ?? null,
        payload: JSON.stringify(stripCardData(e.payload ?? null)),
        received_at: e.receivedAt ?? this.clock.now(),
      })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }
}
