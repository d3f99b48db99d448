/** Trip figures and tracker rules (spec 002 §2.7, §3 Trip, §9). Pure functions, no I/O. */

export const TRIPS_PAGE_SIZE = 10;
/** More trips load when the list is scrolled within this many pixels of its end. */
export const TRIPS_LOAD_MORE_PX = 400;
export const POSITION_REFRESH_MS = 5_000;
export const MAP_ZOOM = 14;
/** A tracker silent for longer than this is reported to the customer (beyond the spec). */
export const TRACKER_SILENCE_WARNING_MS = 24 * 60 * 60 * 1000;

export const TRIPS_MSG = {
  deleteFailed: 'Não foi possível deletar viagem. Tente novamente.',
  loadFailed: 'Não foi possível carregar suas viagens. Atualize a página e tente novamente.',
  positionFailed: 'Não foi possível identificar sua localização atual no mapa.',
} as const;

export interface Coordinate {
  lat: number;
  long: number;
  /** ISO instant */
  ts: string;
  /** speed reported by the tracker, km/h (may be absent or wrong; we derive our own) */
  vel?: number | null;
}

const EARTH_RADIUS_M = 6_371_008.8;

/** A coordinate we can draw: finite, in range, not the (0, 0) a tracker sends without a fix, with a valid time. */
export function isValidCoordinate(c: Partial<Coordinate> | null | undefined): c is Coordinate {
  if (!c) return false;
  const { lat, long, ts } = c;
  if (typeof lat !== 'number' || typeof long !== 'number' || !Number.isFinite(lat) || !Number.isFinite(long)) return false;
  if (lat < -90 || lat > 90 || long < -180 || long > 180) return false;
  if (lat === 0 && long === 0) return false;
  return typeof ts === 'string' && !Number.isNaN(Date.parse(ts));
}

/** Valid coordinates in time order (CoordenadasValidas). */
export function validCoordinates(coords: ReadonlyArray<Partial<Coordinate>>): Coordinate[] {
  return coords.filter(isValidCoordinate).sort((a, b) => Date.parse(a.ts) - Date.parse(b.ts));
}

/** Great-circle distance in metres (haversine). */
export function haversineMeters(a: Pick<Coordinate, 'lat' | 'long'>, b: Pick<Coordinate, 'lat' | 'long'>): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.long - a.long) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Faster than this between two fixes is a GPS jump, not driving: the segment's speed is ignored. */
const MAX_PLAUSIBLE_KMH = 250;

export interface TripFigures {
  /** km, one decimal */
  totalDistance: number;
  /** km/h over the moving time, whole number */
  mediumVelocity: number;
  /** km/h, whole number */
  maximumVelocity: number;
  firstCoord: Coordinate | null;
  lastCoord: Coordinate | null;
}

/**
 * Distance from the coordinates (haversine), average speed = distance / elapsed time between first and last
 * fix, maximum = the fastest segment between consecutive fixes. Invalid coordinates are dropped first.
 */
export function tripFigures(coords: ReadonlyArray<Partial<Coordinate>>): TripFigures {
  const pts = validCoordinates(coords);
  let meters = 0;
  let maxKmh = 0;
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1]!;
    const b = pts[i]!;
    const d = haversineMeters(a, b);
    const seconds = (Date.parse(b.ts) - Date.parse(a.ts)) / 1000;
    if (seconds <= 0) continue;
    const kmh = (d / seconds) * 3.6;
    if (kmh > MAX_PLAUSIBLE_KMH) continue;
    meters += d;
    maxKmh = Math.max(maxKmh, kmh);
  }
  const first = pts[0] ?? null;
  const last = pts[pts.length - 1] ?? null;
  const hours = first && last ? (Date.parse(last.ts) - Date.parse(first.ts)) / 3_600_000 : 0;
  return {
    totalDistance: Math.round(meters / 100) / 10,
    mediumVelocity: hours > 0 ? Math.round(meters / 1000 / hours) : 0,
    maximumVelocity: Math.round(maxKmh),
    firstCoord: first,
    lastCoord: last,
  };
}

export interface TrackerSilence {
  /** whole minutes since the last position, null when the tracker never reported */
  minutes: number | null;
  /** silent for more than 24 h (or never reported): show the warning */
  silent: boolean;
}

export function trackerSilence(lastReportAt: string | Date | null | undefined, now: Date = new Date()): TrackerSilence {
  if (!lastReportAt) return { minutes: null, silent: true };
  const ms = Math.max(0, now.getTime() - new Date(lastReportAt).getTime());
  return { minutes: Math.floor(ms / 60_000), silent: ms > TRACKER_SILENCE_WARNING_MS };
}

/** 'Última comunicação há N min' (hours and days when longer), for the live-position panel. */
export function lastCommunicationText(minutes: number | null): string {
  if (minutes === null) return 'Sem comunicação do rastreador';
  if (minutes < 1) return 'Última comunicação há menos de 1 min';
  if (minutes < 60) return `Última comunicação há ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `Última comunicação há ${hours} h`;
  return `Última comunicação há ${Math.floor(hours / 24)} dias`;
}

/**
 * A distance in km with one decimal, pt-BR ('1.234,5'): the text of Intl's pt-BR format with one fraction digit
 * (the tests hold it to that) without creating a number formatter, whose first use in a browser is a long task
 * on the trips list's first render (ADR 025). Like Intl, rounds the shortest decimal form half away from zero.
 */
export function formatKm(km: number): string {
  if (!Number.isFinite(km)) return String(km);
  const tenths = Math.round(Number(`${Math.abs(km)}e1`));
  if (!Number.isFinite(tenths)) return (Math.round(km * 10) / 10).toFixed(1).replace('.', ',');
  const units = Math.floor(tenths / 10)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${km < 0 ? '-' : ''}${units},${tenths % 10}`;
}
