import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { addDaysIso, addMonthsIso, daysBetweenIso, daysInMonthOf, dueDayIn, inSaoPaulo, monthsBeforeInSaoPaulo } from './calendar';

// A reference on UTC arithmetic, where no day is ever 23 or 25 hours long.
const DAY = 86_400_000;
const utc = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const isoOf = (t: number) => new Date(t).toISOString().slice(0, 10);
const lastDay = (y: number, m0: number) => new Date(Date.UTC(y, m0 + 1, 0)).getUTCDate();

const dates = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => isoOf(d.getTime()));

// Browsers run the domain in their own zone: the arithmetic on calendar dates may not depend on it (zones whose
// midnight once did not exist, or with half-hour offsets).
const ZONES = ['UTC', 'America/Sao_Paulo', 'America/Santiago', 'Asia/Kolkata', 'Pacific/Chatham'];
const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe.each(ZONES)('calendar dates with the process in %s', (zone) => {
  it('adds days, months (clamped) and counts days as plain calendar arithmetic', () => {
    process.env.TZ = zone;
    fc.assert(
      fc.property(dates, fc.integer({ min: -400, max: 400 }), fc.integer({ min: -30, max: 30 }), (date, days, months) => {
        expect(addDaysIso(date, days)).toBe(isoOf(utc(date) + days * DAY));
        expect(daysBetweenIso(date, addDaysIso(date, days))).toBe(days);
        const [y, m, d] = date.split('-').map(Number) as [number, number, number];
        const target = new Date(Date.UTC(y, m - 1 + months, 1));
        const expected = isoOf(
          Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(d, lastDay(target.getUTCFullYear(), target.getUTCMonth()))),
        );
        expect(addMonthsIso(date, months)).toBe(expected);
        expect(daysInMonthOf(date)).toBe(lastDay(y, m - 1));
      }),
      { numRuns: 300 },
    );
  });

  it('puts a due day in a month, clamped to short months', () => {
    process.env.TZ = zone;
    expect(dueDayIn('2026-01-15', 1, 31)).toBe('2026-02-28');
    expect(dueDayIn('2028-01-15', 1, 30)).toBe('2028-02-29');
    expect(dueDayIn('2026-11-30', 2, 31)).toBe('2027-01-31');
    expect(dueDayIn('2026-03-01', -1, 30)).toBe('2026-02-28');
    expect(dueDayIn('2026-12-01', 0, 5)).toBe('2026-12-05');
    // São Paulo's midnight of 4 Nov 2018 did not exist (daylight saving began at 00:00).
    expect(addDaysIso('2018-11-03', 1)).toBe('2018-11-04');
    expect(addDaysIso('2018-11-04', 1)).toBe('2018-11-05');
    expect(daysBetweenIso('2018-11-03', '2018-11-05')).toBe(2);
  });
});

describe('instants in São Paulo', () => {
  it('reads the clock of São Paulo, daylight-saving summers included', () => {
    const now = inSaoPaulo('2026-11-22T17:05:00Z');
    expect([now.getFullYear(), now.getMonth() + 1, now.getDate(), now.getHours(), now.getMinutes()]).toEqual([2026, 11, 22, 14, 5]);
    expect(inSaoPaulo('2018-12-01T12:00:00Z').getHours()).toBe(10); // UTC−2 that summer
  });

  it('goes back whole months on São Paulo’s calendar, clamped to the month end', () => {
    expect(monthsBeforeInSaoPaulo(new Date('2026-11-22T12:00:00Z'), 3).toISOString()).toBe('2026-08-22T12:00:00.000Z');
    expect(monthsBeforeInSaoPaulo(new Date('2026-05-31T12:00:00Z'), 3).toISOString()).toBe('2026-02-28T12:00:00.000Z');
  });
});
