/**
 * The restore drill (issue 28 item 9, ADR 065), run by `.ci/run` on PostgreSQL: a database of its own with the two roles
 * (README, Database roles), `npm run migrate`, the real server writing through the API (Maria pays an overdue bill by
 * card; a contestation with a PDF goes to S3-compatible storage, s3rver as in the tests), then pg_dump, DROP DATABASE,
 * pg_restore into a new one, and the server started again reads the same bills and downloads the same attachment.
 * Along the way it checks the deployment step of ADR 064: the server with MIGRATE_ON_START=false refuses the empty
 * database, and starts on the migrated and on the restored one with the runtime role's own credentials.
 *
 * PGURL_ADMIN (default postgres://postgres@127.0.0.1:5432/postgres): a role that may create databases; it is the owner.
 * RUNTIME_ROLE (default guarita_app): the role the app runs as, created (LOGIN, nothing else) when missing.
 * DRILL_PORT (default 3202): the server's port.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';

const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN = process.env.PGURL_ADMIN ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RUNTIME_ROLE = process.env.RUNTIME_ROLE ?? 'guarita_app';
const PORT = Number(process.env.DRILL_PORT ?? 3202);
const DB = `guarita_drill_${Date.now().toString(36)}_${process.pid}`;
const CPF_MARIA = '52998224725';
const PDF = Buffer.from(`%PDF-1.4\n1 0 obj<< /Type /Catalog >>endobj\n% restore drill ${randomUUID()}\ntrailer<< /Root 1 0 R >>\n%%EOF\n`);
const BUCKET = 'guarita-uploads';
const S3_KEY = 'S3RVER'; // s3rver's built-in credentials

const urlOf = (base: string, database: string, user?: string) => {
  const u = new URL(base);
  u.pathname = `/${database}`;
  if (user) {
    u.username = user;
    u.password = '';
  }
  return u.toString();
};
const OWNER_URL = urlOf(ADMIN, DB);
const RUNTIME_URL = urlOf(ADMIN, DB, RUNTIME_ROLE);

const started = Date.now();
const timings: Record<string, number> = {};
async function step<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const t = Date.now();
  const out = await fn();
  timings[name] = Date.now() - t;
  console.log(`restore drill: ${name} (${timings[name]} ms)`);
  return out;
}
function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`restore drill: ${what}`);
}

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(cmd, args, { cwd: API_ROOT, env, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) =>
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

// ── the server, as an operator runs it ─────────────────────────────────────────────────────────────────────────
const dataDir = mkdtempSync(path.join(tmpdir(), 'guarita-drill-'));
const s3Dir = mkdtempSync(path.join(tmpdir(), 'guarita-drill-s3-'));
let s3Endpoint = '';
const { DATABASE_URL: _d, MIGRATION_DATABASE_URL: _m, ...inherited } = process.env;
const serverEnv = (): NodeJS.ProcessEnv => ({
  ...inherited,
  NODE_ENV: 'test',
  DEMO_MODE: 'true',
  MIGRATE_ON_START: 'false',
  DATABASE_URL: RUNTIME_URL,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  WEB_DIST: '/nonexistent-guarita-web-dist',
  DATA_DIR: dataDir,
  S3_BUCKET: BUCKET,
  S3_ENDPOINT: s3Endpoint,
  S3_ACCESS_KEY_ID: S3_KEY,
  S3_SECRET_ACCESS_KEY: S3_KEY,
});
const SERVER = ['--import', 'tsx', path.join(API_ROOT, 'src/server.ts')];
const base = `http://127.0.0.1:${PORT}`;
let server: ChildProcess | undefined;

async function startServer(): Promise<void> {
  let out = '';
  let exited = false;
  const child = spawn(process.execPath, SERVER, { cwd: API_ROOT, env: serverEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  server = child;
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  child.once('exit', () => (exited = true));
  const deadline = Date.now() + 180_000;
  for (;;) {
    check(!exited, `the server exited during start-up:\n${out}`);
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    check(Date.now() < deadline, `the server did not get ready in 180 s:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
async function stopServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([done, new Promise((r) => setTimeout(r, 15_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

// ── the customer, through the API ──────────────────────────────────────────────────────────────────────────────
async function api(method: string, url: string, token?: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return res;
}
async function json<T = Record<string, unknown>>(res: Response, status: number, what: string): Promise<T> {
  const text = await res.text();
  check(res.status === status, `${what}: HTTP ${res.status} (expected ${status}) ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}
/** Maria's login through the real protocol, the code read from the demo outbox. */
async function login(): Promise<string> {
  const { Sessao } = await json<{ Sessao: string }>(
    await api('POST', '/api/auth/login', undefined, { documento: CPF_MARIA }),
    200,
    'login',
  );
  check((await api('POST', '/api/auth/code', undefined, { Sessao, canal: 'sms' })).status === 202, 'code request');
  const outbox = await json<{ body: string }[]>(await api('GET', '/api/dev/outbox'), 200, 'outbox');
  const code = /\b(\d{6})\b/.exec(outbox[0]?.body ?? '')?.[1];
  check(!!code, 'no code in the outbox');
  const verified = await json<{ AccessToken: string }>(
    await api('POST', '/api/auth/verify', undefined, { Sessao, CodigoAutenticacao: code }),
    200,
    'verify',
  );
  return verified.AccessToken;
}

