/**
 * Age and SLA of a case (issue 30 item 11, ADR 085): each case Reason has a target time in hours; a case is due at
 * its opening plus its Reason's target, and is breached ('estourado') when it is still open past that instant.
 * Pure arithmetic: the API computes a queue row's figures with these at its clock's now, the console formats them.
 */

/** The target of a Reason with no row in case_sla_targets (migration 027 uses the same number). */
export const SLA_FALLBACK_HOURS = 72;
/** Bounds of a target an admin may set: an hour to a year. */
export const SLA_MIN_HOURS = 1;
export const SLA_MAX_HOURS = 8760;

const MINUTE = 60_000;
const toMs = (t: Date | string) => (typeof t === 'string' ? Date.parse(t) : t.getTime());

/** The instant a case opened at `createdAt` is due under a target of `targetHours`. */
export function dueAt(createdAt: Date | string, targetHours: number): Date {
  return new Date(toMs(createdAt) + targetHours * 60 * MINUTE);
}

/** Whole minutes since the case opened (never negative: a clock a little behind the database's shows 0). */
export function ageMinutes(createdAt: Date | string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - toMs(createdAt)) / MINUTE));
}

/** Whole minutes until the due time; negative once it has passed (floor: 30 s past due is −1, already late). */
export function minutesLeft(due: Date | string, now: Date): number {
  return Math.floor((toMs(due) - now.getTime()) / MINUTE);
}

/** An open case past its due time. A closed case is never breached now, whatever its due time was. */
export function isBreached(due: Date | string, now: Date, status: 'New' | 'Closed'): boolean {
  return status === 'New' && now.getTime() >= toMs(due);
}

export interface CaseSla {
  /** The due instant (ISO). */
  prazo: string;
  idadeMinutos: number;
  /** Minutes left (negative when breached); null for a closed case (no time runs). */
  restanteMinutos: number | null;
  estourado: boolean;
}

/** A queue row's SLA figures at `now`. */
export function caseSla(c: { createdAt: Date | string; dueAt: Date | string; status: 'New' | 'Closed' }, now: Date): CaseSla {
  return {
    prazo: new Date(toMs(c.dueAt)).toISOString(),
    idadeMinutos: ageMinutes(c.createdAt, now),
    restanteMinutos: c.status === 'New' ? minutesLeft(c.dueAt, now) : null,
    estourado: isBreached(c.dueAt, now, c.status),
  };
}

/** '3 d 4 h', '5 h 20 min', '12 min' (the two largest units; under a minute is '0 min'). */
export function formatDuration(minutes: number): string {
  const m = Math.max(0, Math.floor(Math.abs(minutes)));
  const d = Math.floor(m / 1440);
  const h = Math.floor((m % 1440) / 60);
  const min = m % 60;
  if (d > 0) return h > 0 ? `${d} d ${h} h` : `${d} d`;
  if (h > 0) return min > 0 ? `${h} h ${min} min` : `${h} h`;
  return `${min} min`;
}

/** The queue's age column: 'há 3 d 4 h'. */
export const formatAge = (minutes: number) => `há ${formatDuration(minutes)}`;

/** The queue's time-left column: '5 h 20 min', 'Estourado há 2 h', or '—' for a closed case. */
export function formatTimeLeft(minutes: number | null): string {
  if (minutes === null) return '—';
  return minutes < 0 ? `Estourado há ${formatDuration(-minutes)}` : formatDuration(minutes);
}

/** '1 dia', '3 dias', '8 horas', '1 hora' (a target as the admin's section shows it). */
export function formatTargetHours(hours: number): string {
  if (hours % 24 === 0) return hours === 24 ? '1 dia' : `${hours / 24} dias`;
  return hours === 1 ? '1 hora' : `${hours} horas`;
}
