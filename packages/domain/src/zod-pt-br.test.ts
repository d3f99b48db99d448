import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as domain from './index';
import { ZOD_FOREIGN_DEFAULTS, zodPtBr, zodPtBrMessage } from './zod-pt-br';

/** Bad values of every shape: missing, wrong types, NaN, empty, huge, nested nonsense. */
const BAD: unknown[] = [
  undefined,
  null,
  Number.NaN,
  -1,
  1e12,
  1.5,
  '',
  'x',
  'x'.repeat(20_000),
  true,
  [],
  [1, 'a', null],
  {},
  { tipo: 'nada' },
  { a: 1, b: [{}], c: { d: Number.NaN } },
  new Date(Number.NaN),
];

const schemas = (Object.entries(domain) as [string, unknown][]).filter((e): e is [string, z.ZodType] => e[1] instanceof z.ZodType);

describe('zod messages in Brazilian Portuguese (issue 30 item 6)', () => {
  beforeAll(() => {
    z.config(zodPtBr());
  });

  it('finds the domain schemas (the request schemas of every route among them)', () => {
    const names = schemas.map(([name]) => name);
    expect(names).toEqual(expect.arrayContaining(['QueueQuery', 'StaffCommentBody', 'supportRequestSchema', 'ReopenBody']));
    expect(schemas.length).toBeGreaterThan(60);
  });

  it('no domain schema answers a bad input with a European-Portuguese or English default', () => {
    const foreign: string[] = [];
    for (const [name, schema] of schemas) {
      for (const input of BAD) {
        let result: ReturnType<z.ZodType['safeParse']>;
        try {
          result = schema.safeParse(input);
        } catch {
          continue; // a transform that throws on nonsense is not a message anyone reads
        }
        for (const issue of result.error?.issues ?? []) {
          if (ZOD_FOREIGN_DEFAULTS.test(issue.message)) foreign.push(`${name} ← ${JSON.stringify(input)?.slice(0, 40)}: ${issue.message}`);
        }
      }
    }
    expect(foreign).toEqual([]);
  });

  it('writes pt-BR for each kind of issue zod makes itself', () => {
    const msg = (s: z.ZodType, v: unknown) => s.safeParse(v).error?.issues[0]?.message;
    expect(msg(z.number(), Number.NaN)).toBe('Valor inválido: informe um número.');
    expect(msg(z.number(), undefined)).toBe('Preencha este campo.');
    expect(msg(z.number().int().min(1), 0)).toBe('Informe um valor a partir de 1.');
    expect(msg(z.number().max(100), 101)).toBe('Informe um valor até 100.');
    expect(msg(z.string().min(1), '')).toBe('Preencha este campo.');
    expect(msg(z.string().max(5), 'abcdefg')).toBe('Use no máximo 5 caracteres.');
    expect(msg(z.array(z.string()).min(2), ['a'])).toBe('Escolha pelo menos 2 itens.');
    expect(msg(z.string().email(), 'x')).toBe('Informe um e-mail válido.');
    expect(msg(z.string().uuid(), 'x')).toBe('Formato inválido.');
    expect(msg(z.enum(['a', 'b']), 'c')).toBe('Escolha uma das opções disponíveis.');
    expect(msg(z.strictObject({}), { a: 1 })).toBe('Campo não reconhecido: a.');
    expect(msg(z.coerce.number(), 'abc')).toBe('Valor inválido: informe um número.');
  });

  it("zod's own pt locale is the European one this map replaces", () => {
    const european = z.locales.pt().localeError;
    const issue = { code: 'too_small', origin: 'number', minimum: 1, inclusive: true, input: 0 } as const;
    expect(String(european(issue as never))).toMatch(ZOD_FOREIGN_DEFAULTS);
    expect(zodPtBrMessage(issue as never)).not.toMatch(ZOD_FOREIGN_DEFAULTS);
  });
});
