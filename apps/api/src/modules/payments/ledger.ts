import { FINANCE_MSG } from '@guarita/domain';
import type { Database, Executor } from '../../db/db';
import { AppError } from '../../lib/errors';
import type { Clock } from '../../ports/clock';
import type { DeskFilter, LedgerRepository } from './ledger-repository';

/** What the financeiro desk (issue 13) reads of the payments module, and the refund of a late Pix credit. */
export class PaymentsLedger {
  constructor(
    private readonly db: Database,
    private readonly repo: LedgerRepository,
    private readonly clock: Clock,
  ) {}

  latePayments(f: DeskFilter<'pending' | 'refunded' | 'none'>) {
    return this.repo.latePayments(this.db, f);
  }
  advanceRequests(f: DeskFilter<'processing' | 'paid' | 'failed'>) {
    return this.repo.advanceRequests(this.db, f);
  }
  paymentLinks(f: DeskFilter<'pending' | 'paid' | 'expired'>) {
    return this.repo.paymentLinks(this.db, f);
  }

  /**
   * Marks a late Pix credit refunded (financeiro, in the caller's transaction with its audit row): only a credit
   * still pending; answers the row before and after.
   */
  async markRefunded(q: Executor, id: number, note: string, by: string) {
    const row = await this.repo.latePaymentForUpdate(q, id);
    if (!row) throw new AppError(404, 'NOT_FOUND', FINANCE_MSG.latePixNotFound);
    if (row.refund_status !== 'pending') throw new AppError(409, 'NOT_PENDING', FINANCE_MSG.notPending);
    await this.repo.markRefunded(q, id, { note, by, at: this.clock.now() });
    return {
      customerId: row.customer_id,
      before: { id, txid: row.txid, credito: row.credit_cents, reembolso: row.refund_status },
      after: { id, txid: row.txid, credito: row.credit_cents, reembolso: 'refunded', observacao: note },
    };
  }
}
