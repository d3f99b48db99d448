import type { ContractId } from '@guarita/domain';
import type { Database, Executor } from '../../db/db';
import type { IdempotencyStore, StoredAnswer } from '../../lib/idempotency';
import type { CardWebhookEvent } from '../../ports/card-gateway';
import type { Clock } from '../../ports/clock';
import type { ContractService } from '../contracts';
import { advanceCardAnswer } from './advance';
import { cardPaymentAnswer, type CardCharger } from './card-charger';
import { ChargeAttemptsRepository } from './card-attempts-repository';
import type { PaymentsRepository } from './repository';

type Attempt = NonNullable<Awaited<ReturnType<ChargeAttemptsRepository['find']>>>;

/** What a notification did to a charge of ours that was sent and not settled (the card webhook's outcome words). */
export interface AttemptOutcome {
  outcome: 'applied' | 'already_applied' | 'recorded' | 'mismatch';
  payment: { method: 'card'; id: number } | null;
}

/**
 * A card charge whose API answer never came (issue 27, gap 1; ADRs 074/075). Each charge sent is noted with its
 * reservation (card_charge_attempts: its bills, amount, purpose, and the idempotency key it was sent under, which is
 * the provider's merchantReference). When the call fails with no answer (timeout, 5xx: the customer sees 502), the
 * bills stay held for it; the provider's notification then settles it exactly as the answer would have:
 *
 * - AUTHORISATION success: the reserved bills are paid (the charge recorded, the 'pagamento confirmado' notification,
 *   the card on file for a new card), and the answer is stored on the customer's Idempotency-Key, so a retry with that
 *   key replays the same 200;
 * - AUTHORISATION failure or CANCELLATION: the charge is recorded as declined (a retry replays the 402) and the bills
 *   are free again;
 * - AUTHORISATION success when the bills are no longer its to pay (its hold ended and they were paid, or are being
 *   paid, another way): the money taken is recorded as a card charge flagged `refund_due`, the bills are not touched,
 *   and the desk refunds it ('Estornar'). Outcome `mismatch`.
 *
 * Whichever comes first — the API answer, the customer's retry, the notification — settles it, once: all lock the
 * idempotency key's row first, then this row, which the settlement deletes.
 */
export class CardChargeAttempts {
  private readonly attempts = new ChargeAttemptsRepository();

  constructor(
    private readonly db: Database,
    private readonly repo: PaymentsRepository,
    private readonly idem: IdempotencyStore,
    private readonly charger: CardCharger,
    private readonly contracts: ContractService,
    private readonly clock: Clock,
  ) {}

  /** Settles the charge an AUTHORISATION or CANCELLATION is about; null when it is not a charge of ours waiting for one. */
  async reconcile(e: CardWebhookEvent): Promise<AttemptOutcome | null> {
    if (e.kind === 'REFUND') return null;
    const found = await this.attempts.find(this.db, e.merchantReference, this.charger.gatewayName);
    if (!found) return null;
    // A cancellation that failed changes nothing.
    if (e.kind === 'CANCELLATION' && !e.success) return { outcome: 'recorded', payment: null };
    // Read before the transaction (one connection on the embedded database): the contract the charge is for.
    const contract = await this.contracts.requireOwned(found.customer_id, found.n_ctr_id as ContractId);
    const approve = e.kind === 'AUTHORISATION' && e.success;
    return this.db.transaction().execute(async (tx): Promise<AttemptOutcome> => {
      let outcome: AttemptOutcome = { outcome: 'already_applied', payment: null };
      const key = { customerId: found.customer_id, key: found.idem_key, scope: found.scope, requestHash: found.request_hash };
      await this.idem.settleElsewhere(tx, key, async () => {
        const a = await this.attempts.find(tx, e.merchantReference, this.charger.gatewayName, { forUpdate: true });
        if (!a) return null; // the answer (or a redelivery) settled it meanwhile
        if (approve && !(await this.billsStillItsOwn(tx, a))) {
          outcome = { outcome: 'mismatch', payment: { method: 'card', id: await this.refundDue(tx, a, e, contract.slpCode) } };
          return null;
        }
        const answer = await this.charger.record(
          tx,
          {
            customerId: a.customer_id,
            contract,
            purpose: a.purpose,
            key: a.idem_key,
            docEntries: a.doc_entries,
            amount: a.amount_cents,
            newCard: a.new_card,
            result: approve
              ? { status: 'approved', gatewayId: e.gatewayId, brand: e.brand ?? null, last4: e.last4 ?? null }
              : {
                  status: 'declined',
                  gatewayId: e.gatewayId,
                  code: e.kind.toLowerCase(),
                  message: e.reason ?? 'Pagamento não autorizado.',
                },
            ...(a.purpose === 'advance' ? { advanceDocEntry: a.doc_entries[0]! } : {}),
          },
          (charge): StoredAnswer<unknown> =>
            a.purpose === 'advance'
              ? advanceCardAnswer(charge, { docEntry: a.doc_entries[0]!, docDueDate: a.advance_due_date ?? '' }, a.amount_cents)
              : cardPaymentAnswer(charge, a.doc_entries, a.amount_cents),
        );
        const charge = await this.attempts.cardChargeOf(tx, a.customer_id, a.idem_key);
        outcome = { outcome: 'applied', payment: charge ? { method: 'card', id: charge } : null };
        return answer;
      });
      // The key was answered already (the API answer, a retry): the attempt is over.
      if (outcome.outcome === 'already_applied') await this.attempts.delete(tx, e.merchantReference);
      return outcome;
    });
  }

  /** Its bills are still open, held by no other payment and in no open Pix or link: this charge may pay them. */
  private async billsStillItsOwn(tx: Executor, a: Attempt): Promise<boolean> {
    const bills = await this.contracts.lockBills(tx, a.n_ctr_id, a.doc_entries);
    if (bills.length !== a.doc_entries.length || bills.some((b) => b.idStatus === 'P')) return false;
    const self = { customerId: a.customer_id, key: a.idem_key };
    if ((await this.idem.reservedByOthers(tx, a.doc_entries, self)).length > 0) return false;
    return (await this.repo.billsInOpenNegotiation(tx, a.n_ctr_id, a.doc_entries, this.clock.now())).length === 0;
  }

  /** The money was taken for bills paid otherwise: recorded as a card charge to refund; the bills are not touched. */
  private async refundDue(tx: Executor, a: Attempt, e: CardWebhookEvent, slpCode: number | null): Promise<number> {
    const charge = await this.repo.insertCardCharge(tx, {
      nCtrId: a.n_ctr_id,
      customerId: a.customer_id,
      purpose: a.purpose,
      idemKey: a.idem_key,
      docEntries: a.doc_entries,
      amount: a.amount_cents,
      slpCode,
      brand: e.brand ?? null,
      last4: e.last4 ?? null,
      gateway: this.charger.gatewayName,
      gatewayId: e.gatewayId,
      status: 'approved',
      declineCode: null,
      createdAt: this.clock.now(),
      refundDue: true,
    });
    await this.attempts.delete(tx, a.merchant_reference);
    return charge.id;
  }
}
