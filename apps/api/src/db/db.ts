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

export interface PostgresOptions {
  searchPath?: string;
  max?: number;
  /** Overrides of the timeouts of `postgresTimeouts()` (milliseconds). */
  timeouts?: Partial<PostgresTimeouts>;
}

export async function openPostgres(connectionString: string, options: PostgresOptions = {}): Promise<Db> {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    ...postgresTimeouts(options.timeouts),
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  survivePoolErrors(pool);
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
      // A checked-out client whose backend dies between queries emits 'error' on itself, not on the pool.
      let broken: Error | undefined;
      const onError = (err: Error) => {
        broken = err;
      };
      conn.on('error', onError);
      try {
        await conn.query('BEGIN');
        const result = await fn(wrap(conn));
        await conn.query('COMMIT');
        return result;
      } catch (err) {
        await conn.query('ROLLBACK').catch(() => {});
        broken ??= isDatabaseUnavailable(err) ? (err as Error) : undefined;
        throw err;
      } finally {
        conn.off('error', onError);
        // A broken connection is destroyed instead of going back to the pool.
        conn.release(broken ?? false);
      }
    },
    close: () => pool.end(),
  });
  // Fail fast on a bad URL instead of on the first request.
  await pool.query('SELECT 1');
  return wrap(pool);
}

// ── Surviving the database (issue 7) ──────────────────────────────────────────────────────────────

export interface PostgresTimeouts {
  /** Waiting for a free pooled connection or a new one. */
  connectionTimeoutMillis: number;
  /** Server-side limit of one statement. */
  statement_timeout: number;
  /** Server-side limit of a transaction left idle (a stuck request never holds row locks for long). */
  idle_in_transaction_session_timeout: number;
  /** Server-side limit of waiting for a row lock. */
  lock_timeout: number;
  /** Client-side limit of one query (covers a server that stopped answering). */
  query_timeout: number;
  /** Idle pooled connections are closed after this. */
  idleTimeoutMillis: number;
}

/** Connection, statement and idle-in-transaction timeouts: no request can hold a connection (or row locks) for long. */
export function postgresTimeouts(overrides: Partial<PostgresTimeouts> = {}): PostgresTimeouts {
  return {
    connectionTimeoutMillis: 3_000,
    statement_timeout: 10_000,
    idle_in_transaction_session_timeout: 15_000,
    lock_timeout: 10_000,
    query_timeout: 12_000,
    idleTimeoutMillis: 30_000,
    ...overrides,
  };
}

/**
 * An idle pooled connection whose backend is terminated (a restart, a failover, `pg_terminate_backend`) makes the pool
 * emit 'error'; without a listener that kills the process. The pool has already dropped the connection; the next
 * query opens a new one, so all there is to do is to note it.
 */
export function survivePoolErrors(pool: pg.Pool, log: (msg: string) => void = (m) => console.warn(m)): void {
  pool.on('error', (err: Error & { code?: string }) => {
    log(`database connection lost (${err.code ?? err.name}); the pool reconnects on the next query`);
  });
}

/** SQLSTATE classes and Node error codes that mean "the database is away", not "the request is wrong". */
const UNAVAILABLE_SQLSTATE = /^(08|53|57P0[1-4]|57014|25P03|55P03|40P01)/;
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
const UNAVAILABLE_TEXT =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout|not queryable|Client was closed|Cannot use a pool after calling end|not currently accepting connections|the database system is/i;

/** True for errors that a retry later may fix: answer 503 with Retry-After, not 500. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 3) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown; severity?: unknown };
  // FATAL ends the session (e.g. 55000 "database is not currently accepting connections" while connecting).
  if (e.severity === 'FATAL' || e.severity === 'PANIC') return true;
  if (typeof e.code === 'string' && (UNAVAILABLE_SQLSTATE.test(e.code) || UNAVAILABLE_NODE_CODES.has(e.code))) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_TEXT.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
