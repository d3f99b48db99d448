import path from 'node:path';
import { sql } from 'kysely';
import { openPglite, openPostgres } from '../../apps/api/src/db/db';
import { summariseTripBacklog } from '../../apps/api/src/modules/trips';
import { encodeCursor } from '../../apps/api/src/modules/trips/service';
import { startApi } from './api-process';
import { startBare } from './bare-process';
import type { Cleanup } from './cleanup';
import { measure, type LoadResult } from './load';
import { logIn } from './login';
import { alternate } from './pairs';
import type { CpuLayout } from './pinning';
import type { Settings } from './settings';
import type { DbKind } from './targets';

/** The demo customer's tracked contract; the bench gives it a tracker's years of history. */
const CONTRACT = 100101;
export const TRIPS_PATH = `/api/trips/contracts/${CONTRACT}`;
/** One position a minute: 1M positions ≈ 1.9 years of one tracker driving non-stop. */
export const BENCH_POSITIONS = 1_000_000;
const POSITIONS_PER_TRIP = 100;

export interface TripsFigures {
  db: DbKind;
  dbLabel: string;
  positions: number;
  trips: number;
  seedSeconds: number;
  /** One result per round (ABAB, `settings.pairs` rounds): result i of each list was measured in round i. */
  firstPage: LoadResult[];
  /** The bare node:http server in the same rounds: the trips ratio's denominator. */
  bare: LoadResult[];
  /** The first page of the bench's history (just past the demo trips) and its last page (keyset cursors). */
  earlyPage: LoadResult[];
  deepPage: LoadResult[];
}

/**
 * Adds BENCH_POSITIONS positions and their trips (one per 100 positions) before the demo seed's oldest position,
 * with plain SQL on the stopped API's database, so the paged read runs against a table of a realistic size; then the
 * trips' summaries, as the app stores them (ADR 084).
 */
async function seedHistory(dataDir: string, databaseUrl: string | undefined): Promise<{ positions: number; trips: number }> {
  const db = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(path.join(dataDir, 'pglite'));
  try {
    const oldest = await sql<{ base: Date }>`
      SELECT coalesce(min(ts), now()) - interval '1 day' AS base FROM positions WHERE n_ctr_id = ${CONTRACT}`.execute(db);
    const base = oldest.rows[0]!.base.toISOString();
    // A loop around Belo Horizonte's centre; speeds between 0 and 80 km/h.
    await sql`
      INSERT INTO positions (n_ctr_id, ts, lat, lng, speed_kmh, ign)
      SELECT ${CONTRACT}, ${base}::timestamptz - i * interval '1 minute',
             -19.92 + 0.05 * sin(i / 300.0), -43.94 + 0.05 * cos(i / 300.0), 40 + 40 * sin(i / 7.0), true
        FROM generate_series(1, ${BENCH_POSITIONS}::int) AS i`.execute(db);
    const trips = Math.floor(BENCH_POSITIONS / POSITIONS_PER_TRIP);
    await sql`
      INSERT INTO trips (n_ctr_id, started_at, ended_at, start_address, end_address)
      SELECT ${CONTRACT}, ${base}::timestamptz - ((j + 1) * ${POSITIONS_PER_TRIP}::int - 1) * interval '1 minute',
             ${base}::timestamptz - (j * ${POSITIONS_PER_TRIP}::int + 1) * interval '1 minute',
             'Av. Afonso Pena, ' || (j % 3000 + 1) || ' - Centro, Belo Horizonte - MG',
             'Rua da Bahia, ' || (j % 2000 + 1) || ' - Lourdes, Belo Horizonte - MG'
        FROM generate_series(0, ${trips - 1}::int) AS j`.execute(db);
    await sql`ANALYZE positions`.execute(db);
    // Each trip's route and figures, as a tracking feed records them when the trip ends (ADR 084).
    while ((await summariseTripBacklog(db, 2000)) > 0);
    await sql`ANALYZE trips`.execute(db);
    const count = await sql<{ n: string }>`SELECT count(*) AS n FROM positions WHERE n_ctr_id = ${CONTRACT}`.execute(db);
    const tripCount = await sql<{ n: string }>`SELECT count(*) AS n FROM trips WHERE n_ctr_id = ${CONTRACT} AND NOT deleted`.execute(db);
    return { positions: Number(count.rows[0]!.n), trips: Number(tripCount.rows[0]!.n) };
  } finally {
    await db.destroy();
  }
}

/** Cursors after the `offsets`-th newest trips, as the API itself would hand them out. */
async function cursorsAt(dataDir: string, databaseUrl: string | undefined, offsets: number[]): Promise<string[]> {
  const db = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(path.join(dataDir, 'pglite'));
  try {
    const cursors: string[] = [];
    for (const offset of offsets) {
      const row = await db
        .selectFrom('trips')
        .select(['id', 'started_at'])
        .where('n_ctr_id', '=', CONTRACT)
        .where('deleted', '=', false)
        .orderBy('started_at', 'desc')
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(1)
        .executeTakeFirstOrThrow();
      cursors.push(encodeCursor(row.started_at, Number(row.id)));
    }
    return cursors;
  } finally {
    await db.destroy();
  }
}

/**
 * Issue 10 §4: the trips page read (10 trips with their routes) on a database holding 1M positions, per database,
 * with the bare node:http baseline in the same rounds for the ratio (issue 29 item 4: first page, bare, early page,
 * deep page, alternately, `settings.pairs` rounds; the bare server runs idle beside the API while the API is loaded).
 */
export async function measureTrips(
  s: Settings,
  cleanup: Cleanup,
  cpus: CpuLayout | undefined,
  onDb: (f: TripsFigures) => void,
): Promise<void> {
  const load = { connections: s.connections, warmup: s.warmup, duration: s.duration };
  const bareServer = await startBare(s.root, cleanup, cpus?.server);
  try {
    for (const databaseUrl of [undefined, ...(s.databaseUrl ? [s.databaseUrl] : [])]) await measureOn(databaseUrl);
  } finally {
    await bareServer.server.stop();
  }

  async function measureOn(databaseUrl: string | undefined): Promise<void> {
    // First start migrates and seeds the demo data; the history goes in while no API holds the database.
    const first = await startApi(s.root, databaseUrl, cleanup);
    first.rss.stop();
    await first.server.stop();
    const started = performance.now();
    const counts = await seedHistory(first.dataDir, first.databaseUrl);
    const seedSeconds = (performance.now() - started) / 1000;
    // Past the demo trips (a few dozen) and 20 from the end: both pages hold 10 trips of 100 positions each.
    const [early, deep] = await cursorsAt(first.dataDir, first.databaseUrl, [100, counts.trips - 20]);

    const api = await startApi(s.root, undefined, cleanup, cpus?.server, {}, first);
    try {
      const headers = { authorization: `Bearer ${await logIn(api.base)}` };
      const page = (label: string, cursor: string) =>
        measure({ ...load, label: `GET ${TRIPS_PATH}?pagina=<${label}>`, url: `${api.base}${TRIPS_PATH}?pagina=${cursor}`, headers });
      const rounds = await alternate(s.pairs, {
        firstPage: () => measure({ ...load, label: `GET ${TRIPS_PATH}`, url: api.base + TRIPS_PATH, headers }),
        bare: () => measure({ ...load, label: 'bare node:http', url: `${bareServer.base}/` }),
        earlyPage: () => page('early', early!),
        deepPage: () => page('deep', deep!),
      });
      onDb({ db: api.db, dbLabel: api.dbLabel, ...counts, seedSeconds, ...rounds });
    } finally {
      api.rss.stop();
      await api.server.stop();
    }
  }
}
