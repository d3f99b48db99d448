import { PAYMENT_MSG, billTotal, sumCents, type Cents } from '@guarita/domain';
import type { Executor } from '../../db/db';
import { AppError, notFound } from '../../lib/errors';
import type { IdempotencyStore } from '../../lib/idempotency';
import type { Clock } from '../../ports/clock';
import type { BillRow, ContractService } from '../contracts';
import type { PaymentsRepository } from './repository';
import { sortedUnique } from './shared';

/** The overdue bills a card or Pix payment covers, locked and checked in the caller's transaction. */
export class PayableBills {
  constructor(
    private readonly repo: PaymentsRepository,
    private readonly contracts: ContractService,
    private readonly idem: IdempotencyStore,
    private readonly clock: Clock,
  ) {}

  /**
   * Locks and checks the overdue bills a payment covers: all of them belong to the contract (else 404),
   * are still 'I', are not in an open negotiation, and add up to what the customer saw.
   */
  async lock(
    tx: Executor,
    nCtrId: number,
    faturas: number[] | undefined,
    valorTotal: number,
    self?: { customerId: number; key: string },
  ): Promise<{ bills: BillRow[]; total: Cents }> {
    const wanted = sortedUnique(faturas);
    const rows = await this.contracts.lockBills(tx, nCtrId, wanted ?? undefined);
    let bills: BillRow[];
    if (wanted) {
      if (rows.length !== wanted.length) throw notFound(PAYMENT_MSG.billNotFound);
      if (rows.some((b) => b.idStatus !== 'I')) throw new AppError(409, 'BILL_NOT_OPEN', PAYMENT_MSG.billNotOpen);
      bills = rows;
    } else {
      bills = rows.filter((b) => b.idStatus === 'I');
      if (bills.length === 0) throw new AppError(422, 'NO_OPEN_BILLS', PAYMENT_MSG.noOpenBills);
    }
    const docEntries = bills.map((b) => b.docEntry);
    // A card charge of these bills is under way (reserved, not yet settled): they are being paid.
    if ((await this.idem.reservedByOthers(tx, docEntries, self)).length > 0) {
      throw new AppError(409, 'BILL_NOT_OPEN', PAYMENT_MSG.billNotOpen);
    }
    if ((await this.repo.billsInOpenNegotiation(tx, nCtrId, docEntries, this.clock.now())).length > 0) {
      throw new AppError(409, 'PIX_NEGOTIATION_OPEN', PAYMENT_MSG.pixInNegotiation);
    }
    // What is charged is the bills' total (Cents); the client's valorTotal only has to agree with it.
    const total = sumCents(bills.map(billTotal));
    if (total !== valorTotal) throw new AppError(409, 'AMOUNT_CHANGED', PAYMENT_MSG.amountChanged);
    return { bills, total };
  }
}
