import { inSaoPaulo, TIME_ZONE } from './calendar';

// Created on first use, not when the module loads (the fallback for instants outside 1970–9999).
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

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The instant's wall-clock fields in São Paulo (calendar.ts, from the runtime's time-zone data), or null for an
 * invalid instant or one outside 1970–9999, left to Intl (whose text for those years differs).
 */
function saoPauloFields(date: Date | string) {
  const t = new Date(date).getTime();
  if (!(t >= 0) || t >= Date.UTC(10000, 0, 1)) return null;
  const local = inSaoPaulo(t);
  return { y: local.getFullYear(), m: local.getMonth() + 1, d: local.getDate(), h: local.getHours(), min: local.getMinutes() };
}

/** A calendar date ('2026-11-22') shown as '22/11/2026' with no time-zone shift. */
export function formatIsoDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** An instant as its São Paulo date: '22/11/2026'. */
export function formatInstant(date: Date | string): string {
  const f = saoPauloFields(date);
  return f ? `${pad(f.d)}/${pad(f.m)}/${f.y}` : dateFmt().format(new Date(date));
}

/** An instant as its São Paulo date and time: '22/11/2026, 14:05'. */
export function formatInstantWithTime(date: Date | string): string {
  const f = saoPauloFields(date);
  return f ? `${pad(f.d)}/${pad(f.m)}/${f.y}, ${pad(f.h)}:${pad(f.min)}` : dateTimeFmt().format(new Date(date));
}

/** When data shown without a connection was loaded (ADR 091): 'Atualizado em 22/11/2026, 14:05'. */
export function updatedAtLabel(date: Date | string | number): string {
  return `Atualizado em ${formatInstantWithTime(new Date(date))}`;
}

/** An instant's calendar date in São Paulo as 'YYYY-MM-DD'. */
export function saoPauloIsoDate(instant: Date | string): string {
  const f = saoPauloFields(instant);
  if (f) return `${pad(f.y, 4)}-${pad(f.m)}-${pad(f.d)}`;
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(instant),
  );
}

/** Today's calendar date in São Paulo as 'YYYY-MM-DD'. */
export function todayInSaoPaulo(now: Date = new Date()): string {
  return saoPauloIsoDate(now);
}

/**
 * Orders two ASCII texts by code unit, as `<` does: ISO dates and instants of one format sort by time. Not
 * `localeCompare`, whose first call in a browser builds an ICU collator in a long task (30–100 ms with a 4× CPU
 * slowdown) for a comparison that needs none.
 */
export const compareAscii = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
