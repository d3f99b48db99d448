import { describe, expect, it } from 'vitest';
import {
  formatKm,
  haversineMeters,
  isValidCoordinate,
  lastCommunicationText,
  trackerSilence,
  tripFigures,
  validCoordinates,
} from './rules';

const t0 = Date.parse('2026-11-20T12:00:00Z');
const at = (s: number) => new Date(t0 + s * 1000).toISOString();

describe('coordinates', () => {
  it('haversine: Praça Sete to Praça da Liberdade is about 1.45 km', () => {
    const d = haversineMeters({ lat: -19.9191, long: -43.9386 }, { lat: -19.9321, long: -43.938 });
    expect(d).toBeGreaterThan(1400);
    expect(d).toBeLessThan(1500);
  });
  it('one degree of latitude is about 111.2 km', () => {
    expect(haversineMeters({ lat: 0, long: 10 }, { lat: 1, long: 10 }) / 1000).toBeCloseTo(111.2, 1);
  });
  it('drops (0,0), out-of-range, non-finite and undated points, and sorts by time', () => {
    const pts = [
      { lat: -19.92, long: -43.94, ts: at(60) },
      { lat: 0, long: 0, ts: at(30) },
      { lat: 95, long: -43.94, ts: at(31) },
      { lat: Number.NaN, long: -43.94, ts: at(32) },
      { lat: -19.92, long: -43.94, ts: 'ontem' },
      { lat: -19.91, long: -43.93, ts: at(0) },
    ];
    expect(validCoordinates(pts).map((p) => p.ts)).toEqual([at(0), at(60)]);
    expect(isValidCoordinate(null)).toBe(false);
  });
});

describe('trip figures', () => {
  it('distance, average and maximum speed from the coordinates', () => {
    // 0.01° latitude ≈ 1112 m. Two segments: 1112 m in 60 s (66.7 km/h) and 1112 m in 120 s (33.4 km/h).
    const f = tripFigures([
      { lat: -19.9, long: -43.9, ts: at(0) },
      { lat: -19.91, long: -43.9, ts: at(60) },
      { lat: -19.92, long: -43.9, ts: at(180) },
    ]);
    expect(f.totalDistance).toBeCloseTo(2.2, 1);
    expect(f.maximumVelocity).toBe(67);
    expect(f.mediumVelocity).toBe(44); // 2.224 km in 3 min
    expect(f.firstCoord?.ts).toBe(at(0));
    expect(f.lastCoord?.ts).toBe(at(180));
  });
  it('an invalid point in the middle does not add a jump to (0,0)', () => {
    const f = tripFigures([
      { lat: -19.9, long: -43.9, ts: at(0) },
      { lat: 0, long: 0, ts: at(30) },
      { lat: -19.91, long: -43.9, ts: at(60) },
    ]);
    expect(f.totalDistance).toBeCloseTo(1.1, 1);
  });
  it('a GPS jump faster than any car is ignored', () => {
    const f = tripFigures([
      { lat: -19.9, long: -43.9, ts: at(0) },
      { lat: -18.9, long: -43.9, ts: at(10) },
    ]);
    expect(f.totalDistance).toBe(0);
    expect(f.maximumVelocity).toBe(0);
  });
  it('no coordinates: zeros and no first/last', () => {
    expect(tripFigures([])).toEqual({ totalDistance: 0, mediumVelocity: 0, maximumVelocity: 0, firstCoord: null, lastCoord: null });
  });
});

describe('tracker silence', () => {
  const now = new Date(t0);
  it('minutes since the last report; warns after 24 h', () => {
    expect(trackerSilence(at(-5 * 60), now)).toEqual({ minutes: 5, silent: false });
    expect(trackerSilence(at(-24 * 3600), now)).toEqual({ minutes: 1440, silent: false });
    expect(trackerSilence(at(-24 * 3600 - 60), now)).toEqual({ minutes: 1441, silent: true });
    expect(trackerSilence(null, now)).toEqual({ minutes: null, silent: true });
  });
  it('texts', () => {
    expect(lastCommunicationText(0)).toBe('Última comunicação há menos de 1 min');
    expect(lastCommunicationText(7)).toBe('Última comunicação há 7 min');
    expect(lastCommunicationText(150)).toBe('Última comunicação há 2 h');
    expect(lastCommunicationText(3 * 1440)).toBe('Última comunicação há 3 dias');
  });
});

describe('formatKm', () => {
  const intl = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  it('writes km with one decimal and thousands dots, as Intl pt-BR does', () => {
    expect(formatKm(12.3)).toBe('12,3');
    expect(formatKm(1234.5)).toBe('1.234,5');
    expect(formatKm(0)).toBe('0,0');
    const samples = [0.05, 0.15, 0.25, 0.35, 1.45, 2.675, 999.95, 1e-7, 123456789.25, -0.04, -3.25];
    for (let i = 0; i < 200_000; i += 37) samples.push(i / 100, i / 10, i / 7);
    const differ = samples.filter((n) => formatKm(n) !== intl.format(n)).map((n) => `${n}: ${formatKm(n)} ≠ ${intl.format(n)}`);
    expect(differ.slice(0, 5)).toEqual([]);
  });
});
