import { formatCnpj } from '@brazilian-utils/brazilian-utils/format-cnpj';
import { formatCpf } from '@brazilian-utils/brazilian-utils/format-cpf';
import { isValidCnpj } from '@brazilian-utils/brazilian-utils/is-valid-cnpj';
import { isValidCpf } from '@brazilian-utils/brazilian-utils/is-valid-cpf';
import { MSG } from './messages';

export type DocumentKind = 'cpf' | 'cnpj';

/** Removes mask characters; CNPJ letters (alphanumeric CNPJ, in force since July 2026) are upper-cased. */
export function normalizeDocument(input: string): string {
  return input.replace(/[.\-/\s]/g, '').toUpperCase();
}

export function documentKind(normalized: string): DocumentKind | null {
  if (/^\d{11}$/.test(normalized)) return 'cpf';
  if (/^[0-9A-Z]{12}\d{2}$/.test(normalized)) return 'cnpj';
  return null;
}

/** True when the document has the right length and valid check digits. */
export function isValidDocument(input: string): boolean {
  const doc = normalizeDocument(input);
  const kind = documentKind(doc);
  if (kind === 'cpf') return isValidCpf(doc);
  if (kind === 'cnpj') return isValidCnpj(doc, { version: 2 });
  return false;
}

/** The spec's message for a CPF/CNPJ field value, or null when it is valid. */
export function documentError(input: string): string | null {
  if (input.trim() === '') return MSG.required;
  return isValidDocument(input) ? null : MSG.invalidDocument;
}

export function formatDocument(normalized: string): string {
  const kind = documentKind(normalized);
  if (kind === 'cpf') return formatCpf(normalized);
  if (kind === 'cnpj') return formatCnpj(normalized, { version: 2 });
  return normalized;
}
