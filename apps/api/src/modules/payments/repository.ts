import { sql } from 'kysely';
import type { CardBrand, PixChargeStatus } from '@guarita/domain';
import type { Executor } from '../../db/db';

/**
 * SQL of the payments module: card_charges, pix_charges, payment_links, advance_requests, pix_late_payments (the
 * financeiro desk's lists are in ledger-repository.ts; idempotency_keys in lib/idempotency.ts). Every method takes
 * the connection to use, so it runs inside the caller's transaction. Bills and contracts belong to the contracts
 * module (ContractService).
 */

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
}

const PIX_COLUMNS = [
  'id',
  'txid',
  'n_ctr_id as nCtrId',
  'customer_id as customerId',
  'purpose',
  'doc_entries as docEntries',
  'amount_cents as amount',
  'due_date as dueDate',
  'payload',
  'psp_reference as pspReference',
  'location',
  'status',
  'expires_at as expiresAt',
  'paid_at as paidAt',
] as const;

const LINK_COLUMNS = [
  'id',
  'n_ctr_id as nCtrId',
  'customer_id as customerId',
  'doc_entries as docEntries',
  'amount_cents as amount',
  'url',
  'status',
  'expires_at as expiresAt',
  'paid_at as paidAt',
] as const;

export class PaymentsRepository {
  /** Bills still being negotiated at `now`: in a pending, unexpired Pix charge or payment link. */
  async billsInOpenNegotiation(q: Executor, nCtrId: number, docEntries: readonly number[], now: Date): Promise<number[]> {
    const open = await q
      .selectFrom('pix_charges')
      .select('doc_entries')
      .where('n_ctr_id', '=', nCtrId)
      .where('status', '=', 'pending')
      .where('expires_at', '>', now)
      .unionAll(
        q
          .selectFrom('payment_links')
          .select('doc_entries')
          .where('n_ctr_id', '=', nCtrId)
          .where('status', '=', 'pending')
          .where('expires_at', '>', now),
      )
      .execute();
    const inOpen = new Set(open.flatMap((r) => r.doc_entries));
    return docEntries.filter((d) => inOpen.has(d));
  }

