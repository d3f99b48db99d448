/**
 * Plan pricing (docs/decisions/051-plan-pricing.md): an item's price by FIPE band and vehicle type, and the quote
 * of a plan change (001 §3 'Plan quote result'). Pure; the quotation service stores what this returns.
 */
import { cents, sumCents, type Cents } from '../money';
import { annualCharge } from './items';
import { fipePriceCode, type VehicleTypeCode } from './fipe';
import type { PaymentType } from './plan-ids';

/** Surcharge on FIPE-priced items by vehicle type (CAT_AGRAVO_*), in percent. */
export const VEHICLE_TYPE_SURCHARGE_PERCENT: Readonly<Record<VehicleTypeCode, number>> = {
  CAT_AGRAVO_VEICULO_LEVE: 0,
  CAT_AGRAVO_OUTROS: 10,
  CAT_AGRAVO_PICKUP_CAM: 20,
};

/** One row of a plan's price table: an item's price in one FIPE band (fipeCode) or in every band (null: flat). */
export interface PriceRow {
  codigoItem: string;
  fipeCode: string | null;
  preco: Cents;
}

/**
 * An item's price for a vehicle: the row of its FIPE band (CAT_FIPE_{n}K) with the vehicle type's surcharge, else
 * its flat row as it is (assistance, towing and glass do not depend on the car's value). Null when not priced.
 */
export function itemPrice(rows: readonly PriceRow[], codigoItem: string, fipeValue: Cents, vehicleType: VehicleTypeCode): Cents | null {
  const code = fipePriceCode(fipeValue);
  const banded = rows.find((r) => r.codigoItem === codigoItem && r.fipeCode === code);
  if (banded) return cents(Math.round((banded.preco * (100 + VEHICLE_TYPE_SURCHARGE_PERCENT[vehicleType])) / 100));
  return rows.find((r) => r.codigoItem === codigoItem && r.fipeCode === null)?.preco ?? null;
}

export interface QuoteLine {
  service_code: string;
  service_name: string;
  value: Cents;
}

export interface PlanQuote {
  /** monthly total, or for an annual plan the displayed value (yearly ÷ 12 × months) */
  initialVlue: Cents;
  fipe: string;
  required: QuoteLine[];
  added: QuoteLine[];
  notAdded: QuoteLine[];
  isRecupPlan: boolean;
  paymentType: PaymentType;
  /** 1 for monthly; months to dataFimVigencia (minimum 1) for annual */
  installments: number;
  installmentValue: Cents;
}

/**
 * The quote of a plan change. `items` are the target plan's offered items already priced for this vehicle
 * (itemPrice); `chosen` the optional codes the customer keeps or adds. Required items are always charged. For an
 * annual plan the item prices are yearly and the value is spread as annualCharge does.
 */
export function quotePlan(input: {
  items: ReadonlyArray<{ codigoItem: string; descricao: string; preco: Cents; obrigatorio: boolean }>;
  chosen: ReadonlySet<string>;
  fipeValue: Cents;
  paymentType: PaymentType;
  isRecupPlan: boolean;
  today: string;
  validityEnd: string | null;
}): PlanQuote {
  const line = (i: (typeof input.items)[number]): QuoteLine => ({ service_code: i.codigoItem, service_name: i.descricao, value: i.preco });
  const required = input.items.filter((i) => i.obrigatorio).map(line);
  const optional = input.items.filter((i) => !i.obrigatorio);
  const added = optional.filter((i) => input.chosen.has(i.codigoItem)).map(line);
  const notAdded = optional.filter((i) => !input.chosen.has(i.codigoItem)).map(line);
  const total = sumCents([...required, ...added].map((l) => l.value));
  const base = {
    fipe: fipePriceCode(input.fipeValue),
    required,
    added,
    notAdded,
    isRecupPlan: input.isRecupPlan,
    paymentType: input.paymentType,
  };
  if (input.paymentType === 'M') return { ...base, initialVlue: total, installments: 1, installmentValue: total };
  const annual = annualCharge(total, input.today, input.validityEnd);
  return { ...base, initialVlue: annual.total, installments: annual.installments, installmentValue: annual.installment };
}
