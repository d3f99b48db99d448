/**
 * Demo plan catalogue and price table (issue 12 §1, ADR 051): every state's plans, their items, towing km options
 * and prices by FIPE band. Realistic figures built from one base table (monthly, in MG) with a regional factor per
 * state and a 10 % discount for annual plans (yearly = monthly × 12 × 0.9); prices end in ,90 like a price list.
 * Idempotent: runs once per database.
 */
import {
  acquiredServices,
  cents,
  currentCharge,
  FIPE_BAND_OPTIONS,
  pricedOffer,
  SERVICE_CODES,
  SERVICE_OF_CONTRACT_KIND,
  STATE_CODES,
  sumCents,
  type Cents,
  type ContractItemLike,
  type VehicleTypeCode,
} from '@guarita/domain';
import type { Insertable } from 'kysely';
import type { Executor } from '../../db/db';
import type { PlanPrices } from '../../db/schema';

interface FamilyItem {
  code: string;
  name: string;
  required: boolean;
}

const ROUBO = 'SRV_ROUBO_FURTO';
const item = (code: string, name: string, required = false): FamilyItem => ({ code, name, required });
const roubo = item(ROUBO, 'Perda Total (Furto e Roubo)', true);
const rastreador = (required: boolean) => item('SRV_RASTREADOR', 'Rastreamento 24h', required);
const ass24 = item('SRV_ASS24', 'Assistência 24h');
const reboque = item('SRV_REBOQ', 'Reboque');
const colisao = item('SRV_SEGUROS_LTI', 'Colisão completa');
const vidros = item('SRV_VIDROS', 'Vidros');
const carroReserva = item('SRV_CARRO_RESERVA', 'Carro reserva 7 dias');
// Never shown: the adhesion fee and a free benefit (price 0) are filtered out by offeredItems.
const adesao = item('SRV_ADESAO', 'Taxa de adesão');
const clube = item('SRV_CLUBE', 'Clube de vantagens');

interface Family {
  id: string;
  name: string;
  channel: 'app' | 'online';
  annual: boolean;
  items: FamilyItem[];
  /** multiplies the banded theft/robbery price (recovery plans insure less) */
  theftFactor: number;
}

/** Plan families sold online: each exists in every state, monthly and (except COBRE) annual. */
const FAMILIES: Omit<Family, 'annual'>[] = [
  {
    id: 'GUARITA_COMPLETO',
    name: 'Guarita Completo',
    channel: 'app',
    theftFactor: 1,
    items: [roubo, rastreador(true), ass24, reboque, colisao, vidros, carroReserva, adesao, clube],
  },
  {
    id: 'GUARITA_ESSENCIAL',
    name: 'Guarita Essencial',
    channel: 'app',
    theftFactor: 1,
    items: [roubo, ass24, reboque, colisao, vidros, adesao],
  },
  {
    id: 'GUARITA_RECUP',
    name: 'Guarita Recuperação',
    channel: 'online',
    theftFactor: 0.6,
    items: [rastreador(true), roubo, ass24, reboque, adesao],
  },
  {
    id: 'GUARITA_COBRE_FROTA',
    name: 'Guarita Cobre Frota',
    channel: 'app',
    theftFactor: 1,
    items: [roubo, rastreador(true), { ...ass24, required: true }, { ...colisao, required: true }, { ...carroReserva, required: true }],
  },
];
const ANNUAL_FAMILIES = new Set(['GUARITA_COMPLETO', 'GUARITA_ESSENCIAL', 'GUARITA_RECUP']);

/** Monthly prices in MG, cents. Banded items: base + per thousand of the band's upper end. */
const BANDED: Record<string, { base: number; perThousand: number }> = {
  [ROUBO]: { base: 1990, perThousand: 160 }, // 50K → R$ 99,90
  SRV_SEGUROS_LTI: { base: 2990, perThousand: 100 }, // 50K → R$ 79,90
};
const FLAT: Record<string, number> = {
  SRV_RASTREADOR: 2990,
  SRV_ASS24: 2990,
  SRV_VIDROS: 1490,
  SRV_CARRO_RESERVA: 1990,
  SRV_ADESAO: 15000,
  SRV_CLUBE: 0,
};
export const TOWING_OPTIONS = [
  { code: 'SRV_REBOQ_200KM', name: 'Reboque até 200 km', price: 990, standard: true },
  { code: 'SRV_REBOQ_400KM', name: 'Reboque até 400 km', price: 1490, standard: false },
  { code: 'SRV_REBOQ_1000KM', name: 'Reboque até 1.000 km', price: 2490, standard: false },
];

