import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, differenceInCalendarDays, formatISO, getDaysInMonth, parseISO, subMonths } from 'date-fns';

/**
 * The one calendar module (issue 26 item 4, ADR 072). Two kinds of value, never mixed:
 * - calendar dates, 'YYYY-MM-DD' (a bill's due day, a contract's start): plain dates with no zone, computed by
 *   date-fns on the running process's local midnight, where its arithmetic (month ends, leap years) is exact;
 * - instants (a case's creation): placed on São Paulo's calendar and clock by @date-fns/tz, from the time-zone data of
 *   the runtime, so a change of Brazil's rules (daylight saving back) needs no code change.
 */
export const TIME_ZONE = 'America/Sao_Paulo';

/** A calendar date as a local-midnight Date for date-fns. */
const at = (iso: string) => parseISO(iso.slice(0, 10));
const iso = (d: Date) => formatISO(d, { representation: 'date' });

/** '2026-11-22' + 10 → '2026-12-02'. */
export const addDaysIso = (date: string, days: number): string => iso(addDays(at(date), days));

/** '2026-01-31' + 1 month → '2026-02-28' (clamped to the target month's last day). */
export const addMonthsIso = (date: string, months: number): string => iso(addMonths(at(date), months));

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export const daysBetweenIso = (from: string, to: string): number => differenceInCalendarDays(at(to), at(from));

/** The number of days of the month a calendar date falls in. */
export const daysInMonthOf = (date: string): number => getDaysInMonth(at(date));

/**
 * Day `day` of the month `monthsAhead` months after the month of `date`, clamped to that month's last day:
 * a bill due on the 31st falls on the 30th in November and on the 28th or 29th in February.
 */
export function dueDayIn(date: string, monthsAhead: number, day: number): string {
  const first = addMonths(at(`${date.slice(0, 7)}-01`), monthsAhead);
  return iso(new Date(first.getFullYear(), first.getMonth(), Math.min(day, getDaysInMonth(first))));
}

/** An instant on São Paulo's calendar and clock (its getters answer in São Paulo time). */
export const inSaoPaulo = (instant: Date | string | number): TZDate => new TZDate(new Date(instant).getTime(), TIME_ZONE);

/** The instant `months` months before `now` on São Paulo's calendar (same day of month, clamped; same clock time). */
export const monthsBeforeInSaoPaulo = (now: Date, months: number): Date => new Date(subMonths(inSaoPaulo(now), months).getTime());
