/**
 * What a plan change offers a contract (issue 12 §1–§2): the target plan's items priced for this vehicle, what the
 * contract has now, and what changed. Pure; the API builds the screen and the quotation from it, the web compares
 * choices with the same keys.
 */
import { sumCents, type Cents } from '../money';
import type { VehicleTypeCode } from './fipe';
import { defaultTowingOption, offeredItems, SERVICE_CODES, towingOptions, type TowingSubItem } from './items';
import { itemPrice, type PriceRow } from './pricing';

/** Contract item kinds (our contracts table) → the catalogue's service codes. */
export const SERVICE_OF_CONTRACT_KIND: Readonly<Record<string, string>> = {
  roubo_furto: 'SRV_ROUBO_FURTO',
  rastreador: 'SRV_RASTREADOR',
  assistencia: SERVICE_CODES.assistance24h,
  colisao: SERVICE_CODES.collision,
  vidros: SERVICE_CODES.glass,
  carro_reserva: 'SRV_CARRO_RESERVA',
};

export interface ContractItemLike {
  kind: string;
  subItems: ReadonlyArray<{ towingKm: number | null; selected: boolean }>;
}

export interface Acquired {
  codes: Set<string>;
  /** km of the towing the contract has (the assistance's selected towing option), null when none */
  towingKm: number | null;
}

/** The service codes a contract has now; towing (SRV_REBOQ) when one of its towing options is selected. */
export function acquiredServices(items: readonly ContractItemLike[]): Acquired {
  const codes = new Set<string>();
  let towingKm: number | null = null;
  for (const i of items) {
    const code = SERVICE_OF_CONTRACT_KIND[i.kind];
    if (code) codes.add(code);
    const towing = i.subItems.find((s) => s.selected && s.towingKm !== null);
    if (towing) towingKm = towing.towingKm;
  }
  if (towingKm !== null) codes.add(SERVICE_CODES.towing);
  return { codes, towingKm };
}

/**
 * The key of a choice: the code, and for towing also its km, so that changing 200 km to 400 km counts as a change
 * ('Adicionado' 400 km, 'Removido' 200 km) in itemChanges / canConfirmPlanChange.
 */
export const choiceKey = (code: string, towingKm: number | null | undefined): string =>
  code === SERVICE_CODES.towing && towingKm ? `${code}@${towingKm}` : code;

export interface CatalogueRowItem {
  codigoItem: string;
  descricao: string;
  obrigatorio: boolean;
}

export interface PricedTowingOption extends TowingSubItem {
  km: number;
  preco: Cents;
}

export interface PricedItem {
  codigoItem: string;
  descricao: string;
  preco: Cents;
  obrigatorio: boolean;
  /** SRV_REBOQ only: its km options priced; preco is the default option's */
  options?: PricedTowingOption[];
}

/**
 * The target plan's items priced for this vehicle (itemPrice: FIPE band + vehicle-type surcharge, or flat), towing
 * priced per km option, minus what is not offered (SRV_ADESAO, price ≤ 0, no price row for the band).
 */
export function pricedOffer(input: {
  items: readonly CatalogueRowItem[];
  towing: readonly TowingSubItem[];
  prices: readonly PriceRow[];
  fipeValue: Cents;
  vehicleType: VehicleTypeCode;
}): PricedItem[] {
  const priced: PricedItem[] = [];
  for (const item of input.items) {
    if (item.codigoItem === SERVICE_CODES.towing) {
      const options = towingOptions(input.towing)
        .map((o) => ({ ...o, preco: itemPrice(input.prices, o.codigoItem, input.fipeValue, input.vehicleType) }))
        .filter((o): o is PricedTowingOption => o.preco !== null && o.preco > 0);
      const def = defaultTowingOption(options) as PricedTowingOption | undefined;
      if (def) priced.push({ ...item, preco: def.preco, options });
      continue;
    }
    const preco = itemPrice(input.prices, item.codigoItem, input.fipeValue, input.vehicleType);
    if (preco !== null) priced.push({ ...item, preco });
  }
  return offeredItems(priced);
}

export interface CurrentCharge {
  /** each offered service the contract pays for now (towing at its acquired km) */
  lines: Array<{ codigoItem: string; preco: Cents }>;
  /** Σ lines: the monthly fee, or for an annual plan the yearly price */
  total: Cents;
}

/**
 * What a contract pays today for what it has, on the price table: the plan's required items and the optional items
 * it acquired (towing at its acquired km, else the default option), priced as a plan change prices them. It is the
 * plan-change screen's value before any change (quotePlan with the acquired choice), so the stored fee, the items'
 * prices and the quotation agree. Acquired services the plan does not offer are not charged.
 */
export function currentCharge(offer: readonly PricedItem[], acquired: Acquired): CurrentCharge {
  const lines: CurrentCharge['lines'] = [];
  for (const item of offer) {
    if (!item.obrigatorio && !acquired.codes.has(item.codigoItem)) continue;
    const option = item.options?.find((o) => o.km === acquired.towingKm);
    lines.push({ codigoItem: item.codigoItem, preco: option?.preco ?? item.preco });
  }
  return { lines, total: sumCents(lines.map((l) => l.preco)) };
}
