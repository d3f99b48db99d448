/** Field rules of the support page (001 §5): mobile phone, CEP mask, e-mail. */

/** Digits only. */
export const onlyDigits = (v: string) => v.replace(/\D/g, '');

/** The spec's mobile rule: after stripping non-digits, the third digit is 9 and there are at least 11 digits. */
export function isMobilePhone(value: string): boolean {
  const d = onlyDigits(value);
  return d.length >= 11 && d.length <= 13 && d[2] === '9';
}

/** Progressive CEP mask '00000-000': 5 digits, a hyphen, then the rest (at most 9 characters). */
export function maskCep(value: string): string {
  const d = onlyDigits(value).slice(0, 8);
  return d.length <= 5 ? d : `${d.slice(0, 5)}-${d.slice(5)}`;
}

/** A masked CEP is valid when it has all 9 characters ('00000-000'). */
export const isCompleteCep = (value: string) => /^\d{5}-\d{3}$/.test(maskCep(value));

/** The spec's "simple pattern" for e-mail: something@something.something, no spaces. */
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
