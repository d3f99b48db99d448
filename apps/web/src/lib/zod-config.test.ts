import { describe, expect, it } from 'vitest';
import { ZOD_FOREIGN_DEFAULTS } from '@guarita/domain';

describe('zod-config', () => {
  it('turns zod jitless before zod loads, without importing zod', async () => {
    await import('./zod-config');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });

  it("makes zod's own messages Brazilian Portuguese (never the European pt locale or English)", async () => {
    await import('./zod-config');
    const { z } = await import('zod');
    const messages = [
      z.number().safeParse(Number.NaN),
      z.string().min(3).safeParse('a'),
      z.object({ a: z.string() }).safeParse({}),
      z.enum(['a', 'b']).safeParse('c'),
    ].flatMap((r) => r.error?.issues.map((i) => i.message) ?? []);
    expect(messages).toEqual([
      'Valor inválido: informe um número.',
      'Use pelo menos 3 caracteres.',
      'Preencha este campo.',
      'Escolha uma das opções disponíveis.',
    ]);
    for (const m of messages) expect(m).not.toMatch(ZOD_FOREIGN_DEFAULTS);
  });
});
