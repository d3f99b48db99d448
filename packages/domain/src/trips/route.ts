import simplify from 'simplify-js';
import { tripFigures, validCoordinates, type Coordinate } from './rules';

/**
 * How far (metres) the drawn route may stray from the tracker's fixes. At the map's zoom (14) a pixel is about 9 m in
 * Brazil's latitudes, so the simplified line is the same picture; zoomed all the way in (18, ~0.6 m a pixel) it may cut
 * a corner by a few pixels. The figures are never taken from the simplified line (ADR 084).
 */
export const ROUTE_TOLERANCE_M = 5;

/** What a trip's card and map need, worked out once when the trip ends (ADR 084) instead of at every read. */
export interface TripSummary {
  /** The route to draw: a subset of the valid fixes, in time order, first and last kept. */
  route: Coordinate[];
  totalDistance: number;
  mediumVelocity: number;
  maximumVelocity: number;
}

const METRES_PER_DEGREE_LAT = 110_574;
const METRES_PER_DEGREE_LNG_AT_EQUATOR = 111_320;

/**
 * The route with the fixes that change its shape by less than `toleranceM` left out (Ramer–Douglas–Peucker, simplify-js),
 * on a local flat projection in metres: over one trip's few kilometres the error of the projection is far below a metre.
 */
export function simplifyRoute(coords: readonly Coordinate[], toleranceM = ROUTE_TOLERANCE_M): Coordinate[] {
  if (coords.length <= 2) return [...coords];
  const kx = METRES_PER_DEGREE_LNG_AT_EQUATOR * Math.cos((coords[0]!.lat * Math.PI) / 180);
  const projected = coords.map((c, i) => ({ x: c.long * kx, y: c.lat * METRES_PER_DEGREE_LAT, i }));
  // simplify-js returns a subset of the very objects it was given, so each carries its index back.
  return (simplify(projected, toleranceM, true) as typeof projected).map((p) => coords[p.i]!);
}

/** A trip's figures from every valid fix, and its route simplified for drawing. */
export function summariseTrip(coords: ReadonlyArray<Partial<Coordinate>>): TripSummary {
  const valid = validCoordinates(coords);
  const f = tripFigures(valid);
  return {
    route: simplifyRoute(valid),
    totalDistance: f.totalDistance,
    mediumVelocity: f.mediumVelocity,
    maximumVelocity: f.maximumVelocity,
  };
}
