import { describe, expect, it } from 'vitest';
import { formatPhoneBR, maskEmail, maskPhone, formatZip } from './masks';
import { cents, formatMoney, sumCents } from './money';
import { formatIsoDate, todayInSaoPaulo } from './dates';

describe('masks', () => {
  it('masks destinations so they can be recognised but not read', () => {
    expect(maskEmail('maria.silva@gmail.com')).toBe('ma*********@g****.com');
    expect(maskEmail('a@b.io')).toBe('a***@b***.io');
    expect(maskPhone('31987654321')).toBe('(31) *****-4321');
    expect(maskPhone('3133334444')).toBe('(31) ****-4444');
  });
  it('formats phones, CEPs, money and dates', () => {
    expect(formatPhoneBR('31987654321')).toBe('(31) 98765-4321');
    expect(formatZip('30130010')).toBe('30130-010');
    expect(formatMoney(12345)).toBe('R$\u00a0123,45');
    expect(formatMoney(100000)).toBe('R$\u00a01.000,00');
    expect(sumCents([cents(1), cents(2), cents(3)])).toBe(6);
    expect(formatIsoDate('2026-03-05')).toBe('05/03/2026');
    // 02:00 UTC on the 22nd is still the 21st in São Paulo (UTC-3).
    expect(todayInSaoPaulo(new Date('2026-11-22T02:00:00Z'))).toBe('2026-11-21');
  });
});
