import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { CPF_MARIA, codeOf } from './helpers';

/**
 * Fault-test harness (issue 7): the real server (`src/server.ts`) as a child process on a database created for the
 * test alone, a bounded load of reads and writes against it, and a record of every answer.
 */

const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO_ROOT = path.resolve(API_ROOT, '../..');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The server URL of DATABASE_URL with another database name. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function adminQuery(url: string, sql: string, params: unknown[] = []): Promise<pg.QueryResult> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await c.connect();
  try {
    return await c.query(sql, params);
  } finally {
    await c.end().catch(() => {});
  }
}

/** The role that creates databases and runs migrations: MIGRATION_DATABASE_URL's when .ci/run splits the roles (ADR 010). */
export const adminDatabaseUrl = (): string | undefined =>
  process.env.DATABASE_URL && (process.env.MIGRATION_DATABASE_URL ?? process.env.DATABASE_URL);

/**
 * A database of the test's own, made by `baseUrl`'s role. `url` connects as that role (the owner); `runtimeUrl` as
 * DATABASE_URL's role when MIGRATION_DATABASE_URL is set, else as the owner too.
 */
export async function createTestDatabase(
  baseUrl: string,
): Promise<{ name: string; url: string; runtimeUrl: string; migrationUrl?: string; drop(): Promise<void> }> {
  const name = `guarita_fault_${randomBytes(5).toString('hex')}`;
  await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
  const split = process.env.MIGRATION_DATABASE_URL && process.env.DATABASE_URL;
  return {
    name,
    url: withDatabase(baseUrl, name),
    runtimeUrl: withDatabase(split ? process.env.DATABASE_URL! : baseUrl, name),
    ...(split ? { migrationUrl: withDatabase(baseUrl, name) } : {}),
    drop: async () => {
      await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export interface ServerChild {
  base: string;
  child: ChildProcess;
  /** Exit code/signal if the process ended; null while it runs. */
  exited(): { code: number | null; signal: NodeJS.Signals | null } | null;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts `node --import tsx src/server.ts` on a free port of 127.0.0.1 and waits for /healthz. The server runs as
 * `db.runtimeUrl`'s role and migrates as `db.migrationUrl`'s when given (never the run's own MIGRATION_DATABASE_URL,
 * which names another database).
 */
export async function startServer(db: { runtimeUrl: string; migrationUrl?: string }): Promise<ServerChild> {
  const port = await freePort();
  let out = '';
  let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const { MIGRATION_DATABASE_URL: _runs, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(API_ROOT, 'src/server.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...inherited,
      ...(db.migrationUrl ? { MIGRATION_DATABASE_URL: db.migrationUrl } : {}),
      NODE_ENV: 'test',
      DEMO_MODE: 'true',
      DATABASE_URL: db.runtimeUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_FACTOR: '1000',
      WEB_DIST: '/nonexistent-guarita-web-dist',
      DATA_DIR: path.join(REPO_ROOT, 'node_modules/.cache/guarita-fault'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  child.on('exit', (code, signal) => (exit = { code, signal }));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exit) throw new Error(`server exited during start-up: ${JSON.stringify(exit)}\n${out}`);
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start in 90 s\n${out}`);
    await sleep(100);
  }
  return {
    base,
    child,
    exited: () => exit,
    output: () => out,
    stop: async () => {
      if (exit) return;
      const done = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([done, sleep(10_000)]);
      if (!exit) child.kill('SIGKILL');
    },
  };
}

/** Logs Maria in through the real protocol (code read from the demo outbox) and answers her AccessToken. */
export async function loginMaria(base: string): Promise<string> {
  const post = (url: string, body: unknown) =>
    fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const start = (await (await post('/api/auth/login', { documento: CPF_MARIA })).json()) as { Sessao: string };
  const code = await post('/api/auth/code', { Sessao: start.Sessao, canal: 'sms' });
  if (code.status !== 202) throw new Error(`code ${code.status}`);
  const outbox = (await (await fetch(`${base}/api/dev/outbox`)).json()) as { body: string }[];
  const verify = await post('/api/auth/verify', { Sessao: start.Sessao, CodigoAutenticacao: codeOf(outbox[0]) });
  if (verify.status !== 200) throw new Error(`verify ${verify.status}`);
  return ((await verify.json()) as { AccessToken: string }).AccessToken;
}

export interface Answer {
  at: number;
  kind: 'read' | 'write' | 'ready';
  status: number;
  retryAfter: string | null;
  mensagem?: string;
  /** Written login session id, for writes answered 2xx. */
  written?: string;
}

/**
 * A bounded load: `workers` loops, each alternating a read (GET /api/contracts with a token), a write
 * (POST /api/auth/login → a login_sessions row) and a readiness probe, pausing `pauseMs` between requests.
 * Network errors (status 0) are recorded too: they would mean the process is gone.
 */
export function runLoad(base: string, token: string, opts: { workers?: number; pauseMs?: number } = {}) {
  const answers: Answer[] = [];
  let running = true;
  const record = async (kind: Answer['kind'], req: () => Promise<Response>) => {
    const at = Date.now();
    try {
      const res = await req();
      const text = await res.text();
      let json: { mensagem?: string; Sessao?: string } = {};
      try {
        json = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      answers.push({
        at,
        kind,
        status: res.status,
        retryAfter: res.headers.get('retry-after'),
        ...(json.mensagem ? { mensagem: json.mensagem } : {}),
        ...(kind === 'write' && res.ok && json.Sessao ? { written: json.Sessao } : {}),
      });
    } catch {
      answers.push({ at, kind, status: 0, retryAfter: null });
    }
  };
  const worker = async (n: number) => {
    let i = n;
    while (running) {
      const step = i++ % 3;
      if (step === 0) await record('read', () => fetch(`${base}/api/contracts`, { headers: { authorization: `Bearer ${token}` } }));
      else if (step === 1)
        await record('write', () =>
          fetch(`${base}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ documento: CPF_MARIA }),
          }),
        );
      else await record('ready', () => fetch(`${base}/readyz`));
      await sleep(opts.pauseMs ?? 25);
    }
  };
  const loops = Array.from({ length: opts.workers ?? 4 }, (_, n) => worker(n));
  return {
    answers,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Waits until `ok()` holds, polling every 50 ms; answers the milliseconds it took (or throws after `maxMs`). */
export async function waitFor(ok: () => Promise<boolean>, maxMs: number): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    if (await ok().catch(() => false)) return Date.now() - t0;
    if (Date.now() - t0 > maxMs) throw new Error(`not within ${maxMs} ms`);
    await sleep(50);
  }
}

/** Every login session id answered 2xx that is not in the database. */
export async function missingWrites(dbUrl: string, answers: Answer[]): Promise<string[]> {
  const written = answers.flatMap((a) => (a.written ? [a.written] : []));
  const { rows } = await adminQuery(dbUrl, 'SELECT id FROM login_sessions WHERE id = ANY($1::text[])', [written]);
  const found = new Set(rows.map((r: { id: string }) => r.id));
  return written.filter((id) => !found.has(id));
}
