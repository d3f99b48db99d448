import { sql } from 'kysely';
import type { Database } from '../../db/db';

/** Months of partitions made ahead of the current one: a pass that fails for weeks still leaves room. */
export const PARTITION_MONTHS_AHEAD = 2;

/**
 * The positions table's monthly partitions (migration 024, ADR 080), kept by the housekeeping pass: this month's and
 * the next PARTITION_MONTHS_AHEAD months' are made before a fix needs them (a fix with no partition lands in
 * positions_default, which still works but grows unpartitioned), and a month wholly older than the retention's cutoff
 * is dropped whole, the fast path before the contract-by-contract DELETE (ADR 066). Both run as the owner through
 * SECURITY DEFINER functions: the app's role may not create or drop tables.
 */
export async function maintainPositionPartitions(
  db: Database,
  now: Date,
  positionsDays: number,
): Promise<{ created: number; dropped: number }> {
  const cutoff = new Date(now.getTime() - positionsDays * 86_400_000);
  const made = await sql<{ n: number }>`SELECT positions_create_partitions(${now}, ${PARTITION_MONTHS_AHEAD + 1}) AS n`.execute(db);
  const gone = await sql<{ n: number }>`SELECT positions_drop_partitions_before(${cutoff}) AS n`.execute(db);
  return { created: made.rows[0]!.n, dropped: gone.rows[0]!.n };
}
