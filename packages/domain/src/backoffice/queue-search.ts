import { documentKind, isValidDocument, normalizeDocument } from '../document';
import { MSG } from '../messages';
import { COLLISION_STEPS, GLASS_STEPS } from '../claims/timeline';
import { SUPPORT_PHASES } from './phases';
import type { StaffRole } from './staff';

/**
 * The queue's one search box (issue 30 item 12): what was typed says what it is. A protocol is 'AAAA-NNNNNN' (or its
 * ten digits), 11 or 14 digits (or an alphanumeric CNPJ) a CPF/CNPJ, formatted or not, anything with '@' an e-mail,
 * a plate 'ABC1234'/'ABC1D23' (a dash allowed), up to 9 digits a contract, and anything else words of the customer's
 * name (each word a prefix: 'mar sil' finds Maria da Silva).
 */
export type QueueSearch =
  | { kind: 'protocolo'; caseNumber: string }
  | { kind: 'documento'; document: string }
  | { kind: 'email'; email: string }
  | { kind: 'placa'; plate: string }
  | { kind: 'contrato'; nCtrId: number }
  | { kind: 'nome'; words: string[] };

export const QUEUE_SEARCH_MSG = {
  help: 'Protocolo, nome, CPF/CNPJ, e-mail, placa ou contrato.',
  tooShort: 'Digite ao menos 2 letras do nome, ou o protocolo, CPF/CNPJ, e-mail, placa ou contrato.',
  invalidEmail: 'E-mail incompleto: confira o que foi digitado.',
  invalidNumber: 'Número não reconhecido: o protocolo tem o formato 2026-000123 e o contrato até 9 dígitos.',
  invalidDocument: MSG.invalidDocument,
} as const;

const MAX_WORDS = 5;

export function parseQueueSearch(input: string): QueueSearch | { error: string } {
  const v = input.trim();
  if (/^\d{4}-\d{6}$/.test(v)) return { kind: 'protocolo', caseNumber: v };
  if (v.includes('@')) {
    const email = v.toLowerCase();
    return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? { kind: 'email', email } : { error: QUEUE_SEARCH_MSG.invalidEmail };
  }
  const plate = v.replace(/[\s-]/g, '').toUpperCase();
  if (/^[A-Z]{3}\d[A-Z0-9]\d{2}$/.test(plate)) return { kind: 'placa', plate };
  if (/^[\d.\-/\s]+$/.test(v)) {
    const digits = v.replace(/\D/g, '');
    if (digits.length === 11 || digits.length === 14)
      return isValidDocument(digits) ? { kind: 'documento', document: digits } : { error: QUEUE_SEARCH_MSG.invalidDocument };
    if (digits.length === 10) return { kind: 'protocolo', caseNumber: `${digits.slice(0, 4)}-${digits.slice(4)}` };
    if (digits.length >= 1 && digits.length <= 9 && Number(digits) > 0) return { kind: 'contrato', nCtrId: Number(digits) };
    return { error: QUEUE_SEARCH_MSG.invalidNumber };
  }
  // An alphanumeric CNPJ (from July 2026) is letters and digits too: it wins over a name only when it is valid.
  const doc = normalizeDocument(v);
  if (documentKind(doc) === 'cnpj' && /\d/.test(v) && isValidDocument(doc)) return { kind: 'documento', document: doc };
  // Without accents: the index folds the name's (staff-queue.ts), so 'Conceição' and 'conceicao' find the same.
  const words = v
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 2)
    .slice(0, MAX_WORDS);
  return words.length ? { kind: 'nome', words } : { error: QUEUE_SEARCH_MSG.tooShort };
}

const unique = (xs: readonly string[]) => [...new Set(xs)];
const CLAIM_PHASES = unique(
  [...COLLISION_STEPS, ...GLASS_STEPS, { title: 'Indenização', phases: ['Indenização'] }].flatMap((s) => s.phases),
);

/** The phases the role's cases can be in (the queue's phase select): claims, support, or both for admin. */
export function queuePhasesFor(role: StaffRole): string[] {
  if (role === 'sinistros') return CLAIM_PHASES;
  if (role === 'atendimento') return [...SUPPORT_PHASES];
  if (role === 'admin') return unique([...SUPPORT_PHASES, ...CLAIM_PHASES]);
  return [];
}
