import type { ContractDto } from '@guarita/domain';

/** mc, visa, anything else shown as Amex (spec 000 §3). */
export function cardBrandLabel(brand: ContractDto['pmCard']): string {
  if (brand === 'mc') return 'Mastercard';
  if (brand === 'visa') return 'Visa';
  return 'Amex';
}

export const maskedCard = (last4: string) => `**** **** **** ${last4}`;
