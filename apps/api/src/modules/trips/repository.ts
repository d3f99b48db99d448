import type { Db } from '../../db/db';

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

/** SQL for trips and positions. Ownership is checked by the service through the contracts repository. */
export class TripsRepository {
  constructor(private readonly db: Db) {}

  /**
   * One page, newest first, keyset on (started_at, id) so page N costs the same as page 1 (trips_page_idx).
   * Reads `limit + 1` rows to know whether another page exists.
   */
  async page(nCtrId: number, limit: number, after: { startedAt: string; id: number } | null): Promise<TripRow[]> {
    const params: unknown[] = [nCtrId, limit + 1];
    let cursor = '';
    if (after) {
      params.push(after.startedAt, after.id);
      cursor = 'AND (started_at, id) < ($3::timestamptz, $4::bigint)';
    }
    return this.db.query<TripRow>(
      `SELECT id, started_at, ended_at, start_address, end_address FROM trips
        WHERE n_ctr_id = $1 AND NOT deleted ${cursor}
        ORDER BY started_at DESC, id DESC LIMIT $2`,
      params,
    );
  }

  /** The route of each trip: the contract's positions inside each trip's time span (primary-key range scans). */
  async points(nCtrId: number, trips: readonly TripRow[]): Promise<PointRow[]> {
    if (trips.length === 0) return [];
    return this.db.query<PointRow>(
      `SELECT t.id AS trip_id, p.ts, p.lat, p.lng, p.speed_kmh
         FROM unnest($2::bigint[], $3::timestamptz[], $4::timestamptz[]) AS t(id, started_at, ended_at)
         JOIN positions p ON p.n_ctr_id = $1 AND p.ts BETWEEN t.started_at AND t.ended_at
        ORDER BY t.id, p.ts`,
      [
        nCtrId,
        trips.map((t) => t.id),
        trips.map((t) => new Date(t.started_at).toISOString()),
        trips.map((t) => new Date(t.ended_at).toISOString()),
      ],
    );
  }

  /** Soft delete, only when the trip belongs to one of the customer's contracts. False when not theirs or already gone. */
  async softDelete(customerId: number, tripId: number): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE trips t SET deleted = true, deleted_at = now()
         FROM contracts k
        WHERE t.id = $2 AND k.n_ctr_id = t.n_ctr_id AND k.customer_id = $1 AND NOT t.deleted
        RETURNING t.id`,
      [customerId, tripId],
    );
    return rows.length > 0;
  }

  async lastPosition(nCtrId: number): Promise<PositionRow | null> {
    const [row] = await this.db.query<PositionRow>('SELECT ts, lat, lng, ign FROM positions WHERE n_ctr_id = $1 ORDER BY ts DESC LIMIT 1', [
      nCtrId,
    ]);
    return row ?? null;
  }
}
