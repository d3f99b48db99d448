export const TIME_ZONE = 'America/Sao_Paulo';

/**
 * São Paulo has kept UTC−3 all year since its last daylight-saving period ended (2019-02-17 00:00 local, 02:00
 * UTC). Instants from then on are shown with plain arithmetic, the exact text of Intl's pt-BR format (the tests
 * hold it to that for every hour of several years); older instants still go through Intl, which knows the
 * summers before. Why not Intl for all: a browser's first `Intl.DateTimeFormat` loads locale and time-zone data
 * in one long task (50–170 ms with Lighthouse's 4× CPU slowdown), which every list of dates on a first screen
 * paid ('Minhas solicitações', the trips, the notifications; ADR 025). Should Brazil bring daylight saving back,
 * the tests fail against the updated time-zone data and this date moves.
 */
export const SAO_PAULO_FIXED_OFFSET_SINCE = Date.UTC(2019, 1, 17, 2);
const OFFSET_MS = -3 * 3600 * 1000;

// Created on first use, not when the module loads (the fallback for instants before 2019).
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

/** The instant's wall-clock fields in São Paulo, or null when plain arithmetic does not apply (before 2019, invalid). */
function saoPauloFields(date: Date | string) {
  const t = new Date(date).getTime();
  // Years outside 4 digits are Intl's business too (its text for them differs).
  if (!(t >= SAO_PAULO_FIXED_OFFSET_SINCE) || t >= Date.UTC(10000, 0, 1)) return null;
  const local = new Date(t + OFFSET_MS);
  return {
    y: local.getUTCFullYear(),
    m: local.getUTCMonth() + 1,
    d: local.getUTCDate(),
    h: local.getUTCHours(),
    min: local.getUTCMinutes(),
  };
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
