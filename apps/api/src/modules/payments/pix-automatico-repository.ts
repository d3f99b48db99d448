import type { RecurrenceStatus, RecurringChargeStatus } from '@guarita/domain';
import type { Executor } from '../../db/db';

/** A contract's recurrence as we keep it (pix_recurrences). */
export interface RecurrenceRow {
  id: number;
  nCtrId: number;
  customerId: number;
  psp: string;
  idRec: string;
  status: RecurrenceStatus;
  amount: number;
  startDate: string;
  copyPaste: string | null;
  approvalUrl: string | null;
  createdAt: Date;
  approvedAt: Date | null;
  endedAt: Date | null;
}

export interface RecurringChargeRow {
  txid: string;
  recurrenceId: number;
  docEntry: number;
  amount: number;
  dueDate: string;
  status: RecurringChargeStatus;
  pspStatus: string | null;
  endToEndId: string | null;
  paidAt: Date | null;
  createdAt: Date;
}

const REC_COLUMNS = [
  'id',
  'n_ctr_id as nCtrId',
  'customer_id as customerId',
  'psp',
  'id_rec as idRec',
  'status',
  'amount_cents as amount',
  'start_date as startDate',
  'copy_paste as copyPaste',
  'approval_url as approvalUrl',
  'created_at as createdAt',
  'approved_at as approvedAt',
  'ended_at as endedAt',
] as const;

const CHARGE_COLUMNS = [
  'txid',
  'recurrence_id as recurrenceId',
  'doc_entry as docEntry',
  'amount_cents as amount',
  'due_date as dueDate',
  'status',
  'psp_status as pspStatus',
  'end_to_end_id as endToEndId',
  'paid_at as paidAt',
  'created_at as createdAt',
] as const;

