import { sql, type ExpressionBuilder } from 'kysely';
import type { Executor } from '../../db/db';
import type { DB } from '../../db/schema';

/** The PSP of the charge a late Pix paid (pix_charges.psp). */
const pspOfCharge = (eb: ExpressionBuilder<DB, 'pix_late_payments'>) =>
  eb
    .selectFrom('pix_charges')
    .select('psp')
    .whereRef('pix_charges.id', '=', 'pix_late_payments.pix_charge_id')
    .$asScalar()
    .$notNull()
    .as('psp');

/** A desk list's filter: a status, the page size, and the last row of the previous page. */
export interface DeskFilter<S extends string> {
  status?: S;
  limit: number;
  before?: { at: string; id: string };
}

/**
 * SQL of the financeiro desk (issue 13) over the payments module's tables: late Pix payments and their refunds,
 * advance requests, payment links. Lists are newest first, keyset on (time, id).
 */
export class LedgerRepository {
  /** Late Pix, each with the PSP that received it (its charge's: who can give a credit back, ADR 078). */
  async latePayments(q: Executor, f: DeskFilter<'pending' | 'refunded' | 'none'>) {
    let query = q.selectFrom('pix_late_payments').selectAll().select(pspOfCharge);
    if (f.status) query = query.where('refund_status', '=', f.status);
    if (f.before) query = query.where(sql<boolean>`(received_at, id) < (${new Date(f.before.at)}, ${Number(f.before.id)})`);
    return query.orderBy('received_at', 'desc').orderBy('id', 'desc').limit(f.limit).execute();
  }

  async latePaymentForUpdate(q: Executor, id: number) {
    return q.selectFrom('pix_late_payments').selectAll().select(pspOfCharge).where('id', '=', id).forUpdate().executeTakeFirst();
  }

  async markRefunded(q: Executor, id: number, r: { note: string; by: string; at: Date }): Promise<void> {
    await q
      .updateTable('pix_late_payments')
      .set({ refund_status: 'refunded', refund_note: r.note, refunded_by: r.by, refunded_at: r.at })
      .where('id', '=', id)
      .execute();
  }

  async advanceRequests(q: Executor, f: DeskFilter<'processing' | 'paid' | 'failed'>) {
    let query = q.selectFrom('advance_requests').selectAll();
    if (f.status) query = query.where('status', '=', f.status);
    if (f.before) query = query.where(sql<boolean>`(created_at, id) < (${new Date(f.before.at)}, ${Number(f.before.id)})`);
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.limit).execute();
  }

  async paymentLinks(q: Executor, f: DeskFilter<'pending' | 'paid' | 'expired'>) {
    let query = q.selectFrom('payment_links').selectAll();
    if (f.status) query = query.where('status', '=', f.status);
    if (f.before) query = query.where(sql<boolean>`(created_at, id) < (${new Date(f.before.at)}, ${f.before.id})`);
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.limit).execute();
  }
}
