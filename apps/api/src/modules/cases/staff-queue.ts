import { sql, type ExpressionBuilder } from 'kysely';
import type { QueueOrder, QueueSearch } from '@guarita/domain';
import type { DB } from '../../db/schema';
import type { Executor } from '../../db/db';
import { iso } from './built-in-case-system';

/**
 * The customer's name as the search index holds it (migration 035, the same expression letter for letter, or the
 * index is not used): accented letters folded to ASCII, words split by the 'simple' parser.
 */
const FOLDED_NAME = sql`to_tsvector('simple', translate(name, 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝáàâãäéèêëíìîïóòôõöúùûüçñýÿ', 'AAAAAEEEEIIIIOOOOOUUUUCNYaaaaaeeeeiiiiooooouuuucnyy'))`;

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
  search?: QueueSearch;
  order: QueueOrder;
  /** Keyset: the previous page's last row (its order key: due_at or created_at). */
  after?: { key: string; id: string };
}

export interface QueueRow {
  id: string;
  caseNumber: string;
  reason: string;
  subject: string;
  status: 'New' | 'Closed';
  phase: string;
  createdAt: string;
  dueAt: string;
  customerId: number;
  nCtrId: number;
}

/** Each order's key column and direction: time left is the stored due time (ADR 085), age the opening instant. */
const ORDER: Record<QueueOrder, { column: 'due_at' | 'created_at'; desc: boolean }> = {
  restante: { column: 'due_at', desc: false },
  'restante-desc': { column: 'due_at', desc: true },
  // Age ascending is the newest first.
  idade: { column: 'created_at', desc: true },
  'idade-desc': { column: 'created_at', desc: false },
};
export const orderKeyOf = (order: QueueOrder, row: Pick<QueueRow, 'dueAt' | 'createdAt'>) =>
  ORDER[order].column === 'due_at' ? row.dueAt : row.createdAt;

/**
 * The staff console's queue (issue 13, ADR 055) over the built-in case system's tables. Not part of the case system
 * port (ADR 068): with an outside CRM, staff work the CRM's own queue and this console is not theirs.
 */
export class StaffQueue {
  constructor(private readonly q: Executor) {}

  /**
   * Cases by filter in the order asked, keyset-paged after (key, id): each order walks its own index, (status, due_at,
   * id) or (status, created_at, id), forwards or backwards. A search narrows by an indexed column (case_number,
   * customer ids from customers' document, e-mail or name words, contract numbers from a plate).
   */
  async page(f: QueueFilter, limit: number): Promise<QueueRow[]> {
    const { column, desc } = ORDER[f.order];
    let query = this.q
      .selectFrom('cases')
      .select(['id', 'case_number', 'reason', 'subject', 'status', 'phase', 'created_at', 'due_at', 'customer_id', 'n_ctr_id'])
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
    const s = f.search;
    if (s?.kind === 'protocolo') query = query.where('case_number', '=', s.caseNumber);
    if (s?.kind === 'contrato') query = query.where('n_ctr_id', '=', s.nCtrId);
    if (s?.kind === 'placa')
      query = query.where('n_ctr_id', 'in', this.q.selectFrom('contracts').select('n_ctr_id').where('plate', '=', s.plate));
    if (s?.kind === 'documento')
      query = query.where('customer_id', 'in', this.q.selectFrom('customers').select('id').where('document', '=', s.document));
    if (s?.kind === 'email')
      query = query.where(
        'customer_id',
        'in',
        this.q
          .selectFrom('customers')
          .select('id')
          .where(sql<string>`lower(email)`, '=', s.email),
      );
    if (s?.kind === 'nome') {
      // Each word a prefix of a word of the name, all of them (the words are letters and digits only: parseQueueSearch).
      const tsquery = s.words.map((w) => `${w}:*`).join(' & ');
      query = query.where(
        'customer_id',
        'in',
        this.q
          .selectFrom('customers')
          .select('id')
          .where(sql<boolean>`${FOLDED_NAME} @@ to_tsquery('simple', ${tsquery})`),
      );
    }
    if (f.after) {
      const key = new Date(f.after.key);
      // Row-value comparison: the (status, key, id) index walks straight to the page (keyset, ADR 055, ADR 085).
      query = desc
        ? query.where(sql<boolean>`(${sql.ref(column)}, id) < (${key}, ${f.after.id})`)
        : query.where(sql<boolean>`(${sql.ref(column)}, id) > (${key}, ${f.after.id})`);
    }
    const dir = desc ? 'desc' : 'asc';
    const rows = await query.orderBy(column, dir).orderBy('id', dir).limit(limit).execute();
    return rows.map((r) => ({
      id: r.id,
      caseNumber: r.case_number,
      reason: r.reason,
      subject: r.subject,
      status: r.status,
      phase: r.phase,
      createdAt: iso(r.created_at),
      dueAt: iso(r.due_at),
      customerId: r.customer_id,
      nCtrId: r.n_ctr_id,
    }));
  }

  /** Cases of the scope opened after `since` and still open (the live queue's count of new ones). */
  async countNewSince(scope: QueueScope, since: Date): Promise<number> {
    let query = this.q
      .selectFrom('cases')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'New')
      .where('created_at', '>', since);
    if (scope === 'claims') query = query.where('subject', '=', 'Sinistro');
    if (scope === 'support') query = query.where('subject', '<>', 'Sinistro');
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  /** Each Reason's SLA target, hours (case_sla_targets, migration 027). */
  async slaTargets(): Promise<Array<{ reason: string; hours: number; updatedAt: string }>> {
    const rows = await this.q.selectFrom('case_sla_targets').select(['reason', 'target_hours', 'updated_at']).orderBy('reason').execute();
    return rows.map((r) => ({ reason: r.reason, hours: r.target_hours, updatedAt: iso(r.updated_at) }));
  }

  /**
   * Sets a Reason's target and moves the due time of its open cases to match (closed cases keep the one they were
   * worked to). Returns the previous target (null: none was set).
   */
  async setSlaTarget(reason: string, hours: number, now: Date): Promise<number | null> {
    const before = await this.q
      .selectFrom('case_sla_targets')
      .select('target_hours')
      .where('reason', '=', reason)
      .forUpdate()
      .executeTakeFirst();
    await this.q
      .insertInto('case_sla_targets')
      .values({ reason, target_hours: hours, updated_at: now })
      .onConflict((oc) => oc.column('reason').doUpdateSet({ target_hours: hours, updated_at: now }))
      .execute();
    await this.q
      .updateTable('cases')
      .set({ due_at: sql<Date>`created_at + make_interval(hours => ${hours}::int)` })
      .where('reason', '=', reason)
      .where('status', '=', 'New')
      .execute();
    return before?.target_hours ?? null;
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
