import type { AuditPageDto, AuditRowDto } from '@guarita/domain';
import { stringify } from 'csv-stringify/sync';
import type { Database, Executor } from '../../db/db';

/** Who did it: the staff member (or, for a failed login, just the e-mail typed) and from where. */
export interface AuditActor {
  id: number | null;
  email: string;
  role: string;
  ip: string | null;
}

export interface AuditEntry {
  action: string;
  caseNumber?: string | null;
  customerId?: number | null;
  before?: unknown;
  after?: unknown;
}

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

/**
 * The append-only audit log (table staff_audit; UPDATE/DELETE fail in the database itself, migration 011).
 * `record` takes the caller's transaction, so an action and its audit row commit or fail together.
 */
export class AuditLog {
  constructor(private readonly db: Database) {}

  async record(q: Executor, actor: AuditActor, e: AuditEntry): Promise<void> {
    await q
      .insertInto('staff_audit')
      .values({
        staff_id: actor.id,
        staff_email: actor.email,
        role: actor.role,
        action: e.action,
        case_number: e.caseNumber ?? null,
        customer_id: e.customerId ?? null,
        before: json(e.before),
        after: json(e.after),
        ip: actor.ip,
      })
      .execute();
  }

  /** A row of its own, outside any transaction: for what is refused, where no action commits with it. */
  recordNow(actor: AuditActor, e: AuditEntry): Promise<void> {
    return this.record(this.db, actor, e);
  }

  /** Newest first, keyset-paged on id (`antes` = the last id of the previous page). */
  async page(limit: number, before?: number): Promise<AuditPageDto> {
    let q = this.db
      .selectFrom('staff_audit')
      .select(['id', 'staff_email', 'role', 'action', 'case_number', 'customer_id', 'before', 'after', 'ip', 'created_at'])
      .orderBy('id', 'desc')
      .limit(limit + 1);
    if (before !== undefined) q = q.where('id', '<', before);
    const rows = await q.execute();
    const itens: AuditRowDto[] = rows.slice(0, limit).map((r) => ({
      id: r.id,
      quem: r.staff_email,
      papel: r.role,
      acao: r.action,
      caso: r.case_number,
      cliente: r.customer_id,
      antes: r.before ?? null,
      depois: r.after ?? null,
      ip: r.ip,
      quando: new Date(r.created_at).toISOString(),
    }));
    return { itens, proximo: rows.length > limit ? String(itens.at(-1)!.id) : null };
  }

  /** The whole log as CSV (oldest first), page by page so memory stays flat. */
  async *csv(): AsyncGenerator<string> {
    yield 'id,quando,quem,papel,acao,caso,cliente,antes,depois,ip\n';
    let after = 0;
    for (;;) {
      const rows = await this.db
        .selectFrom('staff_audit')
        .select(['id', 'created_at', 'staff_email', 'role', 'action', 'case_number', 'customer_id', 'before', 'after', 'ip'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(1000)
        .execute();
      if (rows.length === 0) return;
      yield auditCsvLines(rows);
      after = rows.at(-1)!.id;
    }
  }
}

/** The columns of the CSV export, as read from staff_audit. */
export interface AuditCsvRow {
  id: number;
  created_at: Date | string;
  staff_email: string;
  role: string;
  action: string;
  case_number: string | null;
  customer_id: number | null;
  before: unknown;
  after: unknown;
  ip: string | null;
}

/**
 * Audit rows as CSV lines (RFC 4180 quoting by csv-stringify), each field a spreadsheet would run as a formula
 * (=, +, -, @, tab, CR) behind a leading quote.
 */
export function auditCsvLines(rows: readonly AuditCsvRow[]): string {
  return stringify(
    rows.map((r) => [
      r.id,
      new Date(r.created_at).toISOString(),
      r.staff_email,
      r.role,
      r.action,
      r.case_number,
      r.customer_id,
      r.before === null ? '' : JSON.stringify(r.before),
      r.after === null ? '' : JSON.stringify(r.after),
      r.ip,
    ]),
    { escape_formulas: true },
  );
}
