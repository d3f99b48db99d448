import { cents, type CataloguePlan, type PaymentType, type PriceRow, type TowingSubItem } from '@guarita/domain';
import { sql, type Selectable } from 'kysely';
import type { Database, Executor } from '../../db/db';
import type { PlanQuotations } from '../../db/schema';

export interface StoredQuotation {
  id: string;
  customerId: number;
  nCtrId: number;
  idPlano: string;
  paymentType: PaymentType;
  fipeCode: string;
  initialValue: number;
  installments: number;
  installmentValue: number;
  quote: QuotationBody;
  expiresAt: string;
}

/** The jsonb part of a quotation: its lines and what changed against the contract. */
export interface QuotationBody {
  required: Array<{ service_code: string; service_name: string; value: number }>;
  added: Array<{ service_code: string; service_name: string; value: number }>;
  notAdded: Array<{ service_code: string; service_name: string; value: number }>;
  isRecupPlan: boolean;
  reboque: { codigoItem: string; descricao: string; km: number } | null;
  adicionados: string[];
  removidos: string[];
}

/** The plans module owns plan_catalogue, plan_items, plan_towing_options, plan_prices and plan_quotations. */
export class PlansRepository {
  constructor(private readonly db: Database) {}

  /**
   * A state's catalogue on one channel (obterPlanosPorEstado/{UF}/app|online). Item prices depend on the vehicle
   * (plan_prices), so the catalogue entries carry preco 0 here; pricedOffer prices the chosen plan.
   */
  async catalogue(state: string, channel: 'app' | 'online'): Promise<CataloguePlan[]> {
    const rows = await this.db
      .selectFrom('plan_catalogue as p')
      .leftJoin('plan_items as i', 'i.id_plano', 'p.id_plano')
      .select(['p.id_plano', 'i.codigo_item', 'i.descricao', 'i.obrigatorio'])
      .where('p.state', '=', state)
      .where('p.channel', '=', channel)
      .orderBy('p.id_plano')
      .orderBy('i.position')
      .execute();
    const plans = new Map<string, CataloguePlan & { itensPlano: CataloguePlan['itensPlano'][number][] }>();
    for (const r of rows) {
      const plan = plans.get(r.id_plano) ?? { idPlano: r.id_plano, itensPlano: [] };
      plans.set(r.id_plano, plan);
      if (r.codigo_item)
        plan.itensPlano.push({ codigoItem: r.codigo_item, descricao: r.descricao ?? '', preco: 0, obrigatorio: !!r.obrigatorio });
    }
    return [...plans.values()];
  }

  async towing(idPlano: string, q: Executor = this.db): Promise<TowingSubItem[]> {
    const rows = await q
      .selectFrom('plan_towing_options')
      .select(['codigo_item', 'descricao', 'id_linha', 'data_vinculo', 'item_padrao'])
      .where('id_plano', '=', idPlano)
      .execute();
    return rows.map((r) => ({
      codigoItem: r.codigo_item,
      descricao: r.descricao,
      preco: 0,
      idLinha: r.id_linha,
      dataVinculo: String(r.data_vinculo),
      itemPadrao: r.item_padrao,
    }));
  }

  async prices(idPlano: string): Promise<PriceRow[]> {
    const rows = await this.db
      .selectFrom('plan_prices')
      .select(['codigo_item', 'fipe_code', 'preco_cents'])
      .where('id_plano', '=', idPlano)
      .execute();
    return rows.map((r) => ({ codigoItem: r.codigo_item, fipeCode: r.fipe_code, preco: cents(r.preco_cents) }));
  }

  async insertQuotation(q: StoredQuotation & { idPlanAtual: string; vehicleType: string }): Promise<void> {
    await this.db
      .insertInto('plan_quotations')
      .values({
        id: q.id,
        customer_id: q.customerId,
        n_ctr_id: q.nCtrId,
        id_plan_atual: q.idPlanAtual,
        id_plano: q.idPlano,
        payment_type: q.paymentType,
        fipe_code: q.fipeCode,
        vehicle_type: q.vehicleType,
        initial_value_cents: q.initialValue,
        installments: q.installments,
        installment_cents: q.installmentValue,
        // Casting the JSON text to jsonb: the driver sends a string parameter.
        quote: sql`${JSON.stringify(q.quote)}::jsonb`,
        expires_at: new Date(q.expiresAt),
      })
      .execute();
  }

  /** The customer's quotation (someone else's is null, like a missing one). */
  async quotation(customerId: number, id: string): Promise<StoredQuotation | null> {
    const r = await this.db
      .selectFrom('plan_quotations')
      .selectAll()
      .where('id', '=', id)
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    return r ? toStored(r) : null;
  }

  /** Staff side (an approval, in its transaction): the quotation a case carries, with what it was priced against. */
  async quotationForStaff(q: Executor, id: string): Promise<(StoredQuotation & { idPlanAtual: string; vehicleType: string }) | null> {
    const r = await q.selectFrom('plan_quotations').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? { ...toStored(r), idPlanAtual: r.id_plan_atual, vehicleType: r.vehicle_type } : null;
  }

  async planName(q: Executor, idPlano: string): Promise<string | null> {
    const r = await q.selectFrom('plan_catalogue').select('nome').where('id_plano', '=', idPlano).executeTakeFirst();
    return r?.nome ?? null;
  }
}

function toStored(r: Selectable<PlanQuotations>): StoredQuotation {
  return {
    id: r.id,
    customerId: r.customer_id,
    nCtrId: r.n_ctr_id,
    idPlano: r.id_plano,
    paymentType: r.payment_type,
    fipeCode: r.fipe_code,
    initialValue: r.initial_value_cents,
    installments: r.installments,
    installmentValue: r.installment_cents,
    quote: r.quote as unknown as QuotationBody,
    expiresAt: new Date(r.expires_at).toISOString(),
  };
}
