import { isValidCreditCard } from '@brazilian-utils/brazilian-utils/is-valid-credit-card';
import { PAYMENT_MSG } from './messages';
import type { CardBrand } from './card-display';

export { CARD_BRAND_LABEL, maskCardSummary, type CardBrand } from './card-display';

/** Only the digits of what was typed (spaces, dots and dashes of a mask dropped). */
export function cardDigits(input: string): string {
  return input.replace(/\D/g, '');
}

/**
 * Brand from the number's prefix: 4 → visa; 51–55 and 2221–2720 → mc; any other prefix → amex
 * (the spec's "other treated as Amex"). Null until a digit is typed.
 */
export function detectCardBrand(input: string): CardBrand | null {
  const d = cardDigits(input);
  if (d.length === 0) return null;
  if (d.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(d)) return 'mc';
  if (d === '5') return null; // may still become 51–55
  if (d.startsWith('2')) {
    if (d.length < 4) return null; // may still become 2221–2720
    const p4 = Number(d.slice(0, 4));
    if (p4 >= 2221 && p4 <= 2720) return 'mc';
  }
  return 'amex';
}

/** 'MM/AA' as typed: digits only, a slash after the month; an autofilled 'MM/AAAA' keeps the last two year digits. */
export function formatExpiryInput(input: string): string {
  if (input.includes('/')) {
    const [m = '', y = ''] = input.split('/');
    const month = cardDigits(m).slice(0, 2);
    const yDigits = cardDigits(y);
    const year = yDigits.length === 4 ? yDigits.slice(2) : yDigits.slice(0, 2);
    return month.length === 2 ? `${month}/${year}` : month + year;
  }
  const d = cardDigits(input).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

/** The Luhn check digit over the digits (no length rules). */
export function luhnValid(input: string): boolean {
  const d = cardDigits(input);
  if (d.length === 0) return false;
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    let n = d.charCodeAt(d.length - 1 - i) - 48;
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

/** A payable card number: 12–19 digits, Luhn-valid, not a single repeated digit (the field library's rule). */
export function isValidCardNumber(input: string): boolean {
  const d = cardDigits(input);
  return d.length >= 12 && d.length <= 19 && isValidCreditCard(d);
}

/** Digits are stripped from the holder name as it is typed (spec 000 §5). */
export function stripDigits(name: string): string {
  return name.replace(/\d/g, '');
}

/** Holder name as sent to the gateway: no digits, single spaces, trimmed, at most 26 characters. */
export function normalizeHolderName(name: string): string {
  return stripDigits(name).replace(/\s+/g, ' ').trim().slice(0, 26);
}

export function cardLast4(input: string): string {
  return cardDigits(input).slice(-4);
}

/** Month 1–12 from '3', '03' or 3; null when not a month. */
export function parseExpiryMonth(v: string | number | null | undefined): number | null {
  const s = String(v ?? '').trim();
  if (!/^\d{1,2}$/.test(s)) return null;
  const m = Number(s);
  return m >= 1 && m <= 12 ? m : null;
}

/** Four-digit year from '28' or '2028'; null otherwise. */
export function parseExpiryYear(v: string | number | null | undefined): number | null {
  const s = String(v ?? '').trim();
  if (/^\d{2}$/.test(s)) return 2000 + Number(s);
  if (/^\d{4}$/.test(s)) return Number(s);
  return null;
}

/** 'MM/AA' (or 'MM/AAAA') from a single expiry field → month and year; null parts when absent. */
export function splitExpiry(input: string): { month: string; year: string } {
  const [month = '', year = ''] = input.replace(/\s/g, '').split('/');
  return { month, year };
}

/**
 * True when the expiry cannot be right: before the current month (a card is usable through the last
 * day of its expiry month) or more than 20 years ahead.
 */
export function isExpiryOutOfRange(month: number, year: number, now: Date = new Date()): boolean {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  return year < y || (year === y && month < m) || year > y + 20;
}

export interface CardFormInput {
  numeroCartao?: string | null;
  mesExpiracao?: string | number | null;
  anoExpiracao?: string | number | null;
  cvv?: string | number | null;
  nomeTitular?: string | null;
}

export type CardFormField = keyof CardFormInput;
export interface CardFormError {
  field: CardFormField;
  message: string;
}

/**
 * The card form's errors in the spec's order (number, expiry, CVV, name), with the spec's messages.
 * Empty list = valid. The web disables 'Confirmar' while this is not empty.
 */
export function cardFormErrors(input: CardFormInput, now: Date = new Date()): CardFormError[] {
  const errors: CardFormError[] = [];
  const number = cardDigits(String(input.numeroCartao ?? ''));
  if (!number) errors.push({ field: 'numeroCartao', message: PAYMENT_MSG.cardNumberMissing });
  else if (!isValidCardNumber(number)) errors.push({ field: 'numeroCartao', message: PAYMENT_MSG.cardNumberInvalid });

  const rawMonth = String(input.mesExpiracao ?? '').trim();
  const rawYear = String(input.anoExpiracao ?? '').trim();
  if (!rawMonth || !rawYear) {
    errors.push({ field: rawMonth ? 'anoExpiracao' : 'mesExpiracao', message: PAYMENT_MSG.cardExpiryMissing });
  } else {
    const month = parseExpiryMonth(rawMonth);
    const year = parseExpiryYear(rawYear);
    if (month === null) errors.push({ field: 'mesExpiracao', message: PAYMENT_MSG.cardExpiryInvalid });
    else if (year === null || isExpiryOutOfRange(month, year, now))
      errors.push({ field: 'anoExpiracao', message: PAYMENT_MSG.cardExpiryInvalid });
  }

  const cvv = String(input.cvv ?? '').trim();
  if (!cvv) errors.push({ field: 'cvv', message: PAYMENT_MSG.cardCvvMissing });
  else {
    const amex = /^3[47]/.test(number);
    if (!(amex ? /^\d{4}$/ : /^\d{3,4}$/).test(cvv)) errors.push({ field: 'cvv', message: PAYMENT_MSG.cardCvvInvalid });
  }

  if (!normalizeHolderName(String(input.nomeTitular ?? ''))) errors.push({ field: 'nomeTitular', message: PAYMENT_MSG.cardHolderMissing });
  return errors;
}

/**
 * What the card form hands to the provider's client-side encryption once `cardFormErrors` is empty: the digits of
 * the number, month and 4-digit year, CVV, and the holder name as sent. It lives only in the browser: the API takes
 * the encrypted fields (`EncryptedCardDto`), never this (issue 27).
 */
export interface PlainCardFields {
  number: string;
  expiryMonth: string;
  expiryYear: string;
  securityCode: string;
  holderName: string;
}

/** Normalizes a form that passed `cardFormErrors` for the browser's encryption step. */
export function toPlainCardFields(input: CardFormInput): PlainCardFields {
  return {
    number: cardDigits(String(input.numeroCartao ?? '')),
    expiryMonth: String(parseExpiryMonth(input.mesExpiracao) ?? '').padStart(2, '0'),
    expiryYear: String(parseExpiryYear(input.anoExpiracao) ?? ''),
    securityCode: String(input.cvv ?? '').trim(),
    holderName: normalizeHolderName(String(input.nomeTitular ?? '')),
  };
}
