import { AUDIT_MSG, saoPauloDayStart, addDaysIso, type AuditPageDto, type AuditRowDto } from '@guarita/domain';
import { stringify } from 'csv-stringify/sync';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database, Executor } from '../../db/db';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/errors';

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

  /** Newest first, keyset-paged on (created_at, id) with an opaque cursor; each filter reads its own index (migration 031). */
  async page(f: AuditLogFilter, limit: number, cursor?: string): Promise<AuditPageDto> {
    const rows = await this.pageQuery(f, limit, cursor).execute();
    const shown = rows.slice(0, limit);
    const itens: AuditRowDto[] = shown.map((r) => ({
      id: Number(r.id),
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
    const last = shown.at(-1);
    return { itens, proximo: rows.length > limit && last ? encodeCursor(last.at_exact, Number(last.id)) : null };
  }

  /** The statement of one page (`limit` + 1 rows, to know whether another follows); the tests EXPLAIN it. */
  pageQuery(f: AuditLogFilter, limit: number, cursor?: string) {
    const after = cursor === undefined ? undefined : decodeCursor(cursor);
    let q = filtered(this.db, f)
      .select(['id', 'staff_email', 'role', 'action', 'case_number', 'customer_id', 'before', 'after', 'ip', 'created_at'])
      // The exact instant (microseconds), for the next page's cursor: a JS Date keeps milliseconds only.
      .select(sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('at_exact'))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1);
    if (after) q = q.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(sql<Date>`${after.at}::timestamptz`, after.id)));
    return q;
  }

  /** The log as CSV with the screen's filters (oldest first), page by page so memory stays flat. */
  async *csv(f: AuditLogFilter = {}): AsyncGenerator<string> {
    yield 'id,quando,quem,papel,acao,caso,cliente,antes,depois,ip\n';
    let after: { at: string; id: number } | undefined;
    for (;;) {
      let q = filtered(this.db, f)
        .select(['id', 'created_at', 'staff_email', 'role', 'action', 'case_number', 'customer_id', 'before', 'after', 'ip'])
        .select(sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('at_exact'))
        .orderBy('created_at')
        .orderBy('id')
        .limit(1000);
      const from = after;
      if (from) q = q.where((eb) => eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(sql<Date>`${from.at}::timestamptz`, from.id)));
      const rows = await q.execute();
      if (rows.length === 0) return;
      yield auditCsvLines(rows);
      const last = rows.at(-1)!;
      after = { at: last.at_exact, id: Number(last.id) };
    }
  }
}

/**
 * What the audit screen filters on, resolved: the staff e-mail, the action, the case number, the customer's id (the
 * routes resolve the CPF/CNPJ typed; `null` = a document of no customer, so nothing matches) and São Paulo days.
 */
export interface AuditLogFilter {
  quem?: string | undefined;
  acao?: string | undefined;
  caso?: string | undefined;
  cliente?: number | null | undefined;
  de?: string | undefined;
  ate?: string | undefined;
}

function filtered(db: Database, f: AuditLogFilter): SelectQueryBuilder<DB, 'staff_audit', object> {
  let q = db.selectFrom('staff_audit');
  if (f.quem) q = q.where('staff_email', '=', f.quem);
  if (f.acao) q = q.where('action', '=', f.acao);
  if (f.caso) q = q.where('case_number', '=', f.caso);
  if (f.cliente === null) q = q.where(sql<boolean>`false`);
  else if (f.cliente !== undefined) q = q.where('customer_id', '=', f.cliente);
  if (f.de) q = q.where('created_at', '>=', saoPauloDayStart(f.de));
  if (f.ate) q = q.where('created_at', '<', saoPauloDayStart(addDaysIso(f.ate, 1)));
  return q;
}

/** The audit page's opaque cursor: the last row's exact instant (as `to_char` writes it) and id. */
const EXACT_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const encodeCursor = (at: string, id: number) => Buffer.from(JSON.stringify([at, id])).toString('base64url');
function decodeCursor(cursor: string): { at: string; id: number } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'string' && EXACT_INSTANT.test(at) && !Number.isNaN(Date.parse(at)) && Number.isSafeInteger(id) && (id as number) > 0)
      return { at, id: id as number };
  } catch {
    /* falls through */
  }
  throw new AppError(400, 'VALIDATION', AUDIT_MSG.badPage);
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
