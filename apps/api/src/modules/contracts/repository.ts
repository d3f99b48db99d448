import {
  type VehicleTypeCode,
  BILL_STATUS_LABEL,
  CLOSED_STATUS,
  type BillChange,
  type BillDto,
  type ContractItemData,
  type ContractVehicle,
  type CardBrand,
  type ContractDto,
  type ContractItemDto,
} from '@guarita/domain';
import { compileOnce } from '../../db/compiled';
import type { Database, Executor } from '../../db/db';
import type { DB } from '../../db/schema';

export type ContractVehicleType = VehicleTypeCode;
type ContractItemKind = DB['contract_items']['kind'];

/** The contract's plan, fee, due day and vehicle as staff approvals read and rewrite them. */
export interface ContractTerms {
  idPlan: string;
  planName: string;
  dueDay: number;
  monthlyFee: number;
  vehicle: ContractVehicle;
}

/** A bill as the payment rules see it (cents, 'YYYY-MM-DD'). */
export interface BillRow {
  docEntry: number;
  nCtrId: number;
  docDueDate: string;
  docTotal: number;
  valorMulta: number;
  valorJuros: number;
  idStatus: 'I' | 'A' | 'P';
}

/** A bill with the instant it was issued. */
export interface IssuedBill extends BillRow {
  issuedAt: Date;
}

const BILL_COLUMNS = [
  'doc_entry as docEntry',
  'n_ctr_id as nCtrId',
  'doc_due_date as docDueDate',
  'doc_total as docTotal',
  'valor_multa as valorMulta',
  'valor_juros as valorJuros',
  'id_status as idStatus',
] as const;

/**
 * The contracts module owns contracts, contract_items, contract_sub_items and bills.
 * The list and the detail join customers for `bpName` (read-only, one column, on the hottest read): ADR 005.
 */
export class ContractRepository {
  constructor(private readonly db: Database) {}

  // The three hottest reads, built and compiled once (ADR 049).
  private readonly listQuery = compileOnce((p: { customerId: number }) =>
    this.contracts()
      .where('k.customer_id', '=', p.customerId)
      .where('k.cancelled', '=', false)
      .where('k.status', '<>', CLOSED_STATUS)
      .orderBy('k.n_ctr_id'),
  );
  private readonly ownedQuery = compileOnce((p: { customerId: number; nCtrId: number }) =>
    this.contracts().where('k.customer_id', '=', p.customerId).where('k.n_ctr_id', '=', p.nCtrId),
  );
  // Ownership and the bills in one statement: no row = not the customer's contract; one row of nulls = no bills.
  private readonly ownedBillsQuery = compileOnce((p: { customerId: number; nCtrId: number }) =>
    this.db
      .selectFrom('contracts as k')
      .leftJoin('bills as b', 'b.n_ctr_id', 'k.n_ctr_id')
      .select([
        'b.doc_entry as docEntry',
        'b.doc_due_date as docDueDate',
        'b.doc_total as docTotal',
        'b.valor_multa as valorMulta',
        'b.valor_juros as valorJuros',
        'b.id_status as idStatus',
        'b.paid_at as paidAt',
      ])
      .where('k.customer_id', '=', p.customerId)
      .where('k.n_ctr_id', '=', p.nCtrId)
      .orderBy('b.doc_due_date', 'desc'),
  );

  private contracts() {
    return this.db
      .selectFrom('contracts as k')
      .innerJoin('customers as c', 'c.id', 'k.customer_id')
      .select([
        'k.n_ctr_id as nCtrId',
        'c.name as bpName',
        'k.id_plan as idPlan',
        'k.plan_name as planName',
        'k.slp_code as slpCode',
        'k.status',
        'k.cancelled',
        'k.due_day as dueDay',
        'k.validity_start as dataInicioVigencia',
        'k.validity_end as dataFimVigencia',
        'k.possui_dispositivo as possuiDispositivo',
        'k.fipe_limit_cents as fipeLimit',
        'k.monthly_fee_cents as monthlyFee',
        'k.card_summary as cardSummary',
        'k.card_brand as pmCard',
        'k.id_indc as idIndc',
        'k.plate',
        'k.model',
        'k.manufacturer',
        'k.model_year',
      ]);
  }

  /** The customer's contracts that are neither cancelled (GetClient?cancelados=false) nor Encerrado (never listed). */
  async listForCustomer(customerId: number): Promise<ContractDto[]> {
    const rows = await this.listQuery(this.db, { customerId });
    return rows.map(toDto);
  }

  /** Only when the contract belongs to the customer: ownership is part of the query, not an afterthought. */
  async findOwned(customerId: number, nCtrId: number): Promise<ContractDto | null> {
    const [row] = await this.ownedQuery(this.db, { customerId, nCtrId });
    return row ? toDto(row) : null;
  }

