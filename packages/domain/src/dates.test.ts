import { describe, expect, it } from 'vitest';
import { compareAscii, formatInstant, formatInstantWithTime, todayInSaoPaulo, updatedAtLabel } from './dates';

const options = { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' } as const;
const intlDate = new Intl.DateTimeFormat('pt-BR', options);
const intlDateTime = new Intl.DateTimeFormat('pt-BR', { ...options, hour: '2-digit', minute: '2-digit' });
const intlToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' });
const HOUR = 3600 * 1000;

describe('São Paulo dates', () => {
  it('writes an instant as its São Paulo date and time', () => {
    expect(formatInstant('2026-11-22T17:05:00Z')).toBe('22/11/2026');
    expect(formatInstantWithTime('2026-11-22T17:05:00Z')).toBe('22/11/2026, 14:05');
    // 02:30 UTC is still the day before in São Paulo.
    expect(formatInstant('2026-11-22T02:30:00.000Z')).toBe('21/11/2026');
    expect(formatInstantWithTime(new Date('2026-01-01T02:59:00Z'))).toBe('31/12/2025, 23:59');
    expect(todayInSaoPaulo(new Date('2026-11-22T02:00:00Z'))).toBe('2026-11-21');
  });

  it('gives exactly the text of Intl every 4 h 7 min from 2010 (daylight-saving summers) to 2032', { timeout: 60_000 }, () => {
    const end = Date.UTC(2032, 0, 1);
    const differ: string[] = [];
    for (let t = Date.UTC(2010, 0, 1); t < end; t += 4 * HOUR + 7 * 60 * 1000) {
      const d = new Date(t);
      const ours = [formatInstant(d), formatInstantWithTime(d.toISOString()), todayInSaoPaulo(d)].join(' | ');
      const intl = [intlDate.format(d), intlDateTime.format(d), intlToday.format(d)].join(' | ');
      if (ours !== intl) differ.push(`${d.toISOString()}: ${ours} ≠ ${intl}`);
    }
    expect(differ.slice(0, 5)).toEqual([]);
  });

  it('knows the daylight-saving summers from the time-zone data, and old years from Intl', () => {
    // 2018-12-01 12:00 UTC was 10:00 in São Paulo (UTC−2 in the summer), not 09:00.
    expect(formatInstantWithTime('2018-12-01T12:00:00Z')).toBe('01/12/2018, 10:00');
    expect(formatInstantWithTime('2019-02-17T01:59:00Z')).toBe(intlDateTime.format(new Date('2019-02-17T01:59:00Z')));
    expect(formatInstant('2010-01-15T01:30:00Z')).toBe(intlDate.format(new Date('2010-01-15T01:30:00Z')));
    expect(formatInstantWithTime('1965-06-01T12:00:00Z')).toBe(intlDateTime.format(new Date('1965-06-01T12:00:00Z')));
  });
});

describe('compareAscii', () => {
  it('orders ISO instants by time, as localeCompare did', () => {
    const dates = ['2026-11-22T17:05:00Z', '2026-11-22T17:05:00.000Z', '2026-01-02T00:00:00Z', '2025-12-31T23:59:59Z', '2026-11-22'];
    const sorted = [...dates].sort(compareAscii);
    expect(sorted).toEqual([...dates].sort((a, b) => a.localeCompare(b)));
    expect(compareAscii('a', 'a')).toBe(0);
  });
});

describe('updatedAtLabel', () => {
  it('tells when data shown offline was loaded, in São Paulo time', () => {
    expect(updatedAtLabel(Date.UTC(2026, 10, 22, 17, 5))).toBe('Atualizado em 22/11/2026, 14:05');
    expect(updatedAtLabel('2026-01-01T02:59:00Z')).toBe('Atualizado em 31/12/2025, 23:59');
  });
});
