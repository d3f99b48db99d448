import type { BillStatusId, CardBrand, PixChargeStatus } from '@guarita/domain';
import type { Db } from '../../db/db';

/** SQL of the payments module. Every method takes the connection to use, so it runs inside the caller's transaction. */

export interface BillRow {
  docEntry: number;
  nCtrId: number;
  docDueDate: string;
  docTotal: number;
  valorMulta: number;
  valorJuros: number;
  idStatus: BillStatusId;
}

export interface PixRow {
  id: number;
  txid: string;
  nCtrId: number;
  customerId: number;
  purpose: 'invoice' | 'advance';
  docEntries: number[];
  amount: number;
  dueDate: string;
  payload: string;
  pspReference: string;
  location: string | null;
  status: PixChargeStatus;
  expiresAt: Date;
  paidAt: Date | null;
  /** Evaluated by the database clock: expires_at <= now(). */
  expired: boolean;
}

export interface LinkRow {
  id: string;
  nCtrId: number;
  customerId: number;
  docEntries: number[];
  amount: number;
  url: string;
  status: PixChargeStatus;
  expiresAt: Date;
  paidAt: Date | null;
  expired: boolean;
}

const BILL_COLUMNS = `doc_entry AS "docEntry", n_ctr_id AS "nCtrId", doc_due_date AS "docDueDate", doc_total AS "docTotal",
  valor_multa AS "valorMulta", valor_juros AS "valorJuros", id_status AS "idStatus"`;

const PIX_COLUMNS = `id, txid, n_ctr_id AS "nCtrId", customer_id AS "customerId", purpose, doc_entries AS "docEntries",
  amount_cents AS amount, due_date AS "dueDate", payload, psp_reference AS "pspReference", location, status,
  expires_at AS "expiresAt", paid_at AS "paidAt", (expires_at <= now()) AS expired`;

const LINK_COLUMNS = `id, n_ctr_id AS "nCtrId", customer_id AS "customerId", doc_entries AS "docEntries", amount_cents AS amount,
  url, status, expires_at AS "expiresAt", paid_at AS "paidAt", (expires_at <= now()) AS expired`;

/** Arrays come back as number[] from both drivers; be defensive about a '{1,2}' text form. */
const toIntArray = (v: unknown): number[] =>
  Array.isArray(v) ? v.map(Number) : typeof v === 'string' ? v.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number) : [];

const pixRow = (r: PixRow): PixRow => ({
  ...r,
  docEntries: toIntArray(r.docEntries),
  expiresAt: new Date(r.expiresAt),
  paidAt: r.paidAt ? new Date(r.paidAt) : null,
});
const linkRow = (r: LinkRow): LinkRow => ({
  ...r,
  docEntries: toIntArray(r.docEntries),
  expiresAt: new Date(r.expiresAt),
  paidAt: r.paidAt ? new Date(r.paidAt) : null,
});

export class PaymentsRepository {
  /** The contract's bills, locked for the rest of the transaction (two payments of one bill serialize here). */
  async lockBills(q: Db, nCtrId: number, docEntries?: readonly number[]): Promise<BillRow[]> {
    if (docEntries) {
      return q.query<BillRow>(
        `SELECT ${BILL_COLUMNS} FROM bills WHERE n_ctr_id = $1 AND doc_entry = ANY($2::int[]) ORDER BY doc_entry FOR UPDATE`,
        [nCtrId, [...docEntries]],
      );
    }
    return q.query<BillRow>(`SELECT ${BILL_COLUMNS} FROM bills WHERE n_ctr_id = $1 ORDER BY doc_entry FOR UPDATE`, [nCtrId]);
  }

  async bills(q: Db, nCtrId: number): Promise<BillRow[]> {
    return q.query<BillRow>(`SELECT ${BILL_COLUMNS} FROM bills WHERE n_ctr_id = $1 ORDER BY doc_due_date`, [nCtrId]);
  }

  /** Bills still being negotiated: in a pending, unexpired Pix charge or payment link. */
  async billsInOpenNegotiation(q: Db, nCtrId: number, docEntries: readonly number[]): Promise<number[]> {
    const rows = await q.query<{ docEntry: number }>(
      `SELECT DISTINCT unnest(doc_entries) AS "docEntry" FROM (
         SELECT doc_entries FROM pix_charges WHERE n_ctr_id = $1 AND status = 'pending' AND expires_at > now()
         UNION ALL
         SELECT doc_entries FROM payment_links WHERE n_ctr_id = $1 AND status = 'pending' AND expires_at > now()
       ) open_negotiations`,
      [nCtrId],
    );
    const wanted = new Set(docEntries);
    return rows.map((r) => Number(r.docEntry)).filter((d) => wanted.has(d));
  }

  /** Marks the bills paid; bills already paid are left as they are. */
  async markBillsPaid(q: Db, docEntries: readonly number[]): Promise<number[]> {
    const rows = await q.query<{ docEntry: number }>(
      `UPDATE bills SET id_status = 'P', paid_at = now() WHERE doc_entry = ANY($1::int[]) AND id_status <> 'P' RETURNING doc_entry AS "docEntry"`,
      [[...docEntries]],
    );
    return rows.map((r) => r.docEntry);
  }

