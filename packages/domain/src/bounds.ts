import { z } from 'zod';

/** Largest value of a PostgreSQL `integer` (int4) column: ids above it are not ids, never a database error. */
export const INT4_MAX = 2_147_483_647;

/** C0 control characters (NUL included) and DEL, except tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Every control character, for single-line values (ids, names, keys). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARS_SINGLE_LINE = /[\u0000-\u001F\u007F]/;

export const BOUNDS_MSG = {
  controlChars: 'O texto contém caracteres inválidos.',
  tooLong: (max: number) => `O texto pode ter no máximo ${max} caracteres.`,
  invalidId: 'Identificador inválido.',
} as const;

/** A UTF-16 surrogate without its pair: no keyboard types it, and PostgreSQL refuses it in jsonb (issue 23 item 7). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `v` holds a character that has no place in typed text (NUL, other control characters, a lone surrogate). */
export function hasControlChars(v: string, opts: { multiline?: boolean } = {}): boolean {
  return (opts.multiline ? CONTROL_CHARS : CONTROL_CHARS_SINGLE_LINE).test(v) || LONE_SURROGATE.test(v);
}

/**
 * A bounded string with no NUL, control characters or lone surrogates (tab/newlines allowed only when `multiline`).
 * The one string building block of every input schema (issue 7): `safeText(100)`, `safeText(2000, { multiline: true })`.
 * `message` replaces every message; `required` only the one for a missing value or another type.
 */
export function safeText(max: number, opts: { multiline?: boolean; message?: string; required?: string } = {}) {
  return z
    .string({ error: opts.required ?? opts.message })
    .max(max, opts.message ?? BOUNDS_MSG.tooLong(max))
    .refine((v) => !hasControlChars(v, opts), opts.message ?? BOUNDS_MSG.controlChars);
}

/** A positive id of an int4 column, from a path parameter or JSON ('100101' or 100101). */
export function intId(message: string = BOUNDS_MSG.invalidId) {
  return z.coerce.number({ error: message }).int(message).positive(message).max(INT4_MAX, message);
}
