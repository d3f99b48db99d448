import { sql } from 'kysely';
import type { Executor } from '../../db/db';

/** A card charge about to be sent to the provider: what its notification needs to settle it if the answer is lost. */
export interface ChargeAttempt {
  customerId: number;
  key: string;
  /** The idempotency key's scope and request hash (the notification stores the answer a retry replays). */
  scope: string;
  requestHash: string;
  nCtrId: number;
  purpose: 'invoice' | 'advance';
  docEntries: number[];
  amount: number;
  newCard: boolean;
  /** Advance: the advanced bill's due date. */
  advanceDueDate?: string;
}

/**
 * SQL of card_charge_attempts (issue 27, gap 1; migration 020): the card charges sent to the provider and not yet
 * settled, read by the webhook when the answer was lost (card-attempts.ts). Every method takes the connection to use.
 */
export class ChargeAttemptsRepository {
  /** A charge about to be sent (again, on a retry with the same key: it is under way, no longer unknown). */
  async upsert(q: Executor, a: ChargeAttempt & { merchantReference: string; gateway: string }): Promise<void> {
    const values = {
      gateway: a.gateway,
      customer_id: a.customerId,
      idem_key: a.key,
      scope: a.scope,
      request_hash: a.requestHash,
      n_ctr_id: a.nCtrId,
      purpose: a.purpose,
      doc_entries: a.docEntries,
      amount_cents: a.amount,
      new_card: a.newCard,
      advance_due_date: a.advanceDueDate ?? null,
      status: 'sent' as const,
      held_until: null,
    };
    await q
      .insertInto('card_charge_attempts')
      .values({ merchant_reference: a.merchantReference, ...values })
      .onConflict((oc) => oc.column('merchant_reference').doUpdateSet(values))
      .execute();
  }

  /**
   * The call failed with no answer: the bills stay held for it for `minutes` (or until its notification), on the
   * database's clock, which is what `IdempotencyStore.reservedByOthers` compares with.
   */
  async unknown(q: Executor, merchantReference: string, minutes: number): Promise<void> {
    await q
      .updateTable('card_charge_attempts')
      .set({ status: 'unknown', held_until: sql<Date>`now() + make_interval(mins => ${minutes})` })
      .where('merchant_reference', '=', merchantReference)
      .execute();
  }

  async delete(q: Executor, merchantReference: string): Promise<void> {
    await q.deleteFrom('card_charge_attempts').where('merchant_reference', '=', merchantReference).execute();
  }

  async find(q: Executor, merchantReference: string, gateway: string, opts: { forUpdate?: boolean } = {}) {
    let query = q
      .selectFrom('card_charge_attempts')
      .selectAll()
      .where('merchant_reference', '=', merchantReference)
      .where('gateway', '=', gateway);
    if (opts.forUpdate) query = query.forUpdate();
    return (await query.executeTakeFirst()) ?? null;
  }

  /** The card charge recorded under a customer's Idempotency-Key, if any. */
  async cardChargeOf(q: Executor, customerId: number, idemKey: string): Promise<number | null> {
    const row = await q
      .selectFrom('card_charges')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('idem_key', '=', idemKey)
      .executeTakeFirst();
    return row?.id ?? null;
  }
}
