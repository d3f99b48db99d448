import { sql } from 'kysely';
import type { Database } from '../../db/db';
import type { FileStorage } from '../../ports/storage';

/**
 * Every file in storage is accounted for by a row at every moment, even across kill -9 (issue 23 item 11, ADR 035):
 * either a row references it (case_attachments, claim_photos) or its key is in storage_pending. The order that makes it
 * so: record the key (committed) → write the file → in the transaction that inserts the referencing row, `settle` the
 * record. A file that loses its last reference is `release`d in that same transaction, and deleted after it. Whatever a
 * crash interrupts is left in storage_pending, and `sweepPendingFiles` deletes it.
 */

/** Longer than any upload can be in flight (statement, idle-in-transaction and S3 timeouts are seconds). */
export const PENDING_GRACE_MS = 15 * 60 * 1000;

/** Records the keys about to be written, in a transaction of their own (committed before any byte is written). */
export async function reserveFiles(db: Database, keys: string[]): Promise<void> {
  if (!keys.length) return;
  await db
    .insertInto('storage_pending')
    .values(keys.map((storage_key) => ({ storage_key })))
    .execute();
}

/**
 * In the transaction that inserts the row referencing `key`: from its commit on, the row accounts for the file. Throws
 * when the record is gone (a sweep took the file of an upload that outlived the grace period): the row must not commit.
 */
export async function settleFile(tx: Database, key: string): Promise<void> {
  const r = await tx.deleteFrom('storage_pending').where('storage_key', '=', key).executeTakeFirst();
  if (r.numDeletedRows !== 1n) throw new Error(`storage key ${key} is no longer pending: its file may have been swept`);
}

/** In the transaction that drops the last reference to `key`: its file becomes pending, to be deleted after commit. */
export async function releaseFile(tx: Database, key: string): Promise<void> {
  await tx
    .insertInto('storage_pending')
    .values({ storage_key: key })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * After the transaction, committed or not: deletes the files of `keys` that are still pending (an upload that failed or
 * was a replay, a file released), then their records. Settled keys are left alone. The file goes first: a crash in
 * between leaves a record without a file, which the sweeper clears, never a file without a record.
 */
export async function discardFiles(db: Database, storage: FileStorage, keys: string[]): Promise<void> {
  if (!keys.length) return;
  const pending = await db.selectFrom('storage_pending').select('storage_key').where('storage_key', 'in', keys).execute();
  const gone: string[] = [];
  for (const { storage_key } of pending) {
    try {
      await storage.delete(storage_key);
      gone.push(storage_key);
    } catch {
      // Storage unreachable: the record stays, and the sweeper tries again later.
    }
  }
  if (gone.length) await db.deleteFrom('storage_pending').where('storage_key', 'in', gone).execute();
}

/**
 * Deletes the files of keys pending for longer than `olderThanMs` (uploads a crash interrupted, cleanups that failed),
 * then their records; answers how many. One key per transaction, its record locked while its file is deleted (SKIP
 * LOCKED: another instance's sweep or an upload settling it right now is left alone), so no transaction stays open
 * across many storage calls. Runs at start and every few minutes (server.ts); safe on N instances at once.
 */
export async function sweepPendingFiles(
  db: Database,
  storage: FileStorage,
  { olderThanMs = PENDING_GRACE_MS, max = 1_000 }: { olderThanMs?: number; max?: number } = {},
): Promise<number> {
  let swept = 0;
  while (swept < max) {
    const key = await db.transaction().execute(async (tx) => {
      const row = await tx
        .selectFrom('storage_pending')
        .select('storage_key')
        .where('created_at', '<=', sql<Date>`now() - make_interval(secs => ${olderThanMs / 1000})`)
        .orderBy('created_at')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!row) return null;
      await storage.delete(row.storage_key);
      await tx.deleteFrom('storage_pending').where('storage_key', '=', row.storage_key).execute();
      return row.storage_key;
    });
    if (key === null) break;
    swept++;
  }
  return swept;
}
