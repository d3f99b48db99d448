import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Database } from '../../db/db';
import { maintainPositionPartitions } from './position-partitions';
import { RETENTION_RULES, type RetentionRule, type RetentionSettings } from './policy';

/** Contracts looked at per statement when a rule goes contract by contract. */
const CONTRACTS_PER_PAGE = 500;

export interface PruneOptions {
  /** Checked between batches: a shutdown does not wait for a long pass. */
  stopped?: () => boolean;
  rules?: RetentionRule[];
}

/**
 * One pass of the retention policy (./policy.ts): every rule's expired rows, deleted in batches of `batchSize`. Each
 * DELETE takes the rows it found by ctid (a TID scan, no second lookup) and skips rows another instance's pass or a
 * request has locked (the condition is checked again: in a partitioned table, positions, a ctid is only unique within
 * a partition, and another partition's row at the same ctid must go only if it is expired too), so N instances may run it at once and no statement waits on a lock or holds many. Between batches
 * the event loop (and PGlite's one connection) serves requests. Answers the rows deleted per table.
 */
export async function pruneAll(
  db: Database,
  settings: RetentionSettings,
  now: Date,
  options: PruneOptions = {},
): Promise<Record<string, number>> {
  const stopped = options.stopped ?? (() => false);
  const deleted: Record<string, number> = {};
  for (const rule of options.rules ?? RETENTION_RULES) {
    if (stopped()) break;
    const expired = rule.expired(now, settings);
    // Positions: next months' partitions made, wholly expired months dropped, before the row-by-row pass (ADR 080).
    if (rule.table === 'positions') await maintainPositionPartitions(db, now, settings.positionsDays);
    let n = 0;
    if (!rule.perContract) n = await pruneWhere(db, rule.table, expired, settings.batchSize, stopped);
    else
      for await (const nCtrId of contractsWith(db, rule.table, expired, stopped))
        n += await pruneWhere(db, rule.table, sql<boolean>`n_ctr_id = ${nCtrId} AND ${expired}`, settings.batchSize, stopped);
    if (n > 0) deleted[rule.table] = n;
  }
  return deleted;
}

async function pruneWhere(
  db: Database,
  table: string,
  where: ReturnType<RetentionRule['expired']>,
  batchSize: number,
  stopped: () => boolean,
): Promise<number> {
  let total = 0;
  for (;;) {
    const r = await sql`
      DELETE FROM ${sql.table(table)} WHERE ctid = ANY(ARRAY(
        SELECT ctid FROM ${sql.table(table)} WHERE ${where} LIMIT ${batchSize} FOR UPDATE SKIP LOCKED
      )) AND ${where}`.execute(db);
    const n = Number(r.numAffectedRows ?? 0n);
    total += n;
    if (n < batchSize || stopped()) return total;
    await yieldToRequests();
  }
}

/** The contracts that have expired rows in `table`, a page of contracts per statement (one index probe each). */
async function* contractsWith(db: Database, table: string, expired: ReturnType<RetentionRule['expired']>, stopped: () => boolean) {
  let after = -1;
  while (!stopped()) {
    const page = await sql<{ n_ctr_id: number }>`
      SELECT n_ctr_id FROM contracts WHERE n_ctr_id > ${after} ORDER BY n_ctr_id LIMIT ${CONTRACTS_PER_PAGE}`.execute(db);
    if (page.rows.length === 0) return;
    after = page.rows[page.rows.length - 1]!.n_ctr_id;
    const ids = page.rows.map((r) => r.n_ctr_id);
    const withRows = await sql<{ id: number }>`
      SELECT c.id FROM unnest(${ids}::int[]) AS c(id)
      WHERE EXISTS (SELECT 1 FROM ${sql.table(table)} WHERE n_ctr_id = c.id AND ${expired})`.execute(db);
    for (const r of withRows.rows) yield r.id;
  }
}