  async setCardOnFile(q: Db, nCtrId: number, brand: CardBrand, last4: string): Promise<void> {
    await q.query(`UPDATE contracts SET card_brand = $2, card_summary = $3 WHERE n_ctr_id = $1`, [nCtrId, brand, last4]);
  }

  async insertCardCharge(
    q: Db,
    c: {
      nCtrId: number;
      customerId: number;
      purpose: 'invoice' | 'advance';
      idemKey: string;
      docEntries: number[];
      amount: number;
      slpCode: number | null;
      brand: CardBrand | null;
      last4: string | null;
      gateway: string;
      gatewayId: string;
      status: 'approved' | 'declined';
      declineCode: string | null;
    },
  ): Promise<{ id: number; createdAt: Date }> {
    const [row] = await q.query<{ id: number; createdAt: Date }>(
      `INSERT INTO card_charges (n_ctr_id, customer_id, purpose, idem_key, doc_entries, amount_cents, slp_code, card_brand, card_last4,
         gateway, gateway_id, status, decline_code)
       VALUES ($1,$2,$3,$4,$5::int[],$6,$7,$8,$9,$10,$11,$12,$13) RETURNING id, created_at AS "createdAt"`,
      [
        c.nCtrId,
        c.customerId,
        c.purpose,
        c.idemKey,
        c.docEntries,
        c.amount,
        c.slpCode,
        c.brand,
        c.last4,
        c.gateway,
        c.gatewayId,
        c.status,
        c.declineCode,
      ],
    );
    return { id: row!.id, createdAt: new Date(row!.createdAt) };
  }

  async insertPixCharge(
    q: Db,
    c: {
      txid: string;
      nCtrId: number;
      customerId: number;
      purpose: 'invoice' | 'advance';
      docEntries: number[];
      amount: number;
      slpCode: number;
      dueDate: string;
      payload: string;
      psp: string;
      pspReference: string;
      location: string | null;
      expiresAt: Date;
    },
  ): Promise<PixRow> {
    const [row] = await q.query<PixRow>(
      `INSERT INTO pix_charges (txid, n_ctr_id, customer_id, purpose, doc_entries, amount_cents, slp_code, due_date, payload, psp,
         psp_reference, location, expires_at)
       VALUES ($1,$2,$3,$4,$5::int[],$6,$7,$8,$9,$10,$11,$12,$13) RETURNING ${PIX_COLUMNS}`,
      [
        c.txid,
        c.nCtrId,
        c.customerId,
        c.purpose,
        c.docEntries,
        c.amount,
        c.slpCode,
        c.dueDate,
        c.payload,
        c.psp,
        c.pspReference,
        c.location,
        c.expiresAt.toISOString(),
      ],
    );
    return pixRow(row!);
  }

  async findPix(q: Db, txid: string, opts: { forUpdate?: boolean; customerId?: number } = {}): Promise<PixRow | null> {
    const params: unknown[] = [txid];
    let where = 'txid = $1';
    if (opts.customerId !== undefined) {
      params.push(opts.customerId);
      where += ' AND customer_id = $2';
    }
    const [row] = await q.query<PixRow>(
      `SELECT ${PIX_COLUMNS} FROM pix_charges WHERE ${where}${opts.forUpdate ? ' FOR UPDATE' : ''}`,
      params,
    );
    return row ? pixRow(row) : null;
  }

  /** The newest pending, unexpired Pix of the contract for the given purpose. */
  async openPix(q: Db, nCtrId: number, purpose: 'invoice' | 'advance'): Promise<PixRow | null> {
    const [row] = await q.query<PixRow>(
      `SELECT ${PIX_COLUMNS} FROM pix_charges WHERE n_ctr_id = $1 AND purpose = $2 AND status = 'pending' AND expires_at > now()
        ORDER BY id DESC LIMIT 1`,
      [nCtrId, purpose],
    );
    return row ? pixRow(row) : null;
  }

  async setPixPaid(q: Db, id: number, endToEndId: string): Promise<void> {
    await q.query(`UPDATE pix_charges SET status = 'paid', paid_at = now(), end_to_end_id = $2 WHERE id = $1`, [id, endToEndId]);
  }

  async setPixExpired(q: Db, id: number): Promise<void> {
    await q.query(`UPDATE pix_charges SET status = 'expired' WHERE id = $1 AND status = 'pending'`, [id]);
  }

