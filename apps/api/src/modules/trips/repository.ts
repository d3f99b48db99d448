import { sql } from 'kysely';
import type { TripSummary } from '@guarita/domain';
import type { Database } from '../../db/db';

export interface TripRow {
  id: number;
  started_at: Date;
  ended_at: Date;
  start_address: string;
  end_address: string;
  /** Null for a trip recorded before ADR 084 that the housekeeping pass has not summarised yet. */
  summary: TripSummary | null;
}

/** How a summary is stored (trips.summary): each fix of the route as [ts, lat, lng, speed], a third of the objects' size. */
interface StoredSummary {
  route: Array<[string, number, number, number | null]>;
  totalDistance: number;
  mediumVelocity: number;
  maximumVelocity: number;
}

/** The JSON text of trips.summary (a string, so PGlite and node-postgres send it alike). */
const storedSummary = (s: TripSummary): string =>
  JSON.stringify({
    route: s.route.map((c) => [c.ts, c.lat, c.long, c.vel ?? null]),
    totalDistance: s.totalDistance,
    mediumVelocity: s.mediumVelocity,
    maximumVelocity: s.maximumVelocity,
  } satisfies StoredSummary);

const readSummary = (j: unknown): TripSummary | null => {
  if (j === null || j === undefined) return null;
  const s = (typeof j === 'string' ? JSON.parse(j) : j) as StoredSummary;
  return {
    route: s.route.map(([ts, lat, long, vel]) => ({ ts, lat, long, vel })),
    totalDistance: s.totalDistance,
    mediumVelocity: s.mediumVelocity,
    maximumVelocity: s.maximumVelocity,
  };
};

export interface NewTrip {
  n_ctr_id: number;
  started_at: Date;
  ended_at: Date;
  start_address: string;
  end_address: string;
  summary: TripSummary;
}

export interface PointRow {
  trip_id: number;
  ts: Date;
  lat: number;
  lng: number;
  speed_kmh: number | null;
}

export interface PositionRow {
  ts: Date;
  lat: number;
  lng: number;
  ign: boolean;
}

/** The trips module owns trips and positions. Ownership of a contract is asked of the contracts service. */
export class TripsRepository {
  constructor(private readonly db: Database) {}

  /**
   * One page, newest first, keyset on (started_at, id) so page N costs the same as page 1 (trips_page_idx).
   * Reads `limit + 1` rows to know whether another page exists.
   */
  async page(nCtrId: number, limit: number, after: { startedAt: string; id: number } | null): Promise<TripRow[]> {
    let q = this.db
      .selectFrom('trips')
      .select(['id', 'started_at', 'ended_at', 'start_address', 'end_address', 'summary'])
      .where('n_ctr_id', '=', nCtrId)
      .where('deleted', '=', false);
    if (after) q = q.where(sql<boolean>`(started_at, id) < (${after.startedAt}::timestamptz, ${after.id}::bigint)`);
    const rows = await q
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
    return rows.map((r) => ({ ...r, summary: readSummary(r.summary) }));
  }

  /** Trips with their summaries, as the tracking feed records them when a trip ends. */
  async insert(trips: readonly NewTrip[]): Promise<void> {
    if (trips.length === 0) return;
    await this.db
      .insertInto('trips')
      .values(trips.map((t) => ({ ...t, summary: storedSummary(t.summary) })))
      .execute();
  }

