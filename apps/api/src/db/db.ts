import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CompiledQuery, Kysely } from 'kysely';
import pg from 'pg';
import { pino } from 'pino';
import { GuaritaDialect } from './dialect';
import type { DB } from './schema';

/**
 * The one door to SQL: Kysely over a node-postgres pool. PostgreSQL gets a real pool; the embedded PGlite
 * gets a one-connection pool through PGlite's own node-postgres adapter, so both databases run the same
 * driver, the same type parsers and the same transaction code (ADR 005).
 */
export type Database = Kysely<DB>;

/** The connection a query runs on: the pool, or the caller's transaction (Kysely's Transaction is a Kysely). */
export type Executor = Kysely<DB>;

// Calendar dates stay 'YYYY-MM-DD' strings: a JS Date would shift them by the server's time zone.
// int8 (count(*), bigint sums) become numbers: every value we keep fits in 2^53.
const DATE_OID = 1082;
const INT8_OID = 20;
pg.types.setTypeParser(DATE_OID, (v: string) => v);
pg.types.setTypeParser(INT8_OID, (v: string) => Number(v));

/** Each database's pool, for the metrics (connections in use, requests waiting for one). */
const pools = new WeakMap<Kysely<DB>, pg.Pool>();

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** The pool behind `db` right now; null for a database not opened here. */
export function poolStats(db: Kysely<DB>): PoolStats | null {
  const pool = pools.get(db);
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
}

/** Distinct statement texts given a name at most; beyond them (a runaway of generated SQL) statements stay unnamed. */
const MAX_NAMED_STATEMENTS = 1_000;
const statementNames = new Map<string, string>();

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `g${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Prepared statements: node-postgres parses a named statement once per connection and then only binds and
 * executes it (a parameterized read costs about half on PGlite). Kysely builds the same text for the same query
 * shape, so every parameterized statement gets a stable name from its text. Statements without parameters
 * (migrations, BEGIN/COMMIT, multi-statement scripts) go through unchanged.
 */
function nameStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const [text, values] = args;
      if (args.length === 2 && typeof text === 'string' && Array.isArray(values) && values.length > 0) {
        const name = statementName(text);
        if (name) return query({ name, text, values });
      }
      return query(...args);
    };
  });
}

/**
 * PGlite's page cache inside its WASM memory (PostgreSQL's default is 128MB, which made the memory grow from 128 to
 * 189 MB and stay there). A cache only: durability is unchanged and a page not in it is read from the data directory
 * (ADR 049).
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/**
 * A new data directory is initialised (initdb) by a short-lived Node process of its own: PGlite's initdb left about
 * 550 MB resident in the process that ran it (a second WASM instance and copies of its memory), which the server
 * would carry for its whole life (ADR 049). An existing directory is left alone.
 */
async function initDataDirApart(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script =
    `require(${JSON.stringify(entry)}).PGlite.create(${JSON.stringify(dataDir)})` +
    '.then((lite) => lite.close()).catch((err) => { process.stderr.write(String((err && err.stack) || err)); process.exit(1); });';
  await new Promise<void>((resolve, reject) => {
    // The child's words reach the log only through the error below (every line through pino, ADR 067).
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`PGlite initdb of ${dataDir} failed (exit ${code ?? signal})${stderr ? `: ${stderr.trim()}` : ''}`)),
    );
  });
}

export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    await initDataDirApart(dataDir);
  }
  // Loaded only when used: a PostgreSQL deployment never pays for the embedded engine.
  const [{ PGlite }, { createPgConfig }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/node-postgres'),
  ]);
  const lite = await PGlite.create(dataDir, {
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  const { connection } = createPgConfig(lite);
  // One connection: PGlite is a single session, so transactions must queue rather than interleave.
  const pool = new pg.Pool({ connection, max: 1, idleTimeoutMillis: 0 } as pg.PoolConfig);
  nameStatements(pool);
  const endPool = pool.end.bind(pool);
  pool.end = (async () => {
    await endPool();
    await lite.close();
  }) as typeof pool.end;
  const db = new Kysely<DB>({ dialect: new GuaritaDialect({ pool }) });
  pools.set(db, pool);
  return db;
}

export interface PostgresOptions {
  searchPath?: string;
  max?: number;
  /** Overrides of the timeouts of `postgresTimeouts()` (milliseconds). */
  timeouts?: Partial<PostgresTimeouts>;
  /** Where a lost connection is noted: the server's logger; by default a pino logger of the pool's own. */
  log?: DbLog;
}

export async function openPostgres(connectionString: string, options: PostgresOptions = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    ...postgresTimeouts(options.timeouts),
    // JIT off: our statements are short OLTP reads and writes; a row estimate that trips the JIT threshold (the trips
    // page's range join is estimated at ~1M rows for ~1,000 real ones) spent ~200 ms compiling for 8 ms of work.
    options: ['-c jit=off', ...(options.searchPath ? [`-c search_path=${options.searchPath}`] : [])].join(' '),
  });
  survivePoolErrors(pool, options.log);
  nameStatements(pool);
  // Fail fast on a bad URL instead of on the first request.
  await pool.query('SELECT 1');
  const db = new Kysely<DB>({ dialect: new GuaritaDialect({ pool }) });
  pools.set(db, pool);
  return db;
}

/**
 * Runs a statement written as text with $1… parameters. Only for tests and scripts that poke at tables
 * directly; application code uses the query builder or the `sql` tag.
 */
export async function rawQuery<T = Record<string, unknown>>(db: Kysely<DB>, text: string, params: unknown[] = []): Promise<T[]> {
  return (await db.executeQuery<T>(CompiledQuery.raw(text, params))).rows;
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
    connectionTimeoutMillis: 10_000,
    statement_timeout: 10_000,
    idle_in_transaction_session_timeout: 15_000,
    lock_timeout: 10_000,
    query_timeout: 12_000,
    idleTimeoutMillis: 30_000,
    ...overrides,
  };
}

/** The one thing the pool logs (a pino logger fits). */
export interface DbLog {
  warn(obj: object, msg: string): void;
}

/**
 * An idle pooled connection whose backend is terminated (a restart, a failover, `pg_terminate_backend`) makes the pool
 * emit 'error'; without a listener that kills the process. The pool has already dropped the connection; the next
 * query opens a new one, so all there is to do is to note it.
 */
export function survivePoolErrors(pool: pg.Pool, log: DbLog = pino({ name: 'db' })): void {
  const note = (err: Error & { code?: string }) =>
    log.warn({ code: err.code ?? err.name }, 'database connection lost; the pool reconnects on the next query');
  pool.on('error', note);
  // A checked-out client (inside a transaction, between two queries) has no pool listener: its 'error' would be
  // unhandled. Every client gets one for life; the pool drops a client that is no longer queryable on release.
  pool.on('connect', (client) => client.on('error', note));
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