  async insertLink(
    q: Db,
    l: {
      id: string;
      nCtrId: number;
      customerId: number;
      docEntries: number[];
      amount: number;
      url: string;
      gateway: string;
      gatewayId: string;
      expiresAt: Date;
    },
  ): Promise<LinkRow> {
    const [row] = await q.query<LinkRow>(
      `INSERT INTO payment_links (id, n_ctr_id, customer_id, doc_entries, amount_cents, url, gateway, gateway_id, expires_at)
       VALUES ($1,$2,$3,$4::int[],$5,$6,$7,$8,$9) RETURNING ${LINK_COLUMNS}`,
      [l.id, l.nCtrId, l.customerId, l.docEntries, l.amount, l.url, l.gateway, l.gatewayId, l.expiresAt.toISOString()],
    );
    return linkRow(row!);
  }

  async findLink(q: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<LinkRow | null> {
    const [row] = await q.query<LinkRow>(`SELECT ${LINK_COLUMNS} FROM payment_links WHERE id = $1${opts.forUpdate ? ' FOR UPDATE' : ''}`, [
      id,
    ]);
    return row ? linkRow(row) : null;
  }

  async setLinkPaid(q: Db, id: string): Promise<void> {
    await q.query(`UPDATE payment_links SET status = 'paid', paid_at = now() WHERE id = $1`, [id]);
  }

  async setLinkExpired(q: Db, id: string): Promise<void> {
    await q.query(`UPDATE payment_links SET status = 'expired' WHERE id = $1 AND status = 'pending'`, [id]);
  }

  /** An advance (Pix or link) still waiting for payment, or a card advance being charged. */
  async advanceInProgress(q: Db, nCtrId: number): Promise<boolean> {
    const rows = await q.query(
      `SELECT 1 FROM advance_requests WHERE n_ctr_id = $1 AND status = 'processing' AND (expires_at IS NULL OR expires_at > now()) LIMIT 1`,
      [nCtrId],
    );
    return rows.length > 0;
  }

  async insertAdvance(
    q: Db,
    a: {
      nCtrId: number;
      customerId: number;
      docEntry: number;
      method: 'PI' | 'CC' | 'LP';
      amount: number;
      status: 'processing' | 'paid' | 'failed';
      pixTxid?: string | null;
      linkId?: string | null;
      cardChargeId?: number | null;
      expiresAt?: Date | null;
    },
  ): Promise<number> {
    const [row] = await q.query<{ id: number }>(
      `INSERT INTO advance_requests (n_ctr_id, customer_id, doc_entry, method, amount_cents, status, pix_txid, link_id, card_charge_id, expires_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) RETURNING id`,
      [
        a.nCtrId,
        a.customerId,
        a.docEntry,
        a.method,
        a.amount,
        a.status,
        a.pixTxid ?? null,
        a.linkId ?? null,
        a.cardChargeId ?? null,
        a.expiresAt ? a.expiresAt.toISOString() : null,
      ],
    );
    return row!.id;
  }

  /** Settles (paid) or closes (failed) the advance request behind a Pix or a link. */
  async finishAdvance(q: Db, by: { pixTxid?: string; linkId?: string }, status: 'paid' | 'failed'): Promise<void> {
    if (by.pixTxid)
      await q.query(`UPDATE advance_requests SET status = $2 WHERE pix_txid = $1 AND status = 'processing'`, [by.pixTxid, status]);
    if (by.linkId)
      await q.query(`UPDATE advance_requests SET status = $2 WHERE link_id = $1 AND status = 'processing'`, [by.linkId, status]);
  }

  // ── Late Pix (issue 7) ─────────────────────────────────────────────────────────────────────

  async lateByEndToEnd(q: Db, endToEndId: string): Promise<{ outcome: 'settled' | 'credit' } | null> {
    const [row] = await q.query<{ outcome: 'settled' | 'credit' }>('SELECT outcome FROM pix_late_payments WHERE end_to_end_id = $1', [
      endToEndId,
    ]);
    return row ?? null;
  }

  async insertLatePayment(
    q: Db,
    l: { pix: PixRow; endToEndId: string; amount: number; outcome: 'settled' | 'credit'; settled: number[]; credit: number },
  ): Promise<number> {
    const [row] = await q.query<{ id: number }>(
      `INSERT INTO pix_late_payments (pix_charge_id, txid, customer_id, n_ctr_id, end_to_end_id, amount_cents, outcome,
         settled_doc_entries, credit_cents, refund_status)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8::int[],$9,$10) RETURNING id`,
      [
        l.pix.id,
        l.pix.txid,
        l.pix.customerId,
        l.pix.nCtrId,
        l.endToEndId,
        l.amount,
        l.outcome,
        l.settled,
        l.credit,
        l.credit > 0 ? 'pending' : 'none',
      ],
    );
    return row!.id;
  }

  async markLateNotified(q: Db, id: number): Promise<void> {
    await q.query('UPDATE pix_late_payments SET customer_notified_at = now() WHERE id = $1', [id]);
  }

  async customerContacts(q: Db, customerId: number): Promise<{ email: string | null; smsPhone: string | null } | null> {
    const [row] = await q.query<{ email: string | null; smsPhone: string | null }>(
      'SELECT email, sms_phone AS "smsPhone" FROM customers WHERE id = $1',
      [customerId],
    );
    return row ?? null;
  }
}
