import {
  maskDocument,
  type AdvancePageDto,
  type AdvanceQuery,
  type LatePixPageDto,
  type LatePixQuery,
  type PaymentLinkPageDto,
  type PaymentLinkQuery,
} from '@guarita/domain';
import type { Database } from '../../db/db';
import { AppError } from '../../lib/errors';
import type { CustomersService } from '../customers';
import type { DeskFilter, PaymentsLedger } from '../payments';
import type { AuditLog } from '../staff';
import type { Acting } from './service';

const iso = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v ? iso(v) : null);

/** The desks' opaque keyset cursor: the last row's time and id. */
const encode = (at: Date | string, id: number | string) => Buffer.from(JSON.stringify([iso(at), String(id)])).toString('base64url');
function decode(cursor: string | undefined): { at: string; id: string } | undefined {
  if (!cursor) return undefined;
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'string' && typeof id === 'string' && !Number.isNaN(Date.parse(at))) return { at, id };
  } catch {
    /* falls through */
  }
  throw new AppError(400, 'VALIDATION', 'Página inválida.');
}

/** One page of `limit` rows out of `limit + 1` read, and the cursor of the next page. */
function page<R, T>(rows: R[], limit: number, map: (r: R) => T, key: (r: R) => [Date | string, number | string]) {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { itens: shown.map(map), proximo: rows.length > limit && last ? encode(...key(last)) : null };
}

/**
 * The financeiro desk (issue 13 §2): late Pix payments and the credits to refund (ADR 010), advance requests and
 * payment links, read through the payments module's ledger (which owns those tables); marking a refund done commits with its
 * audit row.
 */
export class FinanceDesk {
  constructor(
    private readonly db: Database,
    private readonly payments: PaymentsLedger,
    private readonly customers: CustomersService,
    private readonly audit: AuditLog,
  ) {}

  async latePix(f: LatePixQuery): Promise<LatePixPageDto> {
    const rows = await this.payments.latePayments({
      ...(f.reembolso ? { status: f.reembolso } : {}),
      limit: f.limite + 1,
      before: decode(f.cursor),
    });
    const people = await this.customers.documents([...new Set(rows.map((r) => r.customer_id))]);
    return page(
      rows,
      f.limite,
      (r) => ({
        id: r.id,
        txid: r.txid,
        nCtrId: r.n_ctr_id,
        documento: maskDocument(people.get(r.customer_id)?.document ?? ''),
        valor: r.amount_cents,
        resultado: r.outcome,
        credito: r.credit_cents,
        reembolso: r.refund_status,
        devolucao: r.devolucao,
        recebidoEm: iso(r.received_at),
        clienteAvisadoEm: isoOrNull(r.customer_notified_at),
        reembolsadoEm: isoOrNull(r.refunded_at),
        reembolsadoPor: r.refunded_by,
        observacao: r.refund_note,
      }),
      (r) => [r.received_at, r.id],
    );
  }

  /** Marks a late Pix credit refunded, with the note of how; the change and its audit row commit together. */
  async refund(s: Acting, id: number, note: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const { customerId, before, after } = await this.payments.markRefunded(tx, id, note, s.email);
      await this.audit.record(
        tx,
        { id: s.id, email: s.email, role: s.role, ip: s.ip },
        { action: 'financeiro.reembolso', customerId, before, after },
      );
    });
  }

  async advances(f: AdvanceQuery): Promise<AdvancePageDto> {
    return this.list(
      f,
      (q) => this.payments.advanceRequests(q),
      (r) => ({
        id: r.id,
        nCtrId: r.n_ctr_id,
        fatura: r.doc_entry,
        metodo: r.method as 'PI' | 'CC' | 'LP',
        valor: r.amount_cents,
        status: r.status,
        criadoEm: iso(r.created_at),
        expiraEm: isoOrNull(r.expires_at),
      }),
    );
  }

  async links(f: PaymentLinkQuery): Promise<PaymentLinkPageDto> {
    return this.list(
      f,
      (q) => this.payments.paymentLinks(q),
      (r) => ({
        id: r.id,
        nCtrId: r.n_ctr_id,
        faturas: r.doc_entries,
        valor: r.amount_cents,
        status: r.status,
        criadoEm: iso(r.created_at),
        expiraEm: iso(r.expires_at),
        pagoEm: isoOrNull(r.paid_at),
      }),
    );
  }

  /** A status-filtered list of rows with created_at and id, one page of `limite`. */
  private async list<S extends string, R extends { created_at: Date | string; id: number | string }, T>(
    f: { status?: S; limite: number; cursor?: string },
    fetch: (q: DeskFilter<S>) => Promise<R[]>,
    map: (r: R) => T,
  ) {
    const rows = await fetch({ ...(f.status ? { status: f.status } : {}), limit: f.limite + 1, before: decode(f.cursor) });
    return page(rows, f.limite, map, (r) => [r.created_at, r.id]);
  }
}
