import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Everything the bench can be told through the environment, read once and bounded. */
export interface Settings {
  root: string;
  /** Seconds measured per target. */
  duration: number;
  /** Seconds of load before each measurement, thrown away. */
  warmup: number;
  connections: number;
  /** PostgreSQL server to create a throwaway database on; PGlite when unset. */
  databaseUrl: string | undefined;
  /** Pin servers and load generator to different cores with taskset. */
  pin: boolean;
  /** Rebuild the web app even when apps/web/dist exists. */
  rebuild: boolean;
  /** Which parts to run: `web` (route JS), `lighthouse`, `api` (throughput, RSS), `trips` (paged read on 1M positions), `cases` (case list, uploads), `claims`, `quotation` (plan-change quotation latency), `backoffice` (staff queue on 1M cases), `pix` (Pix-charge latency per adapter), `card` (card-payment latency per adapter), `login` (enumeration timing), `scale` (the reads on the `seed:scale` database, SCALE_DATABASE_URL); all by default. */
  parts: Set<BenchPart>;
  /** Lighthouse runs per route (the median is reported). */
  lighthouseRuns: number;
  /** Only these Lighthouse routes (BENCH_LIGHTHOUSE_ROUTES=/,/suporte); every route when unset. */
  lighthouseRoutes: Set<string> | undefined;
  /** Fixed-rate load on the contracts read: requests per second, and seconds (0 skips it). */
  rate: number;
  rateDuration: number;
  /** Rounds of every ratio's two sides measured alternately, ABAB (issue 29 item 4): the median pair is the figure. */
  pairs: number;
  /** The database `npm run seed:scale` filled, for the `scale` part (SCALE_DATABASE_URL); the part skips without it. */
  scaleDatabaseUrl: string | undefined;
  /** Requests per read at one connection in the `scale` part (its p50/p95/p99). */
  scaleRequests: number;
  /** Customers the `scale` part logs in and reads as, each read as one drawn at random. */
  scaleSubjects: number;
}

export type BenchPart =
  'web' | 'lighthouse' | 'api' | 'trips' | 'cases' | 'claims' | 'quotation' | 'backoffice' | 'pix' | 'card' | 'login' | 'scale';
const PARTS: BenchPart[] = [
  'web',
  'lighthouse',
  'api',
  'trips',
  'cases',
  'claims',
  'quotation',
  'backoffice',
  'pix',
  'card',
  'login',
  'scale',
];

function parts(): Set<BenchPart> {
  const raw = process.env.BENCH_ONLY?.trim();
  if (!raw) return new Set(PARTS);
  const chosen = raw.split(',').map((p) => p.trim());
  const unknown = chosen.filter((p) => !PARTS.includes(p as BenchPart));
  if (unknown.length) throw new Error(`BENCH_ONLY: unknown part(s) ${unknown.join(', ')} (known: ${PARTS.join(', ')})`);
  return new Set(chosen as BenchPart[]);
}

function bounded(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n)) throw new Error(`${name} must be a number, got '${raw}'`);
  return Math.min(max, Math.max(min, Math.round(n)));
}

const flag = (name: string, fallback: boolean) => {
  const raw = process.env[name];
  return raw === undefined || raw === '' ? fallback : ['1', 'true', 'yes'].includes(raw.toLowerCase());
};

export function readSettings(): Settings {
  return {
    root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'),
    duration: bounded('BENCH_DURATION', 10, 1, 120),
    warmup: bounded('BENCH_WARMUP', 3, 0, 60),
    connections: bounded('BENCH_CONNECTIONS', 10, 1, 256),
    databaseUrl: process.env.DATABASE_URL || undefined,
    pin: flag('BENCH_PIN', true),
    rebuild: flag('BENCH_BUILD', false),
    parts: parts(),
    lighthouseRuns: bounded('BENCH_LIGHTHOUSE_RUNS', 3, 1, 9),
    lighthouseRoutes: process.env.BENCH_LIGHTHOUSE_ROUTES?.trim()
      ? new Set(process.env.BENCH_LIGHTHOUSE_ROUTES.split(',').map((r) => r.trim()))
      : undefined,
    rate: bounded('BENCH_RATE', 500, 1, 20_000),
    rateDuration: bounded('BENCH_RATE_DURATION', 60, 0, 600),
    pairs: bounded('BENCH_PAIRS', 3, 3, 15),
    scaleDatabaseUrl: process.env.SCALE_DATABASE_URL || undefined,
    scaleRequests: bounded('BENCH_SCALE_REQUESTS', 500, 50, 100_000),
    scaleSubjects: bounded('BENCH_SCALE_SUBJECTS', 200, 1, 5000),
  };
}
