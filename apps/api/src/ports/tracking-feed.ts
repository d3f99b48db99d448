import { prng } from '@guarita/domain';
import { sql } from 'kysely';
import type { Database } from '../db/db';

/**
 * Where tracker positions come from. The built-in simulator drives a demo vehicle around Belo Horizonte;
 * a real telematics adapter would receive the vendor's feed (webhook or queue) and write the same rows:
 * positions(n_ctr_id, ts, lat, lng, speed_kmh, ign) and, when the vendor closes a trip, a trips row with its summary
 * (`TripsRepository.insert`, ADR 084).
 */
export interface TrackingFeed {
  start(): void;
  stop(): void;
}

export type LatLng = readonly [lat: number, lng: number];

/** Waypoints along real avenues of Belo Horizonte (approximate coordinates), with the addresses at both ends. */
export const BH_ROUTES: ReadonlyArray<{ from: string; to: string; path: LatLng[] }> = [
  {
    from: 'Av. Afonso Pena, 867 - Centro, Belo Horizonte - MG',
    to: 'Praça Diogo de Vasconcelos - Savassi, Belo Horizonte - MG',
    path: [
      [-19.9191, -43.9386],
      [-19.9225, -43.936],
      [-19.926, -43.9335],
      [-19.93, -43.9305],
      [-19.9335, -43.9285],
      [-19.9362, -43.9312],
      [-19.939, -43.9345],
    ],
  },
  {
    from: 'Praça Diogo de Vasconcelos - Savassi, Belo Horizonte - MG',
    to: 'Av. Otacílio Negrão de Lima - Pampulha, Belo Horizonte - MG',
    path: [
      [-19.939, -43.9345],
      [-19.9321, -43.938],
      [-19.9191, -43.9386],
      [-19.913, -43.943],
      [-19.901, -43.948],
      [-19.888, -43.9545],
      [-19.876, -43.96],
      [-19.866, -43.97],
      [-19.8584, -43.9783],
    ],
  },
  {
    from: 'Praça Sete de Setembro - Centro, Belo Horizonte - MG',
    to: 'BH Shopping - Belvedere, Belo Horizonte - MG',
    path: [
      [-19.9191, -43.9386],
      [-19.9321, -43.938],
      [-19.939, -43.9345],
      [-19.947, -43.9375],
      [-19.956, -43.941],
      [-19.965, -43.943],
      [-19.9756, -43.9446],
    ],
  },
  {
    from: 'Av. Cristiano Machado, 100 - Floresta, Belo Horizonte - MG',
    to: 'Minas Shopping - União, Belo Horizonte - MG',
    path: [
      [-19.9167, -43.938],
      [-19.908, -43.931],
      [-19.899, -43.9285],
      [-19.89, -43.927],
      [-19.88, -43.926],
      [-19.8716, -43.9254],
    ],
  },
  {
    from: 'Praça Raul Soares - Centro, Belo Horizonte - MG',
    to: 'Av. Amazonas, 6200 - Gameleira, Belo Horizonte - MG',
    path: [
      [-19.9265, -43.9468],
      [-19.932, -43.956],
      [-19.937, -43.962],
      [-19.94, -43.966],
      [-19.944, -43.974],
    ],
  },
];

/** Deterministic PRNG (mulberry32), so the seed is the same on every install: the domain's. */
export { prng };

const metres = (a: LatLng, b: LatLng) => {
  const rad = Math.PI / 180;
  const dLat = (b[0] - a[0]) * rad;
  const dLon = (b[1] - a[1]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
};

export interface SimPoint {
  ts: Date;
  lat: number;
  lng: number;
  speed: number;
}

/** Fixes every ~150 m along `path`, timed at a varying city speed (20–65 km/h) from `start`. */
export function drive(path: readonly LatLng[], start: Date, rand: () => number): SimPoint[] {
  const out: SimPoint[] = [{ ts: start, lat: path[0]![0], lng: path[0]![1], speed: 0 }];
  let t = start.getTime();
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1]!;
    const b = path[i]!;
    const steps = Math.max(1, Math.round(metres(a, b) / 150));
    for (let s = 1; s <= steps; s++) {
      const f = s / steps;
      const lat = a[0] + (b[0] - a[0]) * f + (rand() - 0.5) * 0.00004;
      const lng = a[1] + (b[1] - a[1]) * f + (rand() - 0.5) * 0.00004;
      const prev = out[out.length - 1]!;
      const speed = 20 + rand() * 45;
      t += Math.max(1, Math.round((metres([prev.lat, prev.lng], [lat, lng]) / (speed / 3.6)) * 1000));
      out.push({ ts: new Date(t), lat, lng, speed: Math.round(speed) });
    }
  }
  return out;
}

/** One statement for many fixes (arrays unnested server-side); a fix already stored for that instant is skipped. */
export async function insertPositions(db: Database, nCtrId: number, points: ReadonlyArray<SimPoint & { ign?: boolean }>): Promise<void> {
  if (points.length === 0) return;
  await sql`INSERT INTO positions (n_ctr_id, ts, lat, lng, speed_kmh, ign)
     SELECT ${nCtrId}::int, * FROM unnest(
       ${points.map((p) => p.ts.toISOString())}::timestamptz[], ${points.map((p) => p.lat)}::float8[],
       ${points.map((p) => p.lng)}::float8[], ${points.map((p) => p.speed)}::real[], ${points.map((p) => p.ign ?? true)}::boolean[])
     ON CONFLICT (n_ctr_id, ts) DO NOTHING`.execute(db);
}

/**
 * The built-in feed: one demo vehicle drives back and forth along a route, a fix every `intervalMs`.
 * The timer is unref'd (it never keeps the process alive) and stopped when the app closes.
 */
export class SimulatedTrackingFeed implements TrackingFeed {
  private timer: NodeJS.Timeout | null = null;
  private points: SimPoint[] = [];
  private index = 0;
  private forward = true;

  constructor(
    private readonly db: Database,
    private readonly nCtrId: number,
    private readonly intervalMs: number,
    private readonly route: readonly LatLng[] = BH_ROUTES[2]!.path,
    private readonly onError: (err: unknown) => void = () => {},
    private readonly now: () => Date = () => new Date(),
  ) {}

  start(): void {
    if (this.timer) return;
    this.points = drive(this.route, new Date(0), prng(this.nCtrId));
    this.timer = setInterval(() => void this.tick(this.now()).catch(this.onError), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Writes the vehicle's next fix (now), turning round at either end of the route. */
  async tick(now = new Date()): Promise<void> {
    const p = this.points[this.index]!;
    await insertPositions(this.db, this.nCtrId, [{ ...p, ts: now, ign: true }]);
    if (this.forward && this.index >= this.points.length - 1) this.forward = false;
    else if (!this.forward && this.index <= 0) this.forward = true;
    this.index += this.forward ? 1 : -1;
  }
}
