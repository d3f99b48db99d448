import { CompiledQuery } from 'kysely';
import type { AnyDb } from '../../src/db/migrate';
import { tapQueries, type RecordedValue, type TappedQuery } from './pg-tap';

/** The committed list of the last release's statements (ADR 064), written by `npm run db:record-queries`. */
export const RELEASE_QUERIES_FILE = new URL('./previous-release.json', import.meta.url);

export interface ReleaseQueries {
  /** Where the list was recorded: the commit and the newest migration it ran on. */
  recordedAt: { commit: string; migration: string };
  queries: TappedQuery[];
}

/**
 * What the app (and its tests) ask of the schema: reads and writes. Not DDL, session settings or the migrator's own
 * bookkeeping, and nothing that names a test's throw-away PostgreSQL schema.
 */
export function isReleaseQuery(text: string): boolean {
  const head = text
    .replace(/^(\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)+/, '')
    .slice(0, 10)
    .toLowerCase();
  if (!/^(select|insert|update|delete|with)\b/.test(head)) return false;
  if (/kysely_migration|migration_checksums|schema_migrations/i.test(text)) return false;
  return !/\bt_[0-9a-f]{12}\b/.test(text);
}

// The columns of the last result, from the tap; installed when this module loads, before a test opens its database.
let lastFields: string[] = [];
tapQueries((q) => {
  lastFields = q.fields;
});

const decode = (v: RecordedValue): unknown => (v !== null && typeof v === 'object' ? Buffer.from(v.b64, 'base64') : v);

/**
 * Whether a statement that ran in the recorded release fails here because of the schema, not the data: class 42
 * (a table, column, function or privilege gone, a type changed under an operator) and a NOT NULL column the statement
 * does not name (added without a default, so the release's INSERTs cannot fill it). Unique, foreign-key and check
 * violations are the data of an empty database, not the schema.
 */
function schemaProblem(err: unknown, text: string): boolean {
  const { code, column } = err as { code?: string; column?: string };
  if (code?.startsWith('42')) return true;
  return code === '23502' && !!column && !new RegExp(`\\b${column}\\b`).test(text);
}

/**
 * Runs each recorded statement with its recorded values on `db`, each inside a savepoint rolled back (one transaction,
 * nothing stays), and answers what no longer works: statements the schema refuses, and results that lack a column the
 * release read (a `SELECT *` of a table that lost one). `ddl` runs first in the same transaction, so it is rolled back
 * too: a migration tried out on a migrated database without keeping it.
 */
export async function replayReleaseQueries(db: AnyDb, queries: TappedQuery[], ddl?: string): Promise<string[]> {
  const problems: string[] = [];
  const short = (text: string) => text.replace(/\s+/g, ' ').slice(0, 160);
  await db.connection().execute(async (conn) => {
    const run = (text: string, values: unknown[] = []) => conn.executeQuery(CompiledQuery.raw(text, values));
    await run('BEGIN');
    try {
      if (ddl) await run(ddl);
      for (const q of queries) {
        await run('SAVEPOINT release_query');
        lastFields = [];
        try {
          await run(q.text, q.values.map(decode));
          const missing = q.fields.filter((f) => !lastFields.includes(f));
          if (missing.length) problems.push(`${short(q.text)} → the result lacks ${missing.join(', ')}`);
        } catch (err) {
          if (schemaProblem(err, q.text)) problems.push(`${short(q.text)} → ${(err as Error).message}`);
        }
        await run('ROLLBACK TO SAVEPOINT release_query');
      }
    } finally {
      await run('ROLLBACK');
    }
  });
  return problems;
}
