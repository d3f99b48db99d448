import { sql, type ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import type { Executor } from '../../db/db';
import { iso } from './built-in-case-system';

/** Which cases a role works: claims (Subject Sinistro), support (every other), or all. */
export type QueueScope = 'claims' | 'support' | 'all';

export interface QueueFilter {
  scope: QueueScope;
  status: 'New' | 'Closed';
  reason?: string;
  phase?: string;
  /** created at or before this instant (the age filter) */
  createdBefore?: Date;
  nCtrId?: number;
  customerId?: number;
  /** A staff member's cases, or (null) the cases nobody is assigned (case_assignments, ADR 086). */
  assignedTo?: number | null;
  after?: { createdAt: string; id: string };
}

export interface QueueRow {
  id: string;
  caseNumber: string;
  reason: string;
  subject: string;
  status: 'New' | 'Closed';
  phase: string;
  createdAt: string;
  customerId: number;
  nCtrId: number;
}

/**
 * The staff console's queue (issue 13, ADR 055) over the built-in case system's tables. Not part of the case system
 * port (ADR 068): with an outside CRM, staff work the CRM's own queue and this console is not theirs.
 */
export class StaffQueue {
  constructor(private readonly q: Executor) {}

  /** Cases by filter, oldest first, keyset-paged after (createdAt, id). */
  async page(f: QueueFilter, limit: number): Promise<QueueRow[]> {
    let query = this.q
      .selectFrom('cases')
      .select(['id', 'case_number', 'reason', 'subject', 'status', 'phase', 'created_at', 'customer_id', 'n_ctr_id'])
      .where('status', '=', f.status);
    if (f.scope === 'claims') query = query.where('subject', '=', 'Sinistro');
    if (f.scope === 'support') query = query.where('subject', '<>', 'Sinistro');
    if (f.reason) query = query.where('reason', '=', f.reason);
    if (f.phase) query = query.where('phase', '=', f.phase);
    if (f.createdBefore) query = query.where('created_at', '<=', f.createdBefore);
    if (f.nCtrId !== undefined) query = query.where('n_ctr_id', '=', f.nCtrId);
    if (f.customerId !== undefined) query = query.where('customer_id', '=', f.customerId);
    if (f.assignedTo !== undefined) {
      const assigned = (eb: ExpressionBuilder<DB, 'cases'>) =>
        eb.selectFrom('case_assignments').select('case_assignments.case_id').whereRef('case_assignments.case_id', '=', 'cases.id');
      query =
        f.assignedTo === null
          ? query.where((eb) => eb.not(eb.exists(assigned(eb))))
          : query.where((eb) => eb.exists(assigned(eb).where('case_assignments.staff_id', '=', f.assignedTo!)));
    }
    if (f.after) {
      const { createdAt, id } = f.after;
      // Row-value comparison: the (status, created_at, id) index walks straight to the page (keyset, ADR 055).
      query = query.where(sql<boolean>`(created_at, id) > (${new Date(createdAt)}, ${id})`);
    }
    const rows = await query.orderBy('created_at').orderBy('id').limit(limit).execute();
    return rows.map((r) => ({
      id: r.id,
      caseNumber: r.case_number,
      reason: r.reason,
      subject: r.subject,
      status: r.status,
      phase: r.phase,
      createdAt: iso(r.created_at),
      customerId: r.customer_id,
      nCtrId: r.n_ctr_id,
    }));
  }

  /** Open cases per Reason within the scope. */
  async openCounts(scope: QueueScope): Promise<Array<{ reason: string; open: number }>> {
    let query = this.q
      .selectFrom('cases')
      .select(['reason', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status', '=', 'New');
    if (scope === 'claims') query = query.where('subject', '=', 'Sinistro');
    if (scope === 'support') query = query.where('subject', '<>', 'Sinistro');
    const rows = await query.groupBy('reason').orderBy('reason').execute();
    return rows.map((r) => ({ reason: r.reason, open: Number(r.n) }));
  }
}
