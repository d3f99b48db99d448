import { sql } from 'kysely';
import type { Database } from '../../db/db';

export interface TripRow {
  id: number;
  started_at: Date;
  ended_at: Date;
  start_address: string;
  end_address: string;
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
      .select(['id', 'started_at', 'ended_at', 'start_address', 'end_address'])
      .where('n_ctr_id', '=', nCtrId)
      .where('deleted', '=', false);
    if (after) q = q.where(sql<boolean>`(started_at, id) < (${after.startedAt}::timestamptz, ${after.id}::bigint)`);
    return q
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
  }

  /** The route of each trip: the contract's positions inside each trip's time span (primary-key range scans). */
  async points(nCtrId: number, trips: readonly TripRow[]): Promise<PointRow[]> {
    if (trips.length === 0) return [];
    const { rows } = await sql<PointRow>`
      SELECT t.id AS trip_id, p.ts, p.lat, p.lng, p.speed_kmh
        FROM unnest(${trips.map((t) => t.id)}::bigint[], ${trips.map((t) => new Date(t.started_at).toISOString())}::timestamptz[],
                    ${trips.map((t) => new Date(t.ended_at).toISOString())}::timestamptz[]) AS t(id, started_at, ended_at)
        JOIN positions p ON p.n_ctr_id = ${nCtrId} AND p.ts BETWEEN t.started_at AND t.ended_at
       ORDER BY t.id, p.ts`.execute(this.db);
    return rows;
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

  async lastPosition(nCtrId: number): Promise<PositionRow | null> {
    const row = await this.db
      .selectFrom('positions')
      .select(['ts', 'lat', 'lng', 'ign'])
      .where('n_ctr_id', '=', nCtrId)
      .orderBy('ts', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ?? null;
  }
}
