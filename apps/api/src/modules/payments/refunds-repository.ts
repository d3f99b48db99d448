import { sql } from 'kysely';
import type { DeskPaymentMethod, RefundRowStatus } from '@guarita/domain';
import type { Executor } from '../../db/db';

/**
 * A payment as the desk sees it: a card charge approved, a payment link paid, a Pix charge paid, a Pix Automático
 * charge paid, or a late Pix kept as a credit (its `amount_cents` is the credit to give back).
 */
export interface DeskPaymentRow {
  method: DeskPaymentMethod;
  /** card_charges / pix_charges / pix_late_payments id, the payment link's id, the Pix Automático charge's txid. */
  id: string;
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
  /** A late Pix credit already marked refunded by hand ('Marcar reembolsado'): nothing is left to refund. */
  marked_refunded: boolean;
  /** A card approval that came after its bills were paid another way (issue 27, gap 1): the money is to go back. */
  refund_due: boolean;
}

export interface RefundTotals {
  refunded: number;
  open: number;
}

export interface PaymentFilter {
  method?: DeskPaymentMethod;
  nCtrId?: number;
  limit: number;
  before?: { at: string; method: string; id: string };
}

/** `AND false` on the branches of the other methods when the list is filtered by one. */
const only = (m: DeskPaymentMethod | undefined, branch: DeskPaymentMethod) => (m && m !== branch ? sql`AND false` : sql``);

/**
 * Every payment the desk may refund, as one list (newest first): card charges approved, payment links paid (the
 * reference is the AUTHORISATION's payment id), Pix charges paid, Pix Automático charges paid (by the recurrence's
 * PSP) and late Pix credits (the PSP of the charge they paid; their amount is the credit).
 */
const payments = (m?: DeskPaymentMethod) => sql`(
  SELECT 'card'::text AS method, id::text AS id, n_ctr_id, customer_id, doc_entries, amount_cents, gateway AS provider,
         gateway_id AS reference, NULL::text AS txid, card_brand, card_last4, created_at AS paid_at, false AS marked_refunded,
         refund_due
    FROM card_charges WHERE status = 'approved' ${only(m, 'card')}
  UNION ALL
  SELECT 'link', id, n_ctr_id, customer_id, doc_entries, amount_cents, gateway, paid_gateway_id, NULL, NULL, NULL, paid_at, false, false
    FROM payment_links WHERE status = 'paid' AND paid_at IS NOT NULL ${only(m, 'link')}
  UNION ALL
  SELECT 'pix', id::text, n_ctr_id, customer_id, doc_entries, amount_cents, psp, end_to_end_id, txid, NULL, NULL, paid_at, false, false
    FROM pix_charges WHERE status = 'paid' AND paid_at IS NOT NULL ${only(m, 'pix')}
  UNION ALL
  SELECT 'pix_automatico', c.txid, r.n_ctr_id, r.customer_id, ARRAY[c.doc_entry], c.amount_cents, r.psp, c.end_to_end_id, c.txid,
         NULL, NULL, c.paid_at, false, false
    FROM pix_recurring_charges c JOIN pix_recurrences r ON r.id = c.recurrence_id
   WHERE c.status = 'paid' AND c.paid_at IS NOT NULL ${only(m, 'pix_automatico')}
  UNION ALL
  SELECT 'pix_credito', l.id::text, l.n_ctr_id, l.customer_id, '{}'::int[], l.credit_cents, c.psp, l.end_to_end_id, l.txid,
         NULL, NULL, l.received_at, l.refund_status = 'refunded', false
    FROM pix_late_payments l JOIN pix_charges c ON c.id = l.pix_charge_id
   WHERE l.outcome = 'credit' AND l.credit_cents > 0 ${only(m, 'pix_credito')}
) p`;

