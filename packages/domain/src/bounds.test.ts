import { describe, expect, it } from 'vitest';
import { hasControlChars, safeText } from './bounds';

describe('bounds: characters typed text never holds', () => {
  it('refuses a lone surrogate (high or low) but keeps a well-formed pair', () => {
    for (const v of ['\ud800', 'a\ud800b', 'a\udc00', '\udbff\udbff\udfff', 'x\udfff\ud800'])
      expect(hasControlChars(v), JSON.stringify(v)).toBe(true);
    for (const v of ['👍', 'Olá, João', 'a\ud83d\ude00b', '']) expect(hasControlChars(v), v).toBe(false);
  });

  it('safeText: `required` is the missing-value message only; bad characters keep the bounds message', () => {
    const s = safeText(10, { required: 'Escreva.' });
    expect(s.safeParse(undefined).error?.issues[0]?.message).toBe('Escreva.');
    expect(s.safeParse('a\ud800').error?.issues[0]?.message).toBe('O texto contém caracteres inválidos.');
    expect(s.safeParse('a\u0000').error?.issues[0]?.message).toBe('O texto contém caracteres inválidos.');
  });
});
