/**
 * Input masks of the Brazilian data we ask for, as data: which patterns a field accepts and when each applies.
 * The web's MaskedField turns them into react-imask options; nothing here depends on a mask library.
 *
 * Pattern characters: '0' a digit, 'a' a letter, and the `definitions` of a mask; anything else is a literal
 * that the mask inserts by itself ('.', '-', '/', '(', ')', ' ').
 */
export interface MaskPattern {
  mask: string;
  /** Extra placeholder characters of this pattern. */
  definitions?: Record<string, RegExp>;
  /** When several patterns fit, this one is used while the raw (unmasked) value matches. */
  when?: RegExp;
}

export type InputMask =
  | {
      kind: 'pattern';
      /** Tried in order; without `when`, the pattern that takes the most of what was typed wins (ties: the first). */
      patterns: readonly MaskPattern[];
      /** Letters are upper-cased as typed. */
      uppercase?: boolean;
      /** Rewrites a pasted or autofilled chunk before it is masked. */
      prepare?: (chunk: string) => string;
    }
  | { kind: 'money' };

const ALNUM = /[0-9A-Za-z]/;
/** The VIN alphabet: letters and digits but I, O and Q. */
const VIN_CHAR = /[A-HJ-NPR-Za-hj-npr-z0-9]/;

/** CPF while it fits 11 digits, then CNPJ — letters allowed in its first 12 places (alphanumeric CNPJ, July 2026). */
const documentMask: InputMask = {
  kind: 'pattern',
  uppercase: true,
  patterns: [{ mask: '000.000.000-00' }, { mask: 'XX.XXX.XXX/XXXX-00', definitions: { X: ALNUM } }],
};

/** 'MM/AAAA' (autofill, paste) → 'MM/AA'; anything else as typed. */
export function prepareExpiryChunk(chunk: string): string {
  const full = /^\s*(\d{1,2})\s*\/\s*\d{2}(\d{2})\s*$/.exec(chunk);
  if (!full) return chunk;
  return `${full[1]!.padStart(2, '0')}/${full[2]}`;
}

export const INPUT_MASKS = {
  cpf: { kind: 'pattern', patterns: [{ mask: '000.000.000-00' }] },
  cnpj: { kind: 'pattern', uppercase: true, patterns: [{ mask: 'XX.XXX.XXX/XXXX-00', definitions: { X: ALNUM } }] },
  /** The login field: CPF or CNPJ (alphanumeric too). */
  document: documentMask,
  /** Landline (10 digits) until an 11th digit makes it a mobile number. */
  phone: { kind: 'pattern', patterns: [{ mask: '(00) 0000-0000' }, { mask: '(00) 00000-0000' }] },
  cep: { kind: 'pattern', patterns: [{ mask: '00000-000' }] },
  /** A state's two-letter code ('MG'). */
  uf: { kind: 'pattern', uppercase: true, patterns: [{ mask: 'aa' }] },
  /** Amex 4-6-5 (34…, 37…), every other brand in groups of 4 up to 19 digits. */
  cardNumber: {
    kind: 'pattern',
    patterns: [{ mask: '0000 000000 00000', when: /^3[47]/ }, { mask: '0000 0000 0000 0000 000' }],
  },
  /** Card expiry 'MM/AA'. */
  expiry: { kind: 'pattern', patterns: [{ mask: '00/00' }], prepare: prepareExpiryChunk },
  cvv: { kind: 'pattern', patterns: [{ mask: '0000' }] },
  /** One-time login code. */
  code: { kind: 'pattern', patterns: [{ mask: '000000' }] },
  /** 'R$ 1.234,56' */
  money: { kind: 'money' },
  /** Old plate 'ABC-1234' or Mercosul 'ABC1D23'. */
  plate: {
    kind: 'pattern',
    uppercase: true,
    patterns: [{ mask: 'aaa-0000' }, { mask: 'aaa0a00' }],
  },
  /** Chassis (VIN): 17 letters and digits, never I, O or Q, shown spaced 3-6-2-6 (001 §5); checkChassis ignores the spaces. */
  chassis: {
    kind: 'pattern',
    uppercase: true,
    // 17 characters spaced 3-6-2-6; a longer paste is kept (up to 24, the field's limit) so that checkChassis refuses
    // it with the spec's message instead of the mask cutting it to 17 that look valid (issue 24 item 4).
    patterns: [
      { mask: 'VVV VVVVVV VV VVVVVV', definitions: { V: VIN_CHAR } },
      { mask: 'VVV VVVVVV VV VVVVVVVVVVVVV', definitions: { V: VIN_CHAR } },
    ],
  },
} as const satisfies Record<string, InputMask>;

export type InputMaskName = keyof typeof INPUT_MASKS;

type PatternMask = Extract<InputMask, { kind: 'pattern' }>;

/** Does `c` fit the placeholder `p` ('0' a digit, 'a' a letter, or one of the pattern's definitions)? */
function fitsPlaceholder(p: string, c: string, definitions: Record<string, RegExp> | undefined): boolean {
  if (p === '0') return c >= '0' && c <= '9';
  if (p === 'a') return /^[A-Za-z]$/.test(c);
  return definitions?.[p]?.test(c) ?? false;
}

const isPlaceholder = (p: string, definitions: Record<string, RegExp> | undefined) => p === '0' || p === 'a' || !!definitions?.[p];

/** `chars` laid into one pattern: literals appear only before a character that follows them; misfits are dropped. */
function layInto(pattern: MaskPattern, chars: readonly string[]): { text: string; placed: number } {
  let text = '';
  let pending = '';
  let placed = 0;
  let at = 0;
  for (const c of chars) {
    while (at < pattern.mask.length && !isPlaceholder(pattern.mask[at]!, pattern.definitions)) pending += pattern.mask[at++];
    if (at >= pattern.mask.length) break;
    if (!fitsPlaceholder(pattern.mask[at]!, c, pattern.definitions)) continue;
    text += pending + c;
    pending = '';
    placed++;
    at++;
  }
  return { text, placed };
}

/**
 * A pattern mask applied to what is in a field (typed, pasted or autofilled), as the masked text — the same
 * result as react-imask's lazy pattern masks for these patterns, for the one field that must not load
 * react-imask (the login card's CPF/CNPJ, ADR 025). The pattern is the first whose `when` matches the raw
 * characters, else the one that takes the most of them (ties: the first).
 */
export function applyPatternMask(def: PatternMask, input: string): string {
  const prepared = def.prepare ? def.prepare(input) : input;
  const chars = [...(def.uppercase ? prepared.toUpperCase() : prepared)].filter((c) => /[0-9A-Za-z]/.test(c));
  const raw = chars.join('');
  const chosen = def.patterns.find((p) => p.when?.test(raw));
  if (chosen) return layInto(chosen, chars).text;
  let best: { text: string; placed: number } | undefined;
  for (const p of def.patterns.filter((q) => !q.when)) {
    const laid = layInto(p, chars);
    if (!best || laid.placed > best.placed) best = laid;
  }
  return best?.text ?? '';
}
