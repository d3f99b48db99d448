import { BILL_STATUS_LABEL, CLOSED_STATUS, type BillDto, type BillStatusId, type ContractDto, type ContractItemDto } from '@guarita/domain';
import type { Db } from '../../db/db';

const CONTRACT_COLUMNS = `
  k.n_ctr_id AS "nCtrId", c.name AS "bpName", k.id_plan AS "idPlan", k.plan_name AS "planName", k.slp_code AS "slpCode",
  k.status, k.cancelled, k.due_day AS "dueDay", k.validity_start AS "dataInicioVigencia", k.validity_end AS "dataFimVigencia",
  k.possui_dispositivo AS "possuiDispositivo", k.fipe_limit_cents AS "fipeLimit", k.monthly_fee_cents AS "monthlyFee",
  k.card_summary AS "cardSummary", k.card_brand AS "pmCard", k.id_indc AS "idIndc",
  k.plate, k.model, k.manufacturer, k.model_year`;

type ContractRow = Omit<ContractDto, 'vehicle'> & {
  plate: string | null;
  model: string | null;
  manufacturer: string | null;
  model_year: number | null;
};

const toDto = ({ plate, model, manufacturer, model_year, ...rest }: ContractRow): ContractDto => ({
  ...rest,
  vehicle: { numberPlate: plate, vModel: model, manufacturer, year: model_year },
});

export class ContractRepository {
  constructor(private readonly db: Db) {}

  /** The customer's contracts that are neither cancelled (GetClient?cancelados=false) nor Encerrado (never listed). */
  async listForCustomer(customerId: number): Promise<ContractDto[]> {
    const rows = await this.db.query<ContractRow>(
      `SELECT ${CONTRACT_COLUMNS} FROM contracts k JOIN customers c ON c.id = k.customer_id
        WHERE k.customer_id = $1 AND NOT k.cancelled AND k.status <> $2 ORDER BY k.n_ctr_id`,
      [customerId, CLOSED_STATUS],
    );
    return rows.map(toDto);
  }

  /** Only when the contract belongs to the customer: ownership is part of the query, not an afterthought. */
  async findOwned(customerId: number, nCtrId: number): Promise<ContractDto | null> {
    const [row] = await this.db.query<ContractRow>(
      `SELECT ${CONTRACT_COLUMNS} FROM contracts k JOIN customers c ON c.id = k.customer_id
        WHERE k.customer_id = $1 AND k.n_ctr_id = $2`,
      [customerId, nCtrId],
    );
    return row ? toDto(row) : null;
  }

  async items(nCtrId: number): Promise<ContractItemDto[]> {
    const rows = await this.db.query<{
      id: number;
      code: string;
      name: string;
      kind: string;
      price: number;
      sub_code: string | null;
      sub_name: string | null;
      towing_km: number | null;
      selected: boolean | null;
    }>(
      `SELECT i.id, i.code, i.name, i.kind, i.price_cents AS price, s.code AS sub_code, s.name AS sub_name, s.towing_km, s.selected
         FROM contract_items i LEFT JOIN contract_sub_items s ON s.item_id = i.id
        WHERE i.n_ctr_id = $1 ORDER BY i.id, s.id`,
      [nCtrId],
    );
    const byId = new Map<number, ContractItemDto>();
    for (const r of rows) {
      let item = byId.get(r.id);
      if (!item) byId.set(r.id, (item = { code: r.code, name: r.name, kind: r.kind, price: r.price, subItems: [] }));
      if (r.sub_code)
        item.subItems.push({ code: r.sub_code, name: r.sub_name ?? '', towingKm: r.towing_km, selected: r.selected ?? false });
    }
    return [...byId.values()];
  }

  async bills(nCtrId: number): Promise<BillDto[]> {
    const rows = await this.db.query<{
      docEntry: number;
      docDueDate: string;
      docTotal: number;
      valorMulta: number;
      valorJuros: number;
      idStatus: BillStatusId;
      paidAt: Date | null;
    }>(
      `SELECT doc_entry AS "docEntry", doc_due_date AS "docDueDate", doc_total AS "docTotal", valor_multa AS "valorMulta",
              valor_juros AS "valorJuros", id_status AS "idStatus", paid_at AS "paidAt"
         FROM bills WHERE n_ctr_id = $1 ORDER BY doc_due_date DESC`,
      [nCtrId],
    );
    return rows.map(({ idStatus, paidAt, ...b }) => ({
      ...b,
      billStatus: { idStatus, descStatus: BILL_STATUS_LABEL[idStatus] },
      paidAt: paidAt ? new Date(paidAt).toISOString() : null,
    }));
  }
}
