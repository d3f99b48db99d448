/**
 * Plan items of the plan-change screen (001 §3 'Plan catalogue entry', §4 'Items', 'Plan type', §5, §9).
 * Prices are Cents; catalogue rows hold cents.
 */
import { addMonthsIso } from '../calendar';
import { cents, type Cents } from '../money';

export const SERVICE_CODES = {
  towing: 'SRV_REBOQ',
  assistance24h: 'SRV_ASS24',
  collision: 'SRV_SEGUROS_LTI',
  glass: 'SRV_VIDROS',
  adhesion: 'SRV_ADESAO',
} as const;

export interface PlanItem {
  codigoItem: string;
  descricao: string;
  preco: Cents;
  obrigatorio: boolean;
}

/** The items a customer can see and choose: never the adhesion item SRV_ADESAO, never a price of 0 or less. */
export function offeredItems<T extends { codigoItem: string; preco: number }>(items: readonly T[]): T[] {
  return items.filter((i) => i.codigoItem !== SERVICE_CODES.adhesion && i.preco > 0);
}

/** One km option of the towing item (formularioCategorias.categoriaSubItem). */
export interface TowingSubItem {
  codigoItem: string;
  descricao: string;
  preco: number;
  idLinha: number;
  dataVinculo: string;
  itemPadrao: boolean;
}
export interface TowingOption extends TowingSubItem {
  km: number;
}

/** The km in a towing option: '… 200 km' (or '1.000 km') in its description, else '…_200KM' / '…_200' in its code; null when neither. */
export function towingKm(sub: { codigoItem: string; descricao: string }): number | null {
  // '1.000 km': the pt-BR thousands separator is part of the number.
  const fromText = /(\d{1,3}(?:\.\d{3})+|\d+)\s*km\b/i.exec(sub.descricao) ?? /_(\d+)(?:KM)?$/i.exec(sub.codigoItem);
  return fromText ? Number(fromText[1]!.replace(/\./g, '')) : null;
}

/** The towing km options, shortest first (options without a km are not offered). */
export function towingOptions(subItems: readonly TowingSubItem[]): TowingOption[] {
  return subItems
    .map((s) => ({ ...s, km: towingKm(s) }))
    .filter((s): s is TowingOption => s.km !== null)
    .sort((a, b) => a.km - b.km);
}

/** The option preselected in the km picker: the catalogue's default (itemPadrao), else the shortest. */
export function defaultTowingOption(options: readonly TowingOption[]): TowingOption | undefined {
  return options.find((o) => o.itemPadrao) ?? options[0];
}

export interface ItemChoice {
  /** codes the contract has now */
  acquired: ReadonlySet<string>;
  /** codes chosen on the screen */
  chosen: ReadonlySet<string>;
}

/** What the success overlay lists: 'Adicionado' (chosen, not acquired) and 'Removido' (acquired, not chosen). */
export function itemChanges({ acquired, chosen }: ItemChoice): { added: string[]; removed: string[] } {
  return {
    added: [...chosen].filter((c) => !acquired.has(c)),
    removed: [...acquired].filter((c) => !chosen.has(c)),
  };
}

/** 'Confirmar alteração' is enabled once agreed and, for a monthly plan, at least one item was added or removed. */
export function canConfirmPlanChange(input: ItemChoice & { agreed: boolean; paymentType: 'M' | 'A' }): boolean {
  if (!input.agreed) return false;
  if (input.paymentType === 'A') return true;
  const { added, removed } = itemChanges(input);
  return added.length + removed.length > 0;
}

/**
 * Whole months from `today` to the end of coverage (dataFimVigencia), at least 1: the number of installments of
 * an annual plan. Calendar dates 'YYYY-MM-DD' (today in São Paulo).
 */
export function annualInstallments(today: string, validityEnd: string | null): number {
  if (!validityEnd) return 12;
  let months = 0;
  while (months < 1200 && addMonthsIso(today, months + 1) <= validityEnd.slice(0, 10)) months++;
  return Math.max(1, months);
}

export interface AnnualCharge {
  installments: number;
  /** the displayed value: yearly ÷ 12 × months */
  total: Cents;
  /** each installment: total ÷ installments ('em Nx de …') */
  installment: Cents;
}

/** The annual plan's charge (001 §4): yearly ÷ 12 × months, in N installments. */
export function annualCharge(yearly: Cents, today: string, validityEnd: string | null): AnnualCharge {
  const installments = annualInstallments(today, validityEnd);
  const total = Math.round((yearly * installments) / 12);
  return { installments, total: cents(total), installment: cents(Math.round(total / installments)) };
}
