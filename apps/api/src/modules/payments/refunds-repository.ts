import { sql } from 'kysely';
import type { DeskPaymentMethod, RefundRowStatus } from '@guarita/domain';
import type { Executor } from '../../db/db';

/** A card or Pix payment as the desk sees it (card_charges approved, pix_charges paid). */
export interface DeskPaymentRow {
  method: DeskPaymentMethod;
  id: number;
  n_ctr_id: number;
  customer_id: number;
  doc_entries: number[];
  amount_cents: number;
  provider: string;
  reference: string | null;
  txid: string | null;
  card_brand: string | null;
  card_last4: string | null;
  paid_at: Date;
}

export interface RefundTotals {
  refunded: number;
  open: number;
}

export interface PaymentFilter {
  method?: DeskPaymentMethod;
  nCtrId?: number;
  limit: number;
  before?: { at: string; method: string; id: number };
}

/** Card charges approved and Pix charges paid, as one list (newest first). */
const payments = (m?: DeskPaymentMethod) => sql`(
  SELECT 'card'::text AS method, id, n_ctr_id, customer_id, doc_entries, amount_cents, gateway AS provider,
         gateway_id AS reference, NULL::text AS txid, card_brand, card_last4, created_at AS paid_at
    FROM card_charges WHERE status = 'approved' ${m === 'pix' ? sql`AND false` : sql``}
  UNION ALL
  SELECT 'pix'::text, id, n_ctr_id, customer_id, doc_entries, amount_cents, psp, end_to_end_id, txid, NULL, NULL, paid_at
    FROM pix_charges WHERE status = 'paid' AND paid_at IS NOT NULL ${m === 'card' ? sql`AND false` : sql``}
) p`;

/** SQL of the desk's payments, their provider events and refunds (ADR 078). */
export class RefundsRepository {
  async payments(q: Executor, f: PaymentFilter): Promise<DeskPaymentRow[]> {
    const where = [sql`true`];
    if (f.nCtrId) where.push(sql`p.n_ctr_id = ${f.nCtrId}`);
    if (f.before) where.push(sql`(p.paid_at, p.method, p.id) < (${new Date(f.before.at)}, ${f.before.method}, ${f.before.id})`);
    const { rows } = await sql<DeskPaymentRow>`
      SELECT * FROM ${payments(f.method)} WHERE ${sql.join(where, sql` AND `)}
      ORDER BY p.paid_at DESC, p.method DESC, p.id DESC LIMIT ${f.limit}`.execute(q);
    return rows;
  }

  /** One payment; `forUpdate` locks its row (card_charges / pix_charges) so refunds of it run one at a time. */
  async payment(q: Executor, method: DeskPaymentMethod, id: number, forUpdate = false): Promise<DeskPaymentRow | undefined> {
    if (forUpdate) {
      const table = method === 'card' ? sql.table('card_charges') : sql.table('pix_charges');
      await sql`SELECT id FROM ${table} WHERE id = ${id} FOR UPDATE`.execute(q);
    }
    const { rows } = await sql<DeskPaymentRow>`SELECT * FROM ${payments(method)} WHERE p.id = ${id}`.execute(q);
    return rows[0];
  }

  /** Confirmed and open (requested or pending) refund totals of the payments, by 'method:id'. */
  async totals(q: Executor, keys: Array<{ method: DeskPaymentMethod; id: number }>): Promise<Map<string, RefundTotals>> {
    const out = new Map<string, RefundTotals>();
    if (keys.length === 0) return out;
    const rows = await q
      .selectFrom('payment_refunds')
      .select(['payment_method', 'payment_id', 'status'])
      .select((eb) => eb.fn.sum<number>('amount_cents').as('total'))
      .where((eb) => eb.or(keys.map((k) => eb.and([eb('payment_method', '=', k.method), eb('payment_id', '=', String(k.id))]))))
      .groupBy(['payment_method', 'payment_id', 'status'])
      .execute();
    for (const r of rows) {
      const key = `${r.payment_method}:${r.payment_id}`;
      const t = out.get(key) ?? { refunded: 0, open: 0 };
      if (r.status === 'refunded') t.refunded += Number(r.total);
      else if (r.status === 'requested' || r.status === 'pending') t.open += Number(r.total);
      out.set(key, t);
    }
    return out;
  }

  async refunds(q: Executor, method: DeskPaymentMethod, id: number) {
    return q
      .selectFrom('payment_refunds')
      .selectAll()
      .where('payment_method', '=', method)
      .where('payment_id', '=', String(id))
      .orderBy('id')
      .execute();
  }

  /** The payment's provider events: by its provider references, or recorded against it. Oldest first. */
  async events(q: Executor, method: DeskPaymentMethod, id: number, references: string[]) {
    return q
      .selectFrom('payment_provider_events')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('payment_method', '=', method), eb('payment_id', '=', String(id))]),
          ...(references.length ? [eb('provider_reference', 'in', references)] : []),
        ]),
      )
      .orderBy('received_at')
      .orderBy('id')
      .limit(500)
      .execute();
  }

  async refundByKey(q: Executor, method: DeskPaymentMethod, id: number, idemKey: string) {
    return q
      .selectFrom('payment_refunds')
      .selectAll()
      .where('payment_method', '=', method)
      .where('payment_id', '=', String(id))
      .where('idem_key', '=', idemKey)
      .forUpdate()
      .executeTakeFirst();
  }

  async refundById(q: Executor, id: number) {
    return q.selectFrom('payment_refunds').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  async refundByRefundId(q: Executor, refundId: string) {
    return q.selectFrom('payment_refunds').selectAll().where('refund_id', '=', refundId).forUpdate().executeTakeFirst();
  }

  async insertRefund(
    q: Executor,
    r: {
      method: DeskPaymentMethod;
      payment: DeskPaymentRow;
      refundId: string;
      amount: number;
      reason: string;
      idemKey: string;
      requestHash: string;
      by: { id: number | null; email: string };
      at: Date;
    },
  ) {
    return q
      .insertInto('payment_refunds')
      .values({
        payment_method: r.method,
        payment_id: String(r.payment.id),
        n_ctr_id: r.payment.n_ctr_id,
        customer_id: r.payment.customer_id,
        provider: r.payment.provider,
        provider_reference: r.payment.reference ?? '',
        refund_id: r.refundId,
        amount_cents: r.amount,
        reason: r.reason,
        idem_key: r.idemKey,
        request_hash: r.requestHash,
        requested_by_id: r.by.id,
        requested_by: r.by.email,
        requested_at: r.at,
        updated_at: r.at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async setStatus(
    q: Executor,
    id: number,
    s: { status: RefundRowStatus; providerRefundId?: string | null; failure?: string | null; at: Date },
  ) {
    return q
      .updateTable('payment_refunds')
      .set({
        status: s.status,
        ...(s.providerRefundId ? { provider_refund_id: s.providerRefundId } : {}),
        ...(s.failure !== undefined ? { failure_reason: s.failure } : {}),
        updated_at: s.at,
        ...(s.status === 'refunded' ? { confirmed_at: s.at } : {}),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}

export type RefundRow = Awaited<ReturnType<RefundsRepository['insertRefund']>>;
