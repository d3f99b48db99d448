import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { haversineMeters, tripFigures, validCoordinates, type Coordinate } from './rules';
import { ROUTE_TOLERANCE_M, simplifyRoute, summariseTrip } from './route';

const t0 = Date.parse('2026-11-20T12:00:00Z');
const at = (s: number) => new Date(t0 + s * 1000).toISOString();

/** Distance (m) from p to the segment a–b, on the same flat projection the simplification uses. */
function offSegment(p: Coordinate, a: Coordinate, b: Coordinate): number {
  const kx = 111_320 * Math.cos((a.lat * Math.PI) / 180);
  const [px, py, ax, ay, bx, by] = [p.long * kx, p.lat * 110_574, a.long * kx, a.lat * 110_574, b.long * kx, b.lat * 110_574];
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** A drive of `n` fixes a second apart around Belo Horizonte, wandering by up to `stepDeg` a fix. */
const drive = fc
  .array(fc.tuple(fc.double({ min: -0.0005, max: 0.0005, noNaN: true }), fc.double({ min: -0.0005, max: 0.0005, noNaN: true })), {
    minLength: 0,
    maxLength: 200,
  })
  .map((steps) => {
    let lat = -19.92;
    let long = -43.94;
    return steps.map(([dLat, dLng], i): Coordinate => {
      lat += dLat;
      long += dLng;
      return { lat, long, ts: at(i * 10), vel: 30 };
    });
  });

describe('the simplified route', () => {
  it('drops the fixes of a straight stretch and keeps the corner', () => {
    const straight = Array.from({ length: 11 }, (_, i): Coordinate => ({ lat: -19.92 + i * 0.001, long: -43.94, ts: at(i * 10) }));
    const turned = Array.from({ length: 10 }, (_, i): Coordinate => ({
      lat: -19.91,
      long: -43.94 + (i + 1) * 0.001,
      ts: at(110 + i * 10),
    }));
    const route = simplifyRoute([...straight, ...turned]);
    expect(route).toEqual([straight[0], straight[10], turned[9]]);
  });

  it('is a subset of the fixes in time order, keeps both ends, and strays from none by more than the tolerance', () => {
    fc.assert(
      fc.property(drive, (coords) => {
        const route = simplifyRoute(coords);
        if (coords.length === 0) {
          expect(route).toEqual([]);
          return;
        }
        expect(route[0]).toBe(coords[0]);
        expect(route[route.length - 1]).toBe(coords[coords.length - 1]);
        const indexes = route.map((c) => coords.indexOf(c));
        expect(indexes.every((x, k) => x >= 0 && (k === 0 || x > indexes[k - 1]!))).toBe(true);
        // Every dropped fix lies within the tolerance of the kept segment that spans it.
        for (let k = 1; k < indexes.length; k++)
          for (let j = indexes[k - 1]! + 1; j < indexes[k]!; j++)
            expect(offSegment(coords[j]!, coords[indexes[k - 1]!]!, coords[indexes[k]!]!)).toBeLessThanOrEqual(ROUTE_TOLERANCE_M + 1e-6);
      }),
    );
  });
});

describe('a trip summary', () => {
  it('takes the figures from every valid fix, not from the simplified line', () => {
    fc.assert(
      fc.property(drive, (coords) => {
        const withNoise = [...coords, { lat: 0, long: 0, ts: at(5) }];
        const s = summariseTrip(withNoise);
        const f = tripFigures(coords);
        expect([s.totalDistance, s.mediumVelocity, s.maximumVelocity]).toEqual([f.totalDistance, f.mediumVelocity, f.maximumVelocity]);
        expect(s.route).toEqual(simplifyRoute(validCoordinates(coords)));
      }),
    );
  });

  it('draws a real drive with fewer fixes and nearly the same length', () => {
    // 150 m fixes along a straight avenue with ±2 m of GPS noise: the noise goes, the length stays within 1 %.
    const coords = Array.from({ length: 60 }, (_, i): Coordinate => ({
      lat: -19.9191 - i * 0.00135 + (i % 2 ? 0.00002 : -0.00002),
      long: -43.9386,
      ts: at(i * 12),
    }));
    const s = summariseTrip(coords);
    expect(s.route.length).toBeLessThan(coords.length / 4);
    let drawn = 0;
    for (let i = 1; i < s.route.length; i++) drawn += haversineMeters(s.route[i - 1]!, s.route[i]!);
    expect(Math.abs(drawn / 1000 - s.totalDistance) / s.totalDistance).toBeLessThan(0.01);
  });
});
