import { mkdirSync } from 'node:fs';
import { CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

/**
 * The one door to SQL: Kysely over a node-postgres pool. PostgreSQL gets a real pool; the embedded PGlite
 * gets a one-connection pool through PGlite's own node-postgres adapter, so both databases run the same
 * driver, the same type parsers and the same transaction code (ADR 005).
 */
export type Database = Kysely<DB>;

// Calendar dates stay 'YYYY-MM-DD' strings: a JS Date would shift them by the server's time zone.
// int8 (count(*), bigint sums) become numbers: every value we keep fits in 2^53.
const DATE_OID = 1082;
const INT8_OID = 20;
pg.types.setTypeParser(DATE_OID, (v: string) => v);
pg.types.setTypeParser(INT8_OID, (v: string) => Number(v));

export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // Loaded only when used: a PostgreSQL deployment never pays for the embedded engine.
  const [{ PGlite }, { createPgConfig }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/node-postgres'),
  ]);
  const lite = await PGlite.create(dataDir);
  const { connection } = createPgConfig(lite);
  // One connection: PGlite is a single session, so transactions must queue rather than interleave.
  const pool = new pg.Pool({ connection, max: 1, idleTimeoutMillis: 0 } as pg.PoolConfig);
  const endPool = pool.end.bind(pool);
  pool.end = (async () => {
    await endPool();
    await lite.close();
  }) as typeof pool.end;
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

export async function openPostgres(connectionString: string, options: { searchPath?: string; max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  // Fail fast on a bad URL instead of on the first request.
  await pool.query('SELECT 1');
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * Runs a statement written as text with $1… parameters. Only for tests and scripts that poke at tables
 * directly; application code uses the query builder or the `sql` tag.
 */
export async function rawQuery<T = Record<string, unknown>>(db: Kysely<DB>, text: string, params: unknown[] = []): Promise<T[]> {
  return (await db.executeQuery<T>(CompiledQuery.raw(text, params))).rows;
}
