import { describe, expect, it } from 'vitest';
import { ageMinutes, caseSla, dueAt, formatAge, formatDuration, formatTargetHours, formatTimeLeft, isBreached, minutesLeft } from './sla';

const now = new Date('2026-11-28T12:00:00Z');

describe('SLA arithmetic (issue 30 item 11)', () => {
  it('is due at the opening plus the target', () => {
    expect(dueAt('2026-11-27T12:00:00Z', 48).toISOString()).toBe('2026-11-29T12:00:00.000Z');
  });

  it('ages in whole minutes, never negative', () => {
    expect(ageMinutes('2026-11-25T08:00:00Z', now)).toBe(3 * 1440 + 4 * 60);
    expect(ageMinutes('2026-11-28T12:00:59Z', now)).toBe(0);
  });

  it('counts minutes left, negative once due (30 s late is already late)', () => {
    expect(minutesLeft('2026-11-28T13:30:00Z', now)).toBe(90);
    expect(minutesLeft('2026-11-28T11:59:30Z', now)).toBe(-1);
    expect(minutesLeft(now, now)).toBe(0);
  });

  it('breaches an open case at its due instant, never a closed one', () => {
    expect(isBreached(now, now, 'New')).toBe(true);
    expect(isBreached(new Date(now.getTime() + 1), now, 'New')).toBe(false);
    expect(isBreached('2026-01-01T00:00:00Z', now, 'Closed')).toBe(false);
  });

  it("gives a queue row's figures; a closed case has no time left", () => {
    expect(caseSla({ createdAt: '2026-11-25T08:00:00Z', dueAt: '2026-11-28T08:00:00Z', status: 'New' }, now)).toEqual({
      prazo: '2026-11-28T08:00:00.000Z',
      idadeMinutos: 4560,
      restanteMinutos: -240,
      estourado: true,
    });
    expect(caseSla({ createdAt: '2026-11-25T08:00:00Z', dueAt: '2026-11-28T08:00:00Z', status: 'Closed' }, now)).toMatchObject({
      restanteMinutos: null,
      estourado: false,
    });
  });

  it('formats durations with their two largest units, in pt-BR', () => {
    expect(formatDuration(3 * 1440 + 4 * 60 + 5)).toBe('3 d 4 h');
    expect(formatDuration(2 * 1440)).toBe('2 d');
    expect(formatDuration(5 * 60 + 20)).toBe('5 h 20 min');
    expect(formatDuration(120)).toBe('2 h');
    expect(formatDuration(12)).toBe('12 min');
    expect(formatDuration(0)).toBe('0 min');
    expect(formatAge(3 * 1440 + 4 * 60)).toBe('há 3 d 4 h');
    expect(formatTimeLeft(125)).toBe('2 h 5 min');
    expect(formatTimeLeft(-120)).toBe('Estourado há 2 h');
    expect(formatTimeLeft(null)).toBe('—');
    expect(formatTargetHours(24)).toBe('1 dia');
    expect(formatTargetHours(168)).toBe('7 dias');
    expect(formatTargetHours(8)).toBe('8 horas');
    expect(formatTargetHours(1)).toBe('1 hora');
  });
});