/** pix_recurrences and pix_recurring_charges (the payments module's tables, ADR 077). Every method takes the caller's executor. */
export class PixAutomaticoRepository {
  /** The contract's latest recurrence (of this customer: ownership in the query), or null. */
  latest(q: Executor, nCtrId: number, customerId: number): Promise<RecurrenceRow | null> {
    return q
      .selectFrom('pix_recurrences')
      .select(REC_COLUMNS)
      .where('n_ctr_id', '=', nCtrId)
      .where('customer_id', '=', customerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
      .then((r) => r ?? null);
  }

  byIdRec(q: Executor, idRec: string, opts: { forUpdate?: boolean } = {}): Promise<RecurrenceRow | null> {
    let query = q.selectFrom('pix_recurrences').select(REC_COLUMNS).where('id_rec', '=', idRec);
    if (opts.forUpdate) query = query.forUpdate();
    return query.executeTakeFirst().then((r) => r ?? null);
  }

  byId(q: Executor, id: number): Promise<RecurrenceRow | null> {
    return q
      .selectFrom('pix_recurrences')
      .select(REC_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst()
      .then((r) => r ?? null);
  }

  /** Approved recurrences (the scan's contracts). */
  approved(q: Executor, nCtrId?: number): Promise<RecurrenceRow[]> {
    let query = q.selectFrom('pix_recurrences').select(REC_COLUMNS).where('status', '=', 'APROVADA');
    if (nCtrId !== undefined) query = query.where('n_ctr_id', '=', nCtrId);
    return query.orderBy('id').execute();
  }

  async insert(q: Executor, r: Omit<RecurrenceRow, 'id' | 'approvedAt' | 'endedAt'>): Promise<RecurrenceRow> {
    const row = await q
      .insertInto('pix_recurrences')
      .values({
        n_ctr_id: r.nCtrId,
        customer_id: r.customerId,
        psp: r.psp,
        id_rec: r.idRec,
        status: r.status,
        amount_cents: r.amount,
        start_date: r.startDate,
        copy_paste: r.copyPaste,
        approval_url: r.approvalUrl,
        created_at: r.createdAt,
        updated_at: r.createdAt,
      })
      .returning(REC_COLUMNS)
      .executeTakeFirstOrThrow();
    return row;
  }

  /** The PSP's status onto ours; what it was before is the caller's to check (transitions). */
  async setStatus(
    q: Executor,
    id: number,
    status: RecurrenceStatus,
    now: Date,
    p: { copyPaste: string | null; approvalUrl: string | null },
  ) {
    await q
      .updateTable('pix_recurrences')
      .set({
        status,
        updated_at: now,
        copy_paste: p.copyPaste,
        approval_url: p.approvalUrl,
        ...(status === 'APROVADA' ? { approved_at: now } : {}),
        ...(status === 'REJEITADA' || status === 'EXPIRADA' || status === 'CANCELADA' ? { ended_at: now } : {}),
      })
      .where('id', '=', id)
      .execute();
  }

  charges(q: Executor, recurrenceIds: readonly number[]): Promise<RecurringChargeRow[]> {
    if (recurrenceIds.length === 0) return Promise.resolve([]);
    return q
      .selectFrom('pix_recurring_charges')
      .select(CHARGE_COLUMNS)
      .where('recurrence_id', 'in', [...recurrenceIds])
      .orderBy('due_date', 'desc')
      .execute();
  }

  charge(q: Executor, txid: string, opts: { forUpdate?: boolean } = {}): Promise<RecurringChargeRow | null> {
    let query = q.selectFrom('pix_recurring_charges').select(CHARGE_COLUMNS).where('txid', '=', txid);
    if (opts.forUpdate) query = query.forUpdate();
    return query.executeTakeFirst().then((r) => r ?? null);
  }

  /** Bills already sent through a recurrence (never a second charge for one bill). */
  async chargedBills(q: Executor, docEntries: readonly number[]): Promise<Set<number>> {
    if (docEntries.length === 0) return new Set();
    const rows = await q
      .selectFrom('pix_recurring_charges')
      .select('doc_entry')
      .where('doc_entry', 'in', [...docEntries])
      .execute();
    return new Set(rows.map((r) => r.doc_entry));
  }

  /** The charge row, written as 'sending' before the PSP is called; false when the bill already has one. */
  async insertSending(
    q: Executor,
    c: { txid: string; recurrenceId: number; docEntry: number; amount: number; dueDate: string; now: Date },
  ): Promise<boolean> {
    const r = await q
      .insertInto('pix_recurring_charges')
      .values({
        txid: c.txid,
        recurrence_id: c.recurrenceId,
        doc_entry: c.docEntry,
        amount_cents: c.amount,
        due_date: c.dueDate,
        status: 'sending',
        created_at: c.now,
        updated_at: c.now,
      })
      .onConflict((oc) => oc.column('doc_entry').doNothing())
      .returning('txid')
      .executeTakeFirst();
    return r !== undefined;
  }

  /** Rows still 'sending' (the PSP call failed or the process stopped): the scan sends them again, same txid. */
  sending(q: Executor, limit = 100): Promise<RecurringChargeRow[]> {
    return q
      .selectFrom('pix_recurring_charges')
      .select(CHARGE_COLUMNS)
      .where('status', '=', 'sending')
      .orderBy('created_at')
      .limit(limit)
      .execute();
  }

  /** Moves a charge on; `from` guards against going back (a 'paid' row is never made 'scheduled' again). */
  async setChargeStatus(
    q: Executor,
    txid: string,
    to: RecurringChargeStatus,
    p: { from: readonly RecurringChargeStatus[]; pspStatus: string; now: Date; endToEndId?: string; paidAt?: Date },
  ): Promise<boolean> {
    const r = await q
      .updateTable('pix_recurring_charges')
      .set({
        status: to,
        psp_status: p.pspStatus,
        updated_at: p.now,
        ...(p.endToEndId ? { end_to_end_id: p.endToEndId } : {}),
        ...(p.paidAt ? { paid_at: p.paidAt } : {}),
      })
      .where('txid', '=', txid)
      .where('status', 'in', [...p.from])
      .returning('txid')
      .executeTakeFirst();
    return r !== undefined;
  }
}
