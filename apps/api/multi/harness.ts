import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { openPostgres, type Database } from '../src/db/db';
import { migrateWithOwner } from '../src/db/roles';
import { adminQuery, sleep, withDatabase } from '../test/fault-harness';

/**
 * Issue 29 item 1: the outside world of two API processes — one PostgreSQL database of the test's own (migrated once,
 * before either starts), one S3-compatible store (s3rver), a mail server and an SMS gateway that record what reaches
 * them, and a round-robin proxy in front of both. Everything listens on 127.0.0.1 on fixed ports (MULTI_PORT_BASE, 4100
 * unless set) so a failure's log names them.
 */

const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO_ROOT = path.resolve(API_ROOT, '../..');
const BASE_PORT = Number(process.env.MULTI_PORT_BASE ?? 4100);
export const PORTS = { proxy: BASE_PORT, a: BASE_PORT + 1, b: BASE_PORT + 2, smtp: BASE_PORT + 3, sms: BASE_PORT + 4, s3: BASE_PORT + 5 };
const local = (port: number) => `http://127.0.0.1:${port}`;

export interface Mail {
  to: string[];
  /** The Message-ID header: the notification worker's job key (SmtpNotifier), or nodemailer's random one for a login code. */
  messageId: string;
  raw: string;
}

/** The mail server: every message it accepts, in order. */
export async function startSmtp(): Promise<{ mails: Mail[]; close(): Promise<void> }> {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        const id = raw.match(/^Message-ID:\s*(<[^>]*>)/im)?.[1] ?? '';
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), messageId: id, raw });
        cb();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(PORTS.smtp, '127.0.0.1', () => resolve());
  });
  return { mails, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The SMS gateway (HttpSmsNotifier's protocol: POST {to, message} with a bearer token). */
export async function startSmsGateway(
  token: string,
): Promise<{ messages: Array<{ to: string; message: string }>; close(): Promise<void> }> {
  const messages: Array<{ to: string; message: string }> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.headers.authorization !== `Bearer ${token}`) return void res.writeHead(401).end();
      messages.push(JSON.parse(body) as { to: string; message: string });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await listen(server, PORTS.sms);
  return { messages, close: () => closeServer(server) };
}

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverCtor = new (opts: Record<string, unknown>) => S3rverInstance;

/** s3rver on its own folder, with the uploads bucket; its built-in credentials are S3RVER/S3RVER. */
export async function startS3(bucket: string): Promise<{ endpoint: string; close(): Promise<void> }> {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverCtor;
  const dir = mkdtempSync(path.join(tmpdir(), 'guarita-multi-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: PORTS.s3,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  await server.run();
  return {
    endpoint: local(PORTS.s3),
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface MultiDatabase {
  name: string;
  /** The owner role's connection (migrations, the test's own rows and reads, as an operator would). */
  owner: Database;
  /** What the app processes connect as: DATABASE_URL's role when .ci/run splits the roles, else the owner. */
  runtimeUrl: string;
  drop(): Promise<void>;
}

/**
 * A database of the test's own on DATABASE_URL's server, made by the owner role (MIGRATION_DATABASE_URL's when .ci/run
 * splits the roles) and migrated once, here, with the runtime grants: neither app process migrates (MIGRATE_ON_START=false).
 */
export async function createMultiDatabase(adminUrl: string): Promise<MultiDatabase> {
  const name = `guarita_multi_${randomBytes(5).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const split = Boolean(process.env.MIGRATION_DATABASE_URL && process.env.DATABASE_URL);
  const ownerUrl = withDatabase(adminUrl, name);
  const runtimeUrl = withDatabase(split ? process.env.DATABASE_URL! : adminUrl, name);
  const owner = await openPostgres(ownerUrl, { max: 4 });
  const drop = async () => {
    await owner.destroy().catch(() => {});
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  try {
    const runtime = split ? await openPostgres(runtimeUrl, { max: 1 }) : owner;
    try {
      await migrateWithOwner(runtime, owner);
    } finally {
      if (runtime !== owner) await runtime.destroy();
    }
  } catch (err) {
    await drop();
    throw err;
  }
  return { name, owner, runtimeUrl, drop };
}

/** Every instance started and not yet stopped, also those whose start-up never finished (a hook that timed out). */
const started = new Set<Instance>();
// An interrupted run (the runner exits without its afterAll): no server outlives it.
process.once('exit', () => {
  for (const instance of started) instance.child.kill('SIGKILL');
});

/** Stops every instance still running: afterAll's net for those a failed or timed-out start-up never handed back. */
export async function stopAllInstances(): Promise<void> {
  await Promise.all([...started].map((i) => i.stop()));
}

export interface Instance {
  name: 'A' | 'B';
  base: string;
  port: number;
  child: ChildProcess;
  output(): string;
  exited(): boolean;
  stop(): Promise<void>;
}

/**
 * `node --import tsx src/server.ts` as production runs it (NODE_ENV=production: no demo mode, no outbox, no dev
 * routes), on `port`, with `env` (the database, the store, the mail server and the gateway); ready when /readyz is 200.
 */
export async function startInstance(name: 'A' | 'B', port: number, env: Record<string, string>): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `guarita-multi-${name}-`));
  // Nothing from the runner's database settings leaks in: only what the test chooses.
  const { DATABASE_URL: _d, MIGRATION_DATABASE_URL: _m, NODE_ENV: _n, ...inherited } = process.env;
  let out = '';
  let exited = false;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(API_ROOT, 'src/server.ts')], {
    cwd: REPO_ROOT,
    env: { ...inherited, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  child.on('exit', () => (exited = true));
  const instance: Instance = {
    name,
    base: local(port),
    port,
    child,
    output: () => out,
    exited: () => exited,
    stop: async () => {
      if (!exited) {
        const done = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([done, sleep(15_000)]);
        if (!exited) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
      started.delete(instance);
    },
  };
  started.add(instance);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) {
      await instance.stop();
      throw new Error(`instance ${name} exited during start-up:\n${out}`);
    }
    const ready = await fetch(`${instance.base}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) return instance;
    if (Date.now() > deadline) {
      await instance.stop();
      throw new Error(`instance ${name} not ready in 120 s:\n${out}`);
    }
    await sleep(200);
  }
}

export interface Proxy {
  base: string;
  /** Which instance answered each request, in order. */
  served: Array<{ method: string; url: string; instance: string }>;
  close(): Promise<void>;
}

/**
 * The test's load balancer: each request goes to the next instance in turn, headers and body as they came (the client's
 * X-Forwarded-For included, so the apps, trusting one hop, see the address the test names), the answer streamed back.
 */
export async function startProxy(instances: Instance[]): Promise<Proxy> {
  const served: Proxy['served'] = [];
  let next = 0;
  const server = http.createServer((req, res) => {
    const target = instances[next++ % instances.length]!;
    served.push({ method: req.method ?? 'GET', url: req.url ?? '/', instance: target.name });
    const upstream = http.request(
      { host: '127.0.0.1', port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await listen(server, PORTS.proxy);
  return { base: local(PORTS.proxy), served, close: () => closeServer(server) };
}

function listen(server: http.Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

function closeServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((r) => server.close(() => r()));
}