interface Seen {
  bills: unknown;
  caseId: string;
  caseDetail: unknown;
  attachmentUrl: string;
}
async function writeThroughTheApi(): Promise<Seen> {
  const token = await login();
  const before = await json(await api('GET', '/api/contracts/100101/bills', token), 200, 'bills');
  const summary = await json<{ totalEmAberto: number }>(await api('GET', '/api/payments/contracts/100101', token), 200, 'summary');
  check(summary.totalEmAberto > 0, 'Maria has no overdue bill on 100101 to pay');
  await json(
    await api(
      'POST',
      '/api/payments/contracts/100101/card-payment',
      token,
      { valorTotal: summary.totalEmAberto },
      { 'idempotency-key': randomUUID() },
    ),
    200,
    'card payment',
  );
  const bills = await json(await api('GET', '/api/contracts/100101/bills', token), 200, 'bills after the payment');
  check(!isDeepStrictEqual(bills, before), 'the payment changed none of the bills');

  const boundary = `----guarita${randomUUID()}`;
  const dados = JSON.stringify({
    tipo: 'contestacao',
    telefone: '(31) 98765-4321',
    descricao: 'Cobrança em dobro (teste de restauração).',
  });
  const created = await json<{ Id: string }>(
    await fetch(`${base}/api/cases/contracts/100102`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'idempotency-key': randomUUID(),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="dados"\r\n\r\n${dados}\r\n`),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="arquivos"; filename="fatura.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        PDF,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    }),
    201,
    'case with an attachment',
  );
  const caseDetail = await json<{ anexos: { Id: string }[] }>(await api('GET', `/api/cases/${created.Id}`, token), 200, 'case');
  const attachmentUrl = `/api/cases/${created.Id}/attachments/${caseDetail.anexos[0]!.Id}`;
  return { bills, caseId: created.Id, caseDetail, attachmentUrl };
}

async function readAfterRestore(seen: Seen): Promise<void> {
  const token = await login();
  const bills = await json(await api('GET', '/api/contracts/100101/bills', token), 200, 'bills after the restore');
  check(
    isDeepStrictEqual(bills, seen.bills),
    `the bills differ after the restore:\n${JSON.stringify(bills)}\n${JSON.stringify(seen.bills)}`,
  );
  const detail = await json(await api('GET', `/api/cases/${seen.caseId}`, token), 200, 'case after the restore');
  check(isDeepStrictEqual(detail, seen.caseDetail), 'the case differs after the restore');
  const file = await api('GET', seen.attachmentUrl, token);
  check(file.status === 200, `attachment after the restore: HTTP ${file.status}`);
  check(Buffer.from(await file.arrayBuffer()).equals(PDF), 'the attachment differs after the restore');
}

// ── the drill ──────────────────────────────────────────────────────────────────────────────────────────────────
interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)('s3rver') as new (opts: Record<string, unknown>) => S3rverInstance;
const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
const dump = path.join(dataDir, `${DB}.dump`);

try {
  s3Endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
  await admin(
    `DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${RUNTIME_ROLE}') THEN CREATE ROLE ${RUNTIME_ROLE} LOGIN; END IF; END $$`,
  );
  await admin(`CREATE DATABASE ${DB}`);

  await step('the server refuses the unmigrated database (MIGRATE_ON_START=false)', async () => {
    const res = await run(process.execPath, SERVER, serverEnv());
    check(
      res.code !== 0 && /Run `npm run migrate`/.test(res.out),
      `expected a refusal naming npm run migrate, got exit ${res.code}:\n${res.out}`,
    );
  });
  await step('npm run migrate (owner migrates, runtime role granted)', async () => {
    const res = await run(process.execPath, ['--import', 'tsx', path.join(API_ROOT, 'src/migrate-cli.ts')], {
      ...inherited,
      DATABASE_URL: RUNTIME_URL,
      MIGRATION_DATABASE_URL: OWNER_URL,
    });
    check(res.code === 0, `npm run migrate failed:\n${res.out}`);
  });
  await step('server start (demo seed)', startServer);
  const seen = await step('writes through the API: a card payment, a case with a PDF in S3', writeThroughTheApi);
  await step('server stop', stopServer);

  await step('pg_dump (custom format)', async () => {
    const res = await run('pg_dump', ['--format=custom', `--file=${dump}`, OWNER_URL]);
    check(res.code === 0, `pg_dump failed:\n${res.out}`);
  });
  await step('DROP DATABASE', () => admin(`DROP DATABASE ${DB} WITH (FORCE)`));
  await step('pg_restore into a new database', async () => {
    await admin(`CREATE DATABASE ${DB}`);
    const res = await run('pg_restore', ['--exit-on-error', `--dbname=${OWNER_URL}`, dump]);
    check(res.code === 0, `pg_restore failed:\n${res.out}`);
  });

  await step('server start on the restored database (schema check as the runtime role)', startServer);
  await step('reads after the restore: the same bills, the same case, the same attachment bytes', () => readAfterRestore(seen));
  await stopServer();
  console.log(
    `restore drill: passed in ${((Date.now() - started) / 1000).toFixed(1)} s; dump ${(statSync(dump).size / 1024).toFixed(0)} kB ` +
      `(pg_dump ${timings['pg_dump (custom format)']} ms, drop + restore ${timings['DROP DATABASE']! + timings['pg_restore into a new database']!} ms)`,
  );
} finally {
  await stopServer();
  await s3.close().catch(() => {});
  await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`).catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(s3Dir, { recursive: true, force: true });
}