  async items(nCtrId: number, q: Executor = this.db): Promise<ContractItemDto[]> {
    const rows = await q
      .selectFrom('contract_items as i')
      .leftJoin('contract_sub_items as s', 's.item_id', 'i.id')
      .select([
        'i.id',
        'i.code',
        'i.name',
        'i.kind',
        'i.price_cents as price',
        's.code as sub_code',
        's.name as sub_name',
        's.towing_km',
        's.selected',
        's.required',
      ])
      .where('i.n_ctr_id', '=', nCtrId)
      .orderBy('i.id')
      .orderBy('s.id')
      .execute();
    const byId = new Map<number, ContractItemDto>();
    for (const r of rows) {
      let item = byId.get(r.id);
      if (!item) byId.set(r.id, (item = { code: r.code, name: r.name, kind: r.kind, price: r.price, subItems: [] }));
      if (r.sub_code)
        item.subItems.push({
          code: r.sub_code,
          name: r.sub_name ?? '',
          towingKm: r.towing_km,
          selected: r.selected ?? false,
          required: r.required ?? false,
        });
    }
    return [...byId.values()];
  }

  /** The contract's bills for the screens, newest due date first, or null when the contract is not the customer's. */
  async billsIfOwned(customerId: number, nCtrId: number): Promise<BillDto[] | null> {
    const rows = await this.ownedBillsQuery(this.db, { customerId, nCtrId });
    if (rows.length === 0) return null;
    const bills: BillDto[] = [];
    for (const { docEntry, docDueDate, docTotal, valorMulta, valorJuros, idStatus, paidAt } of rows) {
      if (docEntry === null || docDueDate === null || docTotal === null || valorMulta === null || valorJuros === null || idStatus === null)
        continue; // the contract's row without a bill
      bills.push({
        docEntry,
        docDueDate,
        docTotal,
        valorMulta,
        valorJuros,
        billStatus: { idStatus, descStatus: BILL_STATUS_LABEL[idStatus] },
        paidAt: paidAt ? new Date(paidAt).toISOString() : null,
      });
    }
    return bills;
  }

  /** Bills as payment rules read them, oldest due date first. */
  billRows(q: Executor, nCtrId: number): Promise<BillRow[]> {
    return q.selectFrom('bills').select(BILL_COLUMNS).where('n_ctr_id', '=', nCtrId).orderBy('doc_due_date').execute();
  }

  /** Status, due date and payment instant of every bill: what the spare-car invoice rule reads (issue 12). */
  billPayments(q: Executor, nCtrId: number): Promise<Array<{ idStatus: 'I' | 'A' | 'P'; docDueDate: string; paidAt: Date | null }>> {
    return q
      .selectFrom('bills')
      .select(['id_status as idStatus', 'doc_due_date as docDueDate', 'paid_at as paidAt'])
      .where('n_ctr_id', '=', nCtrId)
      .execute();
  }

  /** Locks the contract's row for the rest of the caller's transaction (a per-contract mutex). */
  /** The customer a contract belongs to (seeds and staff side; customer routes use findOwned). */
  async ownerOf(q: Executor, nCtrId: number): Promise<number | null> {
    const row = await q.selectFrom('contracts').select('customer_id').where('n_ctr_id', '=', nCtrId).executeTakeFirst();
    return row?.customer_id ?? null;
  }

  /** The insured vehicle's type (CAT_AGRAVO_*), which prices FIPE-dependent plan items (ADR 051). */
  async vehicleType(nCtrId: number): Promise<ContractVehicleType | null> {
    const row = await this.db.selectFrom('contracts').select('vehicle_type').where('n_ctr_id', '=', nCtrId).executeTakeFirst();
    return row?.vehicle_type ?? null;
  }

  /** Vehicle use of an approved registration change (issue 13); answers the value before. */
  async setCommercialUse(q: Executor, nCtrId: number, value: boolean): Promise<boolean | null> {
    const row = await q.selectFrom('contracts').select('commercial_use').where('n_ctr_id', '=', nCtrId).forUpdate().executeTakeFirst();
    await q.updateTable('contracts').set({ commercial_use: value }).where('n_ctr_id', '=', nCtrId).execute();
    return row?.commercial_use ?? null;
  }

  /** What staff approvals read and rewrite (plan, fee, due day, vehicle), in the caller's transaction. */
  async terms(q: Executor, nCtrId: number): Promise<ContractTerms | null> {
    const r = await q
      .selectFrom('contracts')
      .select([
        'id_plan',
        'plan_name',
        'due_day',
        'monthly_fee_cents',
        'plate',
        'model',
        'manufacturer',
        'model_year',
        'fipe_limit_cents',
        'vehicle_type',
      ])
      .where('n_ctr_id', '=', nCtrId)
      .executeTakeFirst();
    return r
      ? {
          idPlan: r.id_plan,
          planName: r.plan_name,
          dueDay: r.due_day,
          monthlyFee: r.monthly_fee_cents,
          vehicle: {
            plate: r.plate,
            model: r.model,
            manufacturer: r.manufacturer,
            year: r.model_year,
            fipeLimit: r.fipe_limit_cents ?? 0,
            vehicleType: r.vehicle_type,
          },
        }
      : null;
  }