/** The row a refund locks, so refunds of one payment run one at a time. */
const LOCK: Record<DeskPaymentMethod, { table: string; key: string; numeric: boolean }> = {
  card: { table: 'card_charges', key: 'id', numeric: true },
  link: { table: 'payment_links', key: 'id', numeric: false },
  pix: { table: 'pix_charges', key: 'id', numeric: true },
  pix_automatico: { table: 'pix_recurring_charges', key: 'txid', numeric: false },
  pix_credito: { table: 'pix_late_payments', key: 'id', numeric: true },
};

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

  /** Locks a payment's row (card_charges, payment_links, …): refunds of one payment run one at a time. */
  async lockPayment(q: Executor, method: DeskPaymentMethod, id: string): Promise<void> {
    const lock = LOCK[method];
    if (lock.numeric && !/^\d{1,10}$/.test(id)) return;
    const key = lock.numeric ? Number(id) : id;
    await sql`SELECT 1 FROM ${sql.table(lock.table)} WHERE ${sql.ref(lock.key)} = ${key} FOR UPDATE`.execute(q);
  }

  /** One payment; `forUpdate` locks its row first (lockPayment). */
  async payment(q: Executor, method: DeskPaymentMethod, id: string, forUpdate = false): Promise<DeskPaymentRow | undefined> {
    if (LOCK[method].numeric && !/^\d{1,10}$/.test(id)) return undefined;
    if (forUpdate) await this.lockPayment(q, method, id);
    const { rows } = await sql<DeskPaymentRow>`SELECT * FROM ${payments(method)} WHERE p.id = ${id}`.execute(q);
    return rows[0];
  }

  /**
   * Confirmed and open (requested or pending) refund totals of the payments, by 'method:id'. A late credit marked
   * refunded by hand counts as refunded in full.
   */
  async totals(q: Executor, keys: DeskPaymentRow[]): Promise<Map<string, RefundTotals>> {
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
    for (const k of keys) {
      if (!k.marked_refunded) continue;
      const t = out.get(`${k.method}:${k.id}`) ?? { refunded: 0, open: 0 };
      out.set(`${k.method}:${k.id}`, { ...t, refunded: Math.max(t.refunded, k.amount_cents) });
    }
    return out;
  }

  async refunds(q: Executor, method: DeskPaymentMethod, id: string) {
    return q
      .selectFrom('payment_refunds')
      .selectAll()
      .where('payment_method', '=', method)
      .where('payment_id', '=', String(id))
      .orderBy('id')
      .execute();
  }

  /** The payment's provider events: by its provider references, or recorded against it. Oldest first. */
  async events(q: Executor, method: DeskPaymentMethod, id: string, references: string[]) {
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

  async refundByKey(q: Executor, method: DeskPaymentMethod, id: string, idemKey: string) {
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

  async refundByRefundId(q: Executor, refundId: string, forUpdate = true) {
    const query = q.selectFrom('payment_refunds').selectAll().where('refund_id', '=', refundId);
    return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
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
        payment_id: r.payment.id,
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

  /**
   * A late Pix credit whose confirmed devoluções reach the credit is refunded (pix_late_payments, as the late-Pix list
   * shows it), by the staff member who asked, with a note naming the refund; once.
   */
  async closeLateCredit(q: Executor, r: RefundRow, at: Date): Promise<void> {
    await sql`
      UPDATE pix_late_payments l
         SET refund_status = 'refunded', refunded_at = ${at}, refunded_by = ${r.requested_by},
             refund_note = ${`Devolvido pelo provedor ${r.provider} (estorno ${r.refund_id}).`}
       WHERE l.id = ${Number(r.payment_id)} AND l.refund_status = 'pending'
         AND l.credit_cents <= (SELECT coalesce(sum(amount_cents), 0) FROM payment_refunds
                                 WHERE payment_method = 'pix_credito' AND payment_id = ${r.payment_id} AND status = 'refunded')`.execute(q);
  }

  /** Whether a late credit has a refund through the provider in progress or done (then it is not marked by hand). */
  async hasProviderRefund(q: Executor, lateId: number): Promise<boolean> {
    const row = await q
      .selectFrom('payment_refunds')
      .select('id')
      .where('payment_method', '=', 'pix_credito')
      .where('payment_id', '=', String(lateId))
      .where('status', '<>', 'failed')
      .executeTakeFirst();
    return row !== undefined;
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