  /** Up to `limit` trips still without a summary (trips_unsummarised_idx), oldest id first. */
  async unsummarised(limit: number): Promise<Array<Pick<TripRow, 'id' | 'started_at' | 'ended_at'> & { n_ctr_id: number }>> {
    return this.db
      .selectFrom('trips')
      .select(['id', 'n_ctr_id', 'started_at', 'ended_at'])
      .where('summary', 'is', null)
      .where('deleted', '=', false)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Stores summaries in one statement; a trip summarised meanwhile (another instance's pass) keeps its own. */
  async saveSummaries(summaries: ReadonlyArray<{ id: number; summary: TripSummary }>): Promise<number> {
    if (summaries.length === 0) return 0;
    const r = await sql`
      UPDATE trips SET summary = s.summary
        FROM unnest(${summaries.map((x) => x.id)}::bigint[], ${summaries.map((x) => storedSummary(x.summary))}::jsonb[])
             AS s(id, summary)
       WHERE trips.id = s.id AND trips.summary IS NULL`.execute(this.db);
    return Number(r.numAffectedRows ?? 0);
  }

  /**
   * The route of each trip: the contract's positions inside each trip's time span (primary-key range scans).
   * Raw SQL for json_agg: one JSON text per trip instead of a row per position — on PGlite every row crosses the
   * WASM wire protocol, and 1,000 rows cost 3–4× what 10 JSON texts do (measured with 1M positions).
   */
  async points(trips: ReadonlyArray<Pick<TripRow, 'id' | 'started_at' | 'ended_at'> & { n_ctr_id: number }>): Promise<PointRow[]> {
    if (trips.length === 0) return [];
    const { rows } = await sql<{ trip_id: number; pts: string | null }>`
      SELECT t.id AS trip_id,
             (SELECT json_agg(json_build_array(p.ts, p.lat, p.lng, p.speed_kmh) ORDER BY p.ts)
                FROM positions p
               WHERE p.n_ctr_id = t.n_ctr_id AND p.ts BETWEEN t.started_at AND t.ended_at)::text AS pts
        FROM unnest(${trips.map((t) => t.id)}::bigint[], ${trips.map((t) => t.n_ctr_id)}::int[],
                    ${trips.map((t) => new Date(t.started_at).toISOString())}::timestamptz[],
                    ${trips.map((t) => new Date(t.ended_at).toISOString())}::timestamptz[]) AS t(id, n_ctr_id, started_at, ended_at)`.execute(
      this.db,
    );
    return rows.flatMap((r) =>
      (JSON.parse(r.pts ?? '[]') as Array<[string, number, number, number | null]>).map(([ts, lat, lng, speed]) => ({
        trip_id: Number(r.trip_id),
        ts: new Date(ts),
        lat,
        lng,
        speed_kmh: speed,
      })),
    );
  }

  /** The contract of a trip that has not been deleted; null when there is none. */
  async contractOf(tripId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('trips')
      .select('n_ctr_id')
      .where('id', '=', tripId)
      .where('deleted', '=', false)
      .executeTakeFirst();
    return row?.n_ctr_id ?? null;
  }

  /** Soft delete of a trip of `nCtrId`; false when it is already gone (a concurrent delete). */
  async softDelete(nCtrId: number, tripId: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .updateTable('trips')
      .set({ deleted: true, deleted_at: now })
      .where('id', '=', tripId)
      .where('n_ctr_id', '=', nCtrId)
      .where('deleted', '=', false)
      .returning('id')
      .execute();
    return rows.length > 0;
  }

  /**
   * The contract's newest position. Positions are partitioned by month (ADR 080) with a default partition, so the
   * planner cannot read the months newest first and stop (PostgreSQL orders an Append by partition only without one):
   * an unbounded read probes every month's index (18 at full size: 4.4 ms p95 against 1.0 on the demo data). A tracker
   * that reports is found among the months from `recentSince` on (the others pruned when the statement runs); only a
   * tracker silent since then costs the read over every month.
   */
  async lastPosition(nCtrId: number, recentSince: Date): Promise<PositionRow | null> {
    const newest = (since: Date | null) =>
      this.db
        .selectFrom('positions')
        .select(['ts', 'lat', 'lng', 'ign'])
        .where('n_ctr_id', '=', nCtrId)
        .$if(since !== null, (q) => q.where('ts', '>=', since!))
        .orderBy('ts', 'desc')
        .limit(1)
        .executeTakeFirst();
    return (await newest(recentSince)) ?? (await newest(null)) ?? null;
  }

  /**
   * Trackers whose last position is older than `before` but not older than `since` (silent, and recently enough to
   * be news). A loose index scan on the positions primary key (n_ctr_id, ts): one probe per tracked contract,
   * not a pass over every position. Every probe is bounded to `ts >= since` — such a tracker has a fix since then — so
   * only the months from `since` on are read (ADR 083: over all 18 months of the full-size seed a pass took 28 s;
   * bounded, 0.4 s on the same data).
   */
  async silentSince(before: Date, since: Date, limit: number): Promise<Array<{ nCtrId: number; lastTs: Date }>> {
    // Raw SQL: a recursive CTE (the loose index scan) is not in the query builder.
    const r = await sql<{ n_ctr_id: number; ts: Date }>`
      WITH RECURSIVE ids AS (
        (SELECT n_ctr_id FROM positions WHERE ts >= ${since} ORDER BY n_ctr_id LIMIT 1)
        UNION ALL
        SELECT (SELECT p.n_ctr_id FROM positions p WHERE p.ts >= ${since} AND p.n_ctr_id > ids.n_ctr_id ORDER BY p.n_ctr_id LIMIT 1)
        FROM ids WHERE ids.n_ctr_id IS NOT NULL
      )
      SELECT ids.n_ctr_id, last.ts FROM ids
      CROSS JOIN LATERAL (SELECT max(p.ts) AS ts FROM positions p WHERE p.n_ctr_id = ids.n_ctr_id AND p.ts >= ${since}) last
      WHERE ids.n_ctr_id IS NOT NULL AND last.ts < ${before} AND last.ts >= ${since}
      ORDER BY ids.n_ctr_id LIMIT ${limit}`.execute(this.db);
    return r.rows.map((x) => ({ nCtrId: x.n_ctr_id, lastTs: new Date(x.ts) }));
  }
}
