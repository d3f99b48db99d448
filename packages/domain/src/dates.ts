export const TIME_ZONE = 'America/Sao_Paulo';

// Created on first use, not when the module loads: a browser's first Intl formatter costs a long task
// (locale and time-zone data), which pages that never format an instant should not pay.
const lazy = <T>(make: () => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};
const dateFmt = lazy(() => new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' }));
const dateTimeFmt = lazy(
  () =>
    new Intl.DateTimeFormat('pt-BR', {
      timeZone: TIME_ZONE,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
);

/** A calendar date ('2026-11-22') shown as '22/11/2026' with no time-zone shift. */
export function formatIsoDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

export function formatInstant(date: Date | string): string {
  return dateFmt().format(new Date(date));
}

export function formatInstantWithTime(date: Date | string): string {
  return dateTimeFmt().format(new Date(date));
}

/** Today's calendar date in São Paulo as 'YYYY-MM-DD'. */
export function todayInSaoPaulo(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return parts;
}
