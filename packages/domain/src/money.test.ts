import { describe, expect, it } from 'vitest';
import { centsToPixAmount } from './payments/pix';
import { cents, centsToReais, formatMoney, reaisToCents, type Cents } from './money';

const intl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const viaIntl = (cents: number) => intl.format(cents / 100);
/** The text with a no-break space where the test writes a plain one. */
const nb = (s: string) => s.replace(' ', '\u00a0');

describe('formatMoney', () => {
  it('writes reais with thousands dots and two decimals', () => {
    expect(formatMoney(0)).toBe(nb('R$ 0,00'));
    expect(formatMoney(5)).toBe(nb('R$ 0,05'));
    expect(formatMoney(19497)).toBe(nb('R$ 194,97'));
    expect(formatMoney(123456789)).toBe(nb('R$ 1.234.567,89'));
    expect(formatMoney(-100)).toBe(nb('-R$ 1,00'));
  });

  it('never breaks the line between R$ and the amount (a no-break space)', () => {
    expect(formatMoney(19497)).toBe('R$\u00a0194,97');
    expect(formatMoney(19497)).not.toContain(' ');
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

describe('Cents', () => {
  it('converts reais to cents and back, rounding to the nearest cent', () => {
    expect(reaisToCents(194.97)).toBe(19497);
    expect(reaisToCents(0.1 + 0.2)).toBe(30);
    expect(centsToReais(cents(19497))).toBe(194.97);
  });

  it('keeps an amount in reais out of a place that wants cents (a compile error)', () => {
    const reais = 194.97;
    // @ts-expect-error a plain number (here reais) is not Cents: convert with reaisToCents() or wrap with cents()
    const charged: Cents = reais;
    expect(charged).toBe(194.97);
    expect(centsToPixAmount(reaisToCents(reais))).toBe('194.97');
  });
});
