/**
 * What we keep of a payment provider's message (issue 27 item 7, ADR 078): the message as received, with anything
 * card-like taken out first, so the desk's webhook history can never hold a card number or security code.
 *
 * - A field whose name says card data (number, pan, cvc/cvv, security code, expiry, track data, any `encrypted…`
 *   field of client-side encryption) loses its value, whatever it holds.
 * - Anywhere else, a run of 13–19 digits (spaces or dashes between groups allowed) that passes the Luhn check is
 *   replaced, in strings and in numbers. Longer digit runs (a Pix endToEndId's, a timestamp) are left as they are.
 * - Depth and size are bounded: deeper than 12 levels or more than 500 keys or items per level is cut.
 */

export const REMOVED = '[removido]';

const CARD_FIELD =
  /^(pan|number|cardnumber|card_number|cardno|cvc|cvv|cvv2|cvc2|cid|securitycode|security_code|expiry|expirydate|expirymonth|expiryyear|expiry_month|expiry_year|expmonth|expyear|exp_month|exp_year|expirationdate|track1|track2|trackdata|pin|pinblock)$|^encrypted/i;

/** 13–19 digits, optionally in groups separated by one space or dash, not touching other digits. */
const DIGIT_RUN = /(?<![\d])\d(?:[ -]?\d){12,18}(?![\d])/g;

const MAX_DEPTH = 12;
const MAX_ITEMS = 500;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let n = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

/** True when the digits (separators ignored) have a card number's length and pass the Luhn check. */
export function looksLikePan(text: string): boolean {
  const d = text.replace(/[ -]/g, '');
  return /^\d{13,19}$/.test(d) && !/^(\d)\1+$/.test(d) && luhn(d);
}

function stripString(s: string): string {
  return s.replace(DIGIT_RUN, (m) => (looksLikePan(m) ? REMOVED : m));
}

function strip(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return stripString(value);
  if (typeof value === 'number') return Number.isInteger(value) && looksLikePan(String(Math.abs(value))) ? REMOVED : value;
  if (value === null || typeof value === 'boolean') return value;
  if (depth >= MAX_DEPTH) return REMOVED;
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((v) => strip(v, depth + 1));
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>).slice(0, MAX_ITEMS)) {
      const key = stripString(k);
      out[key] = CARD_FIELD.test(k) ? REMOVED : strip(v, depth + 1);
    }
    return out;
  }
  return null; // undefined, functions, symbols, bigints: not JSON
}

/** The provider's message as we may store and show it: card-like fields and numbers removed (see above). */
export function stripCardData(payload: unknown): unknown {
  return strip(payload, 0);
}
