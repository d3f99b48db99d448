import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

const intl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const viaIntl = (cents: number) => intl.format(cents / 100).replace(/\u00a0/g, ' ');

describe('formatMoney', () => {
  it('writes reais with thousands dots and two decimals', () => {
    expect(formatMoney(0)).toBe('R$ 0,00');
    expect(formatMoney(5)).toBe('R$ 0,05');
    expect(formatMoney(19497)).toBe('R$ 194,97');
    expect(formatMoney(123456789)).toBe('R$ 1.234.567,89');
    expect(formatMoney(-100)).toBe('-R$ 1,00');
  });

  it('gives exactly the text of Intl pt-BR currency formatting', () => {
    const samples = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 99999, 100000, 100001, 999999, 1000000, 12345678, 987654321, 100000000000];
    for (let c = 0; c < 2_000_000; c += 7919) samples.push(c);
    for (const c of samples) {
      expect(formatMoney(c)).toBe(viaIntl(c));
      expect(formatMoney(-c === 0 ? 0 : -c)).toBe(viaIntl(-c === 0 ? 0 : -c));
    }
  });
});
