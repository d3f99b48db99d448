/*
 * How a card on file is shown: a module of its own, without the card rules (and their validation library), so a
 * screen that only shows the card does not load them (ADR 025).
 */

/**
 * The brands the product knows (spec 000 §3/§9: "mc, visa, other treated as Amex"). This is also
 * what `contracts.card_brand` stores next to the last 4 digits, and nothing else about a card is stored.
 */
export type CardBrand = 'mc' | 'visa' | 'amex';

export const CARD_BRAND_LABEL: Record<CardBrand, string> = {
  mc: 'Mastercard',
  visa: 'Visa',
  amex: 'American Express',
};

/** '**** **** **** 4242' (spec 000 §2: the masked current card plus last digits). */
export function maskCardSummary(last4: string | null | undefined): string {
  return `**** **** **** ${last4 ?? ''}`;
}
