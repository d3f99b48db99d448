/**
 * FIPE bands and vehicle types (001 §2, §9; 002 §8, §9). A FIPE value is Cents (the lookup's Fipe.Valor in reais
 * goes through reaisToCents at the port).
 */
import { cents, type Cents } from '../money';

const REAIS = 100;
export const FIPE_BAND_STEP: Cents = cents(10_000 * REAIS);
export const FIPE_MIN: Cents = cents(1_000 * REAIS);
/** Maximum insurable value. */
export const FIPE_MAX: Cents = cents(150_000 * REAIS);
/** Upper end of the 150–200 thousand band, where the plan adjusts (cover limited to FIPE_MAX). */
export const FIPE_LIMITED_MAX: Cents = cents(200_000 * REAIS);

/** The price band of a FIPE value, in thousands: rounded up to a multiple of 10,000 after clamping to 1,000–150,000. */
export function fipeBand(value: Cents): number {
  const clamped = Math.min(FIPE_MAX, Math.max(FIPE_MIN, value));
  return Math.ceil(clamped / FIPE_BAND_STEP) * 10;
}

/** The FIPE category code of a limit in cents: CAT_FIPE_{limit ÷ 1000}K. */
export const fipeCategoryCode = (limit: Cents): string => `CAT_FIPE_${Math.round(limit / REAIS / 1000)}K`;

/** The price code of a FIPE value: CAT_FIPE_{n}K of its band. */
export const fipePriceCode = (value: Cents): string => `CAT_FIPE_${fipeBand(value)}K`;

export interface FipeBandOption {
  /** band in thousands (10…150); 200 for the 150–200 thousand label */
  value: number;
  code: string;
  label: string;
}

const thousand = (n: number) => `R$ ${n === 0 ? '0' : `${n}.000`}`;
/** The FIPE range select: 15 bands of 10,000 from 0 to 150,000 plus the 150,000–200,000 label. */
export const FIPE_BAND_OPTIONS: readonly FipeBandOption[] = [
  ...Array.from({ length: 15 }, (_, i) => {
    const top = (i + 1) * 10;
    return { value: top, code: `CAT_FIPE_${top}K`, label: `${thousand(i * 10)} a ${thousand(top)}` };
  }),
  { value: 200, code: 'CAT_FIPE_150K', label: `${thousand(150)} a ${thousand(200)}` },
];

export const VEHICLE_TYPES = [
  { code: 'CAT_AGRAVO_VEICULO_LEVE', label: 'Veículo leve' },
  { code: 'CAT_AGRAVO_PICKUP_CAM', label: 'Pick-up / SUV / Caminhonete' },
  { code: 'CAT_AGRAVO_OUTROS', label: 'Utilitário leve' },
] as const;
export type VehicleTypeCode = (typeof VEHICLE_TYPES)[number]['code'];
export const isVehicleTypeCode = (code: string): code is VehicleTypeCode => VEHICLE_TYPES.some((t) => t.code === code);

/** What a vehicle lookup's FIPE answer means for a vehicle change (001 §2, 002 §8). */
export type FipeVerdict =
  | { kind: 'not-found' }
  | { kind: 'not-permitted' }
  /** above the 150–200 thousand band: cannot be contracted */
  | { kind: 'above-max' }
  /** 150–200 thousand: contracted with theft/robbery/total loss limited to 150,000 */
  | { kind: 'limited'; band: number; code: string }
  | { kind: 'ok'; band: number; code: string };

export function fipeVerdict(lookup: { valor: Cents | null; permitido: boolean } | null): FipeVerdict {
  if (!lookup || lookup.valor === null || !(lookup.valor > 0)) return { kind: 'not-found' };
  if (!lookup.permitido) return { kind: 'not-permitted' };
  if (lookup.valor > FIPE_LIMITED_MAX) return { kind: 'above-max' };
  const band = fipeBand(lookup.valor);
  const code = fipePriceCode(lookup.valor);
  return lookup.valor > FIPE_MAX ? { kind: 'limited', band, code } : { kind: 'ok', band, code };
}
