import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents } from '../money';
import { dueDateProRata, isDueDay } from './pro-rata';

const sim = (monthlyFee: number, currentDay: number, newDay: number, today: string) =>
  dueDateProRata({ monthlyFee: cents(monthlyFee), currentDay, newDay, today });

describe('due-date pro-rata (ADR 050)', () => {
  it('due days are 1 to 30', () => {
    expect([0, 1, 30, 31, 1.5].map(isDueDay)).toEqual([false, true, true, false, false]);
  });
  it('a later day charges the days in between (30-day month)', () => {
    expect(sim(18990, 10, 20, '2026-11-05')).toEqual({
      valorMensalidade: 18990,
      diasProporcionais: 10,
      valorVoucher: 0,
      valorAcrescimo: 6330,
      valorProximaFatura: 25320,
      vencimentoAtual: '2026-11-10',
      proximoVencimento: '2026-11-20',
      cobrarValorProRata: 'Sim',
    });
  });
  it('an earlier day credits the days already paid', () => {
    expect(sim(18990, 20, 10, '2026-11-05')).toMatchObject({
      diasProporcionais: 10,
      valorVoucher: 6330,
      valorAcrescimo: 0,
      valorProximaFatura: 12660,
      vencimentoAtual: '2026-11-20',
      proximoVencimento: '2026-11-10',
    });
  });
  it('an earlier day already past this month moves to the next month and charges', () => {
    // today 15/11: the bill on day 20 is on 20/11; day 10 has passed, so the new date is 10/12 (20 days later, Nov has 30)
    expect(sim(18990, 20, 10, '2026-11-15')).toMatchObject({
      vencimentoAtual: '2026-11-20',
      proximoVencimento: '2026-12-10',
      diasProporcionais: 20,
      valorAcrescimo: 12660,
      valorVoucher: 0,
    });
  });
  it('the same day changes nothing', () => {
    expect(sim(18990, 15, 15, '2026-11-05')).toMatchObject({
      diasProporcionais: 0,
      valorVoucher: 0,
      valorAcrescimo: 0,
      valorProximaFatura: 18990,
      cobrarValorProRata: 'Não',
    });
  });
  it('the daily rate follows the length of the month the bill falls in', () => {
    expect(sim(2800, 10, 24, '2026-02-01').valorAcrescimo).toBe(1400); // February 2026: 28 days
    expect(sim(2900, 10, 24, '2028-02-01').valorAcrescimo).toBe(1400); // February 2028: 29 days
    expect(sim(3000, 10, 25, '2026-04-01').valorAcrescimo).toBe(1500); // April: 30 days
    expect(sim(3100, 10, 25, '2026-05-01').valorAcrescimo).toBe(1500); // May: 31 days
  });
  it('days 29 and 30 fall on the last day of February', () => {
    expect(sim(18990, 10, 30, '2026-02-01')).toMatchObject({
      proximoVencimento: '2026-02-28',
      diasProporcionais: 18,
      valorAcrescimo: 12208,
    });
    expect(sim(18990, 10, 29, '2026-02-01')).toMatchObject({
      proximoVencimento: '2026-02-28',
      diasProporcionais: 18,
      valorAcrescimo: 12208,
    });
    expect(sim(18990, 10, 30, '2028-02-01')).toMatchObject({
      proximoVencimento: '2028-02-29',
      diasProporcionais: 19,
      valorAcrescimo: 12442,
    });
    // 30 → 29 in a short February: both on the 28th, nothing to prorate this cycle
    expect(sim(18990, 30, 29, '2026-02-10')).toMatchObject({
      diasProporcionais: 0,
      cobrarValorProRata: 'Não',
      vencimentoAtual: '2026-02-28',
    });
  });
  it('crosses the year end', () => {
    expect(sim(3100, 30, 5, '2026-12-31')).toMatchObject({
      vencimentoAtual: '2027-01-30',
      proximoVencimento: '2027-01-05',
      diasProporcionais: 25,
      valorVoucher: 2500,
    });
  });

  const today = fc
    .date({ min: new Date('2024-01-01'), max: new Date('2032-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
  const day = fc.integer({ min: 1, max: 30 });
  const fee = fc.integer({ min: 0, max: 5_000_00 });

  it('property: never negative, one of voucher/acréscimo is zero, each below one monthly fee', () => {
    fc.assert(
      fc.property(fee, day, day, today, (f, cur, next, t) => {
        const s = sim(f, cur, next, t);
        for (const v of [s.diasProporcionais, s.valorVoucher, s.valorAcrescimo, s.valorProximaFatura]) expect(v).toBeGreaterThanOrEqual(0);
        expect(s.valorVoucher === 0 || s.valorAcrescimo === 0).toBe(true);
        expect(s.valorVoucher).toBeLessThanOrEqual(f);
        expect(s.valorAcrescimo).toBeLessThanOrEqual(f);
        expect(s.diasProporcionais).toBeLessThan(31);
        expect(s.valorProximaFatura).toBe(f + s.valorAcrescimo - s.valorVoucher);
      }),
    );
  });
  it('property: zero when the day is unchanged', () => {
    fc.assert(
      fc.property(fee, day, today, (f, d, t) => {
        expect(sim(f, d, d, t)).toMatchObject({
          diasProporcionais: 0,
          valorVoucher: 0,
          valorAcrescimo: 0,
          valorProximaFatura: f,
          cobrarValorProRata: 'Não',
        });
      }),
    );
  });
  it('property: both due dates are after today, on their (clamped) days, and the prorated value is fee × days ÷ month length', () => {
    fc.assert(
      fc.property(fee, day, day, today, (f, cur, next, t) => {
        const s = sim(f, cur, next, t);
        expect(s.vencimentoAtual > t && s.proximoVencimento > t).toBe(true);
        for (const [date, d] of [
          [s.vencimentoAtual, cur],
          [s.proximoVencimento, next],
        ] as const) {
          const [y, m, dd] = date.split('-').map(Number);
          const last = new Date(Date.UTC(y!, m!, 0)).getUTCDate();
          expect(dd).toBe(Math.min(d, last));
        }
        const [y, m] = s.vencimentoAtual.split('-').map(Number);
        const monthDays = new Date(Date.UTC(y!, m!, 0)).getUTCDate();
        expect(s.valorVoucher + s.valorAcrescimo).toBe(Math.round((f * s.diasProporcionais) / monthDays));
      }),
    );
  });
});
