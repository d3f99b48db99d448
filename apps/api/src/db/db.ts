import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The one door to SQL. PGlite (embedded) and PostgreSQL speak the same dialect, so repositories don't care. */
export interface Db {
  readonly dialect: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements (migrations, seed); no parameters. */
  exec(script: string): Promise<void>;
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

// Calendar dates stay 'YYYY-MM-DD' strings: a JS Date would shift them by the server's time zone.
const DATE_OID = 1082;
const INT8_OID = 20;
pg.types.setTypeParser(DATE_OID, (v: string) => v);
pg.types.setTypeParser(INT8_OID, (v: string) => Number(v));

export async function openPglite(dataDir?: string): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // Loaded only when used: a PostgreSQL deployment never pays for the embedded engine.
  const { PGlite } = await import('@electric-sql/pglite');
  const lite = await PGlite.create(dataDir, {
    parsers: { [DATE_OID]: (v: string) => v, [INT8_OID]: (v: string) => Number(v) },
  });
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Omit<Db, 'transaction' | 'close'> => ({
    dialect: 'pglite',
    async query<T>(text: string, params: unknown[] = []) {
      return (await q.query<T>(text, params)).rows;
    },
    async exec(script: string) {
      await q.exec(script);
    },
  });
  const db: Db = {
    ...wrap(lite),
    transaction: (fn) => lite.transaction(async (tx) => fn({ ...wrap(tx), transaction: (inner) => inner(db), close: async () => {} })),
    close: () => lite.close(),
  };
  return db;
}

export async function openPostgres(connectionString: string, options: { searchPath?: string; max?: number } = {}): Promise<Db> {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  const wrap = (client: pg.Pool | pg.PoolClient): Db => ({
    dialect: 'postgres',
    async query<T>(text: string, params: unknown[] = []) {
      return (await client.query(text, params)).rows as T[];
    },
    async exec(script: string) {
      await client.query(script);
    },
    transaction: async (fn) => {
      if (client !== pool) return fn(wrap(client)); // already inside one
      const conn = await pool.connect();
      try {
        await conn.query('BEGIN');
        const result = await fn(wrap(conn));
        await conn.query('COMMIT');
        return result;
      } catch (err) {
        await conn.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        conn.release();
      }
    },
    close: () => pool.end(),
  });
  // Fail fast on a bad URL instead of on the first request.
  await pool.query('SELECT 1');
  return wrap(pool);
}
