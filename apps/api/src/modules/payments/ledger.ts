import { FINANCE_MSG } from '@guarita/domain';
import type { Database, Executor } from '../../db/db';
import { AppError } from '../../lib/errors';
import type { Clock } from '../../ports/clock';
import type { DeskFilter, LedgerRepository } from './ledger-repository';
import type { PaymentRefunds } from './refunds';

/** What the financeiro desk (issue 13) reads of the payments module, and the refund of a late Pix credit. */
export class PaymentsLedger {
  constructor(
    private readonly db: Database,
    private readonly repo: LedgerRepository,
    private readonly clock: Clock,
    /** Who can give a late credit back (the PSP that received it, or nobody: then it is marked by hand). */
    private readonly refunds: Pick<PaymentRefunds, 'routeOf' | 'hasProviderRefund'>,
  ) {}

  /** Late Pix, each with who gives its credit back: the PSP ('Estornar' on the desk) or staff by hand. */
  async latePayments(f: DeskFilter<'pending' | 'refunded' | 'none'>) {
    const rows = await this.repo.latePayments(this.db, f);
    return rows.map((r) => ({ ...r, devolucao: this.refunds.routeOf('pix_credito', r.psp) }));
  }
  advanceRequests(f: DeskFilter<'processing' | 'paid' | 'failed'>) {
    return this.repo.advanceRequests(this.db, f);
  }
  paymentLinks(f: DeskFilter<'pending' | 'paid' | 'expired'>) {
    return this.repo.paymentLinks(this.db, f);
  }

  /**
   * Marks a late Pix credit refunded (financeiro, in the caller's transaction with its audit row): only a credit
   * still pending, and only where no provider can give it back (ADR 078: otherwise 'Estornar' on the desk's payments,
   * through the PSP); answers the row before and after.
   */
  async markRefunded(q: Executor, id: number, note: string, by: string) {
    const row = await this.repo.latePaymentForUpdate(q, id);
    if (!row) throw new AppError(404, 'NOT_FOUND', FINANCE_MSG.latePixNotFound);
    if (row.refund_status !== 'pending') throw new AppError(409, 'NOT_PENDING', FINANCE_MSG.notPending);
    if (this.refunds.routeOf('pix_credito', row.psp) === 'provedor' || (await this.refunds.hasProviderRefund(q, id))) {
      throw new AppError(409, 'USE_PROVIDER_REFUND', FINANCE_MSG.useProviderRefund);
    }
    await this.repo.markRefunded(q, id, { note, by, at: this.clock.now() });
    return {
      customerId: row.customer_id,
      before: { id, txid: row.txid, credito: row.credit_cents, reembolso: row.refund_status },
      after: { id, txid: row.txid, credito: row.credit_cents, reembolso: 'refunded', observacao: note },
    };
  }
}