/** Regional factor on every price (claims and theft rates differ by state); 1 where not listed. */
const STATE_FACTOR: Record<string, number> = { SP: 1.1, RJ: 1.15, DF: 1.05, ES: 1.05, PR: 1, SC: 1, RS: 1, MG: 1 };
const NORTH_NORTHEAST = new Set(['AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'MA', 'PA', 'PB', 'PE', 'PI', 'RN', 'RO', 'RR', 'SE', 'TO']);
const stateFactor = (uf: string) => STATE_FACTOR[uf] ?? (NORTH_NORTHEAST.has(uf) ? 0.95 : 1);

/** A list price: rounded down to the real, plus 90 cents (R$ 104,89 → R$ 104,90); 0 stays 0. */
const listPrice = (cents: number) => (cents <= 0 ? 0 : Math.floor(cents / 100) * 100 + 90);

/** The price of a monthly base figure in a state and period (annual: yearly, 10 % off twelve months). */
export function seedPrice(monthlyMg: number, uf: string, annual: boolean): number {
  if (monthlyMg <= 0) return 0;
  const monthly = listPrice(monthlyMg * stateFactor(uf));
  return annual ? listPrice(monthly * 12 * 0.9) : monthly;
}

const planId = (family: string, annual: boolean, uf: string) => `${family}${annual ? '_ANUAL' : ''}_${uf}`;
const BANDS = FIPE_BAND_OPTIONS.filter((b) => b.value <= 150).map((b) => ({ code: b.code, thousand: b.value }));

interface CatalogueRows {
  catalogue: Array<{ id_plano: string; state: string; channel: 'app' | 'online'; nome: string; annual: boolean }>;
  items: Array<{ id_plano: string; codigo_item: string; descricao: string; obrigatorio: boolean; position: number }>;
  towing: Array<{ id_plano: string; codigo_item: string; descricao: string; id_linha: number; data_vinculo: string; item_padrao: boolean }>;
  prices: Insertable<PlanPrices>[];
}

let built: CatalogueRows | undefined;

/** Every state's plans, items, towing options and prices (built once; the seed inserts them, contracts are priced on them). */
export function planCatalogueRows(): CatalogueRows {
  if (built) return built;
  const plans: Family[] = FAMILIES.flatMap((f) => [
    { ...f, annual: false },
    ...(ANNUAL_FAMILIES.has(f.id) ? [{ ...f, annual: true, name: `${f.name} Anual` }] : []),
  ]);
  const rows: CatalogueRows = { catalogue: [], items: [], towing: [], prices: [] };
  const { catalogue, items, towing, prices } = rows;
  let line = 1;
  for (const uf of STATE_CODES) {
    for (const p of plans) {
      const id = planId(p.id, p.annual, uf);
      catalogue.push({ id_plano: id, state: uf, channel: p.channel, nome: p.name, annual: p.annual });
      for (const [position, it] of p.items.entries()) {
        items.push({ id_plano: id, codigo_item: it.code, descricao: it.name, obrigatorio: it.required, position });
        const banded = BANDED[it.code];
        if (banded) {
          const factor = it.code === ROUBO ? p.theftFactor : 1;
          for (const b of BANDS) {
            const monthly = Math.round((banded.base + banded.perThousand * b.thousand) * factor);
            prices.push({ id_plano: id, codigo_item: it.code, fipe_code: b.code, preco_cents: seedPrice(monthly, uf, p.annual) });
          }
        } else if (it.code === 'SRV_REBOQ') {
          for (const o of TOWING_OPTIONS) {
            towing.push({
              id_plano: id,
              codigo_item: o.code,
              descricao: o.name,
              id_linha: line++,
              data_vinculo: '2026-01-01',
              item_padrao: o.standard,
            });
            prices.push({ id_plano: id, codigo_item: o.code, fipe_code: null, preco_cents: seedPrice(o.price, uf, p.annual) });
          }
        } else {
          prices.push({ id_plano: id, codigo_item: it.code, fipe_code: null, preco_cents: seedPrice(FLAT[it.code] ?? 0, uf, p.annual) });
        }
      }
    }
  }
  built = rows;
  return rows;
}

/**
 * A demo contract's charge on the price table (issue 12 gap 2): its plan priced for its vehicle exactly as a plan
 * change prices it (pricedOffer → currentCharge, ADR 051), so the stored fee, the items' prices and the plan-change
 * screen agree. Per contract item kind: its service's price (the assistance with its selected towing option). For an
 * annual plan the fee is a twelfth of the yearly price. Null when the plan is not in the catalogue (no price to use).
 */
export function seededPlanCharge(input: {
  idPlan: string;
  fipeLimit: Cents;
  vehicleType: VehicleTypeCode;
  items: ReadonlyArray<ContractItemLike>;
}): { fee: Cents; itemPrices: Cents[] } | null {
  const rows = planCatalogueRows();
  const plan = rows.catalogue.find((p) => p.id_plano === input.idPlan);
  if (!plan) return null;
  const offer = pricedOffer({
    items: rows.items
      .filter((i) => i.id_plano === plan.id_plano)
      .map((i) => ({ codigoItem: i.codigo_item, descricao: i.descricao, obrigatorio: i.obrigatorio })),
    towing: rows.towing
      .filter((t) => t.id_plano === plan.id_plano)
      .map((t) => ({
        codigoItem: t.codigo_item,
        descricao: t.descricao,
        preco: 0,
        idLinha: t.id_linha,
        dataVinculo: t.data_vinculo,
        itemPadrao: t.item_padrao,
      })),
    prices: rows.prices
      .filter((r) => r.id_plano === plan.id_plano)
      .map((r) => ({ codigoItem: r.codigo_item, fipeCode: r.fipe_code ?? null, preco: cents(r.preco_cents) })),
    fipeValue: input.fipeLimit,
    vehicleType: input.vehicleType,
  });
  const acquired = acquiredServices(input.items);
  const charge = currentCharge(offer, acquired);
  const price = new Map(charge.lines.map((l) => [l.codigoItem, l.preco]));
  const itemPrices = input.items.map((i) => {
    const own = price.get(SERVICE_OF_CONTRACT_KIND[i.kind] ?? '') ?? 0;
    const towing = i.subItems.some((s) => s.selected && s.towingKm !== null) ? (price.get(SERVICE_CODES.towing) ?? 0) : 0;
    return cents(own + towing);
  });
  // A required item the contract lacks would be in the fee but in no item: the demo data must not do that.
  if (sumCents(itemPrices) !== charge.total) throw new Error(`seed: contract items of ${input.idPlan} do not cover its required items`);
  return {
    fee: plan.annual ? cents(Math.round(charge.total / 12)) : charge.total,
    itemPrices: plan.annual ? itemPrices.map((p) => cents(Math.round(p / 12))) : itemPrices,
  };
}

export async function seedPlanCatalogue(tx: Executor): Promise<void> {
  if (await tx.selectFrom('plan_catalogue').select('id_plano').limit(1).executeTakeFirst()) return;
  const { catalogue, items, towing, prices } = planCatalogueRows();
  const chunks = <T>(rows: T[], size = 1000) =>
    Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));
  for (const c of chunks(catalogue)) await tx.insertInto('plan_catalogue').values(c).execute();
  for (const c of chunks(items)) await tx.insertInto('plan_items').values(c).execute();
  for (const c of chunks(towing)) await tx.insertInto('plan_towing_options').values(c).execute();
  for (const c of chunks(prices)) await tx.insertInto('plan_prices').values(c).execute();
}
