/** Plan view rules (spec 002 §2.6, 001 §2 'Plans that cannot change online', 001 §9). Pure functions, no I/O. */
import { cents, type Cents } from '../money';

export interface CoverageSource {
  name: string;
  subItems: ReadonlyArray<{ name: string; required: boolean }>;
}

const RENAMES: Readonly<Record<string, string>> = {
  'Colisão Completa + Terceiros + Seguro APP': 'Colisão completa',
};
const THEFT = 'Furto e Roubo';
const TOTAL_LOSS_THEFT = 'Perda Total (Furto e Roubo)';

/**
 * The covered services as the customer reads them: an item with required sub-items is shown as those
 * sub-items, otherwise by its own name; 'Colisão Completa + Terceiros + Seguro APP' reads 'Colisão completa';
 * 'Furto e Roubo' is hidden when 'Perda Total (Furto e Roubo)' is also required. Duplicates are shown once.
 */
export function coveredServices(items: readonly CoverageSource[]): string[] {
  const raw: string[] = [];
  for (const item of items) {
    const required = item.subItems.filter((s) => s.required).map((s) => s.name.trim());
    if (required.length > 0) raw.push(...required);
    else raw.push(item.name.trim());
  }
  const hideTheft = raw.includes(TOTAL_LOSS_THEFT);
  const shown = raw.filter((n) => !(hideTheft && n === THEFT)).map((n) => RENAMES[n] ?? n);
  return [...new Set(shown)];
}

/** Plans whose idPlan contains COBRE cannot change plan or vehicle online. */
export const isCobrePlan = (idPlan: string): boolean => idPlan.toUpperCase().includes('COBRE');

/** Recovery plans (RECUP in idPlan): their catalogue is the state's '/online' list and their quotation sends the recovery flags. */
export const isRecupPlan = (idPlan: string): boolean => idPlan.toUpperCase().includes('RECUP');

/** Annual plans (ANUAL in idPlan): no monthly/annual toggle on the plan-change screen. */
export const isAnnualPlan = (idPlan: string): boolean => idPlan.toUpperCase().includes('ANUAL');

/**
 * Sales executive codes the spec flags (001 §9, 002 §9). For us they are house codes (no personal executive:
 * direct sales, the Pix negotiation code 16, executives who left): the customer is sent to the support line
 * instead of a named executive. See docs/decisions/031-flagged-executive-codes.md.
 */
export const FLAGGED_EXECUTIVE_CODES: ReadonlySet<number> = new Set([0, 16, 19, 27, 45, 76]);
export const isFlaggedExecutive = (slpCode: number | null | undefined): boolean =>
  slpCode === null || slpCode === undefined || FLAGGED_EXECUTIVE_CODES.has(slpCode);

export const REFERRAL_PERCENT_EACH = 10;
export const REFERRAL_MAX_COUNTED = 5;

export interface ReferralSummary {
  /** referred customers on record */
  total: number;
  /** not in debit */
  eligible: number;
  /** eligible ones that count, at most REFERRAL_MAX_COUNTED */
  counted: number;
  /** discount on the monthly fee, 0–50 */
  percent: number;
  maxPercent: number;
  /** eligible referrals still missing for the maximum discount */
  missingForMax: number;
}

/** 10% per referred customer not in debit, at most 5 counted (50%). */
export function referralDiscount(referrals: ReadonlyArray<{ inDebit: boolean }>): ReferralSummary {
  const eligible = referrals.filter((r) => !r.inDebit).length;
  const counted = Math.min(eligible, REFERRAL_MAX_COUNTED);
  return {
    total: referrals.length,
    eligible,
    counted,
    percent: counted * REFERRAL_PERCENT_EACH,
    maxPercent: REFERRAL_MAX_COUNTED * REFERRAL_PERCENT_EACH,
    missingForMax: REFERRAL_MAX_COUNTED - counted,
  };
}

/** The monthly fee after the referral discount, in cents (rounded to the cent, never negative). */
export function discountedFee(feeCents: number, percent: number): Cents {
  return cents(Math.max(0, Math.round((feeCents * (100 - percent)) / 100)));
}

/** The public referral link a customer shares: /indicacao?codigo=… on our own origin. */
export function referralLink(origin: string, code: string): string {
  const url = new URL('/indicacao', origin);
  url.searchParams.set('codigo', code);
  return url.toString();
}

/** A wa.me link: digits only, Brazil's country code added when missing. */
export function whatsappLink(phone: string, text?: string): string {
  let digits = phone.replace(/\D/g, '');
  if (digits.length <= 11) digits = `55${digits}`;
  return `https://wa.me/${digits}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}