  /** An approved due-date change: the due day and the open bills it moves (ADR 050). */
  async setDueDay(q: Executor, nCtrId: number, day: number, bills: readonly BillChange[]): Promise<void> {
    await q.updateTable('contracts').set({ due_day: day }).where('n_ctr_id', '=', nCtrId).execute();
    for (const b of bills) {
      await q
        .updateTable('bills')
        .set({ doc_due_date: b.docDueDate, doc_total: b.docTotal })
        .where('doc_entry', '=', b.docEntry)
        .where('n_ctr_id', '=', nCtrId)
        .execute();
    }
  }

  /** An approved plan change: plan id and name, fee, and the items replaced by the quotation's (ADR 051). */
  async setPlan(
    q: Executor,
    nCtrId: number,
    plan: { idPlan: string; planName: string; monthlyFee: number; items: readonly ContractItemData[] },
  ): Promise<void> {
    await q
      .updateTable('contracts')
      .set({ id_plan: plan.idPlan, plan_name: plan.planName, monthly_fee_cents: plan.monthlyFee })
      .where('n_ctr_id', '=', nCtrId)
      .execute();
    await q.deleteFrom('contract_items').where('n_ctr_id', '=', nCtrId).execute();
    for (const item of plan.items) {
      const row = await q
        .insertInto('contract_items')
        .values({ n_ctr_id: nCtrId, code: item.code, name: item.name, kind: item.kind as ContractItemKind, price_cents: item.price })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const sub of item.subItems) {
        await q
          .insertInto('contract_sub_items')
          .values({
            item_id: row.id,
            code: sub.code,
            name: sub.name,
            towing_km: sub.towingKm,
            selected: sub.selected,
            required: sub.required,
          })
          .execute();
      }
    }
  }

  /** An approved vehicle change or plate correction (ADR 052). */
  async setVehicle(q: Executor, nCtrId: number, v: ContractVehicle): Promise<void> {
    await q
      .updateTable('contracts')
      .set({
        plate: v.plate,
        model: v.model,
        manufacturer: v.manufacturer,
        model_year: v.year,
        fipe_limit_cents: v.fipeLimit,
        vehicle_type: v.vehicleType as ContractVehicleType,
      })
      .where('n_ctr_id', '=', nCtrId)
      .execute();
  }

  async lockContract(q: Executor, nCtrId: number): Promise<void> {
    await q.selectFrom('contracts').select('n_ctr_id').where('n_ctr_id', '=', nCtrId).forUpdate().execute();
  }

  /** The contract's bills (or the listed ones), locked for the rest of the caller's transaction. */
  lockBills(q: Executor, nCtrId: number, docEntries?: readonly number[]): Promise<BillRow[]> {
    let query = q.selectFrom('bills').select(BILL_COLUMNS).where('n_ctr_id', '=', nCtrId);
    if (docEntries) query = query.where('doc_entry', 'in', docEntries.length ? [...docEntries] : [-1]);
    return query.orderBy('doc_entry').forUpdate().execute();
  }

  /** Marks the bills paid; bills already paid are left as they are. Answers the ones it changed. */
  async markBillsPaid(q: Executor, docEntries: readonly number[], paidAt: Date): Promise<number[]> {
    if (docEntries.length === 0) return [];
    const rows = await q
      .updateTable('bills')
      .set({ id_status: 'P', paid_at: paidAt })
      .where('doc_entry', 'in', [...docEntries])
      .where('id_status', '<>', 'P')
      .returning('doc_entry')
      .execute();
    return rows.map((r) => r.doc_entry);
  }

  /** A new open bill (what a billing run, or the e2e factory, issues); answers it with when it was issued. */
  async issueBill(q: Executor, b: { nCtrId: number; dueDate: string; amount: number; issuedAt: Date }): Promise<IssuedBill> {
    const row = await q
      .insertInto('bills')
      .values({ n_ctr_id: b.nCtrId, doc_due_date: b.dueDate, doc_total: b.amount, id_status: 'A', created_at: b.issuedAt })
      .returning([...BILL_COLUMNS, 'created_at as issuedAt'])
      .executeTakeFirstOrThrow();
    return row;
  }

  /** Open ('A') bills of the contract issued at or after `since`, oldest due date first (Pix Automático's new bills). */
  openBillsIssuedSince(q: Executor, nCtrId: number, since: Date): Promise<IssuedBill[]> {
    return q
      .selectFrom('bills')
      .select([...BILL_COLUMNS, 'created_at as issuedAt'])
      .where('n_ctr_id', '=', nCtrId)
      .where('id_status', '=', 'A')
      .where('created_at', '>=', since)
      .orderBy('doc_due_date')
      .execute();
  }

  async setCardOnFile(q: Executor, nCtrId: number, brand: CardBrand, last4: string): Promise<void> {
    await q.updateTable('contracts').set({ card_brand: brand, card_summary: last4 }).where('n_ctr_id', '=', nCtrId).execute();
  }
}

type ContractRow = Omit<ContractDto, 'vehicle'> & {
  plate: string | null;
  model: string | null;
  manufacturer: string | null;
  model_year: number | null;
};

function toDto({ plate, model, manufacturer, model_year, ...rest }: ContractRow): ContractDto {
  return { ...rest, vehicle: { numberPlate: plate, vModel: model, manufacturer, year: model_year } };
}