  async insertCardCharge(
    q: Executor,
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
      createdAt: Date;
      /** An approval whose bills were no longer its to pay: recorded, bills untouched, to be refunded (issue 27). */
      refundDue?: boolean;
    },
  ): Promise<{ id: number; createdAt: Date }> {
    return q
      .insertInto('card_charges')
      .values({
        n_ctr_id: c.nCtrId,
        customer_id: c.customerId,
        purpose: c.purpose,
        idem_key: c.idemKey,
        doc_entries: c.docEntries,
        amount_cents: c.amount,
        slp_code: c.slpCode,
        card_brand: c.brand,
        card_last4: c.last4,
        gateway: c.gateway,
        gateway_id: c.gatewayId,
        status: c.status,
        decline_code: c.declineCode,
        created_at: c.createdAt,
        refund_due: c.refundDue ?? false,
      })
      .returning(['id', 'created_at as createdAt'])
      .executeTakeFirstOrThrow();
  }

  async insertPixCharge(
    q: Executor,
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
      createdAt: Date;
    },
  ): Promise<PixRow> {
    return q
      .insertInto('pix_charges')
      .values({
        txid: c.txid,
        n_ctr_id: c.nCtrId,
        customer_id: c.customerId,
        purpose: c.purpose,
        doc_entries: c.docEntries,
        amount_cents: c.amount,
        slp_code: c.slpCode,
        due_date: c.dueDate,
        payload: c.payload,
        psp: c.psp,
        psp_reference: c.pspReference,
        location: c.location,
        expires_at: c.expiresAt,
        created_at: c.createdAt,
      })
      .returning(PIX_COLUMNS)
      .executeTakeFirstOrThrow();
  }

  async findPix(q: Executor, txid: string, opts: { forUpdate?: boolean; customerId?: number } = {}): Promise<PixRow | null> {
    let query = q.selectFrom('pix_charges').select(PIX_COLUMNS).where('txid', '=', txid);
    if (opts.customerId !== undefined) query = query.where('customer_id', '=', opts.customerId);
    if (opts.forUpdate) query = query.forUpdate();
    return (await query.executeTakeFirst()) ?? null;
  }

  /** The newest pending Pix of the contract for the given purpose that is still payable at `now`. */
  async openPix(q: Executor, nCtrId: number, purpose: 'invoice' | 'advance', now: Date): Promise<PixRow | null> {
    const row = await q
      .selectFrom('pix_charges')
      .select(PIX_COLUMNS)
      .where('n_ctr_id', '=', nCtrId)
      .where('purpose', '=', purpose)
      .where('status', '=', 'pending')
      .where('expires_at', '>', now)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ?? null;
  }

  /** Pending Pix charges expiring within (now, until] (the notifications' 'Pix about to expire' scan; index pix_charges_contract_idx). */
  async pixExpiring(q: Executor, now: Date, until: Date, limit: number): Promise<PixRow[]> {
    return q
      .selectFrom('pix_charges')
      .select(PIX_COLUMNS)
      .where('status', '=', 'pending')
      .where('expires_at', '>', now)
      .where('expires_at', '<=', until)
      .orderBy('expires_at')
      .limit(limit)
      .execute();
  }

  async setPixPaid(q: Executor, id: number, endToEndId: string, paidAt: Date): Promise<void> {
    await q.updateTable('pix_charges').set({ status: 'paid', paid_at: paidAt, end_to_end_id: endToEndId }).where('id', '=', id).execute();
  }

  async setPixExpired(q: Executor, id: number): Promise<void> {
    await q.updateTable('pix_charges').set({ status: 'expired' }).where('id', '=', id).where('status', '=', 'pending').execute();
  }

  async insertLink(
    q: Executor,
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
      createdAt: Date;
    },
  ): Promise<LinkRow> {
    return q
      .insertInto('payment_links')
      .values({
        id: l.id,
        n_ctr_id: l.nCtrId,
        customer_id: l.customerId,
        doc_entries: l.docEntries,
        amount_cents: l.amount,
        url: l.url,
        gateway: l.gateway,
        gateway_id: l.gatewayId,
        expires_at: l.expiresAt,
        created_at: l.createdAt,
      })
      .returning(LINK_COLUMNS)
      .executeTakeFirstOrThrow();
  }

  async findLink(q: Executor, id: string, opts: { forUpdate?: boolean } = {}): Promise<LinkRow | null> {
    let query = q.selectFrom('payment_links').select(LINK_COLUMNS).where('id', '=', id);
    if (opts.forUpdate) query = query.forUpdate();
    return (await query.executeTakeFirst()) ?? null;
  }

  /** Paid, with the provider's payment id when the notification gave it (what a refund of the link names, ADR 078). */
  async setLinkPaid(q: Executor, id: string, paidAt: Date, paidGatewayId: string | null = null): Promise<void> {
    await q
      .updateTable('payment_links')
      .set({ status: 'paid', paid_at: paidAt, ...(paidGatewayId ? { paid_gateway_id: paidGatewayId } : {}) })
      .where('id', '=', id)
      .execute();
  }

  /** A paid link's provider payment id, when it was not known yet (a redelivered notification); never replaced. */
  async setLinkPaidGatewayId(q: Executor, id: string, paidGatewayId: string): Promise<void> {
    await q
      .updateTable('payment_links')
      .set({ paid_gateway_id: paidGatewayId })
      .where('id', '=', id)
      .where('status', '=', 'paid')
      .where('paid_gateway_id', 'is', null)
      .execute();
  }

  async setLinkExpired(q: Executor, id: string): Promise<void> {
    await q.updateTable('payment_links').set({ status: 'expired' }).where('id', '=', id).where('status', '=', 'pending').execute();
  }

  /** An advance (Pix or link) still waiting for payment at `now`, or a card advance being charged. */
  async advanceInProgress(q: Executor, nCtrId: number, now: Date): Promise<boolean> {
    const row = await q
      .selectFrom('advance_requests')
      .select(sql<number>`1`.as('found'))
      .where('n_ctr_id', '=', nCtrId)
      .where('status', '=', 'processing')
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insertAdvance(
    q: Executor,
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
      createdAt: Date;
    },
  ): Promise<number> {
    const row = await q
      .insertInto('advance_requests')
      .values({
        n_ctr_id: a.nCtrId,
        customer_id: a.customerId,
        doc_entry: a.docEntry,
        method: a.method,
        amount_cents: a.amount,
        status: a.status,
        pix_txid: a.pixTxid ?? null,
        link_id: a.linkId ?? null,
        card_charge_id: a.cardChargeId ?? null,
        expires_at: a.expiresAt ?? null,
        created_at: a.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Settles (paid) or closes (failed) the advance request behind a Pix or a link. */
  async finishAdvance(q: Executor, by: { pixTxid?: string; linkId?: string }, status: 'paid' | 'failed'): Promise<void> {
    if (by.pixTxid)
      await q
        .updateTable('advance_requests')
        .set({ status })
        .where('pix_txid', '=', by.pixTxid)
        .where('status', '=', 'processing')
        .execute();
    if (by.linkId)
      await q.updateTable('advance_requests').set({ status }).where('link_id', '=', by.linkId).where('status', '=', 'processing').execute();
  }

  // ── Late Pix (issue 7) ─────────────────────────────────────────────────────────────────────

  async lateByEndToEnd(q: Executor, endToEndId: string): Promise<{ outcome: 'settled' | 'credit' } | null> {
    const row = await q.selectFrom('pix_late_payments').select('outcome').where('end_to_end_id', '=', endToEndId).executeTakeFirst();
    return row ? { outcome: row.outcome as 'settled' | 'credit' } : null;
  }

  async insertLatePayment(
    q: Executor,
    l: { pix: PixRow; endToEndId: string; amount: number; outcome: 'settled' | 'credit'; settled: number[]; credit: number },
  ): Promise<number> {
    const row = await q
      .insertInto('pix_late_payments')
      .values({
        pix_charge_id: l.pix.id,
        txid: l.pix.txid,
        customer_id: l.pix.customerId,
        n_ctr_id: l.pix.nCtrId,
        end_to_end_id: l.endToEndId,
        amount_cents: l.amount,
        outcome: l.outcome,
        settled_doc_entries: sql`${sql.val(l.settled)}::int[]`,
        credit_cents: l.credit,
        refund_status: l.credit > 0 ? 'pending' : 'none',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async markLateNotified(q: Executor, id: number): Promise<void> {
    await q
      .updateTable('pix_late_payments')
      .set({ customer_notified_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }
}
