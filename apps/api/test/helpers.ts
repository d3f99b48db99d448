import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import type { FastifyServerOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, loggerOptions } from '../src/app';
import type { Ports } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import { openPglite, openPostgres, rawQuery, type Database } from '../src/db/db';
import { migrateWithOwner } from '../src/db/roles';
import { seedDemo } from '../src/db/seed';
import { OutboxNotifier, type Notification, type Notifier } from '../src/ports/notifier';
import { systemClock, type Clock } from '../src/ports/clock';
import { REFRESH_COOKIE } from '../src/modules/auth/routes';

export { REFRESH_COOKIE };

/** Demo customers of src/db/seed.ts, as the tests use them. */
export const CPF_MARIA = '52998224725'; // SMS + e-mail; contracts 100101, 100102, 100103 (Encerrado), 100104
export const CPF_JOAO = '11144477735'; // e-mail only; contract 200201
export const CNPJ_HORIZONTE = '11222333000181'; // contract 300301
export const CPF_CARLA = '28371946546'; // spare-car demo: contracts 600601–600605, one per blocking rule, 600606 free, 600607 a plan outside MG's list (issue 12)
export const CNPJ_ALFA = '12ABC34501DE35'; // alphanumeric CNPJ; contract 400401

export interface TestOverrides {
  /** Raw environment for loadConfig; NODE_ENV=test and a WEB_DIST with no built SPA unless given. */
  env?: Record<string, string>;
  limits?: Partial<AppConfig['limits']>;
  tokens?: Partial<AppConfig['tokens']>;
  staff?: Partial<AppConfig['staff']>;
  demoMode?: boolean;
  /** Also write every notification to the real demo outbox (dev_outbox table), as demo mode does. */
  outbox?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** Card gateway / Pix PSP adapters instead of the built-in sandbox ones. */
  ports?: Omit<Ports, 'notifier' | 'clock'>;
  /** The app's (and the seed's) clock; the system clock unless given. */
  clock?: Clock;
}

/** Test double of the outside world (SMS gateway / mail server): remembers what would have been sent. */
export class CapturingNotifier implements Notifier {
  readonly sent: Notification[] = [];
  private failures = 0;
  constructor(private readonly forward?: Notifier) {}
  /** The next `times` sends fail, like an SMS gateway or mail server that is down. */
  failNext(times = 1): void {
    this.failures += times;
  }
  async send(n: Notification): Promise<void> {
    if (this.failures > 0) {
      this.failures--;
      throw new Error(`provider down (to ${n.to})`);
    }
    this.sent.push(n);
    if (this.forward) await this.forward.send(n);
  }
}

/** The 6-digit code inside a notification body. */
export function codeOf(n: Pick<Notification, 'body'> | undefined): string {
  const m = n?.body.match(/\b(\d{6})\b/);
  if (!m?.[1]) throw new Error(`no code in notification: ${JSON.stringify(n)}`);
  return m[1];
}

export interface LoginResult {
  Sessao: string;
  IdToken: string;
  AccessToken: string;
  expiresIn: number;
  /** Value of the guarita_rt cookie. */
  refreshToken: string;
  code: string;
}

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: Database;
  /** The owner role's connection (the same as `db` unless MIGRATION_DATABASE_URL is set): factories insert through it. */
  owner: Database;
  /** SQL text with $1… parameters, for tests that look at or change tables directly (as the owner role, like an operator). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  config: AppConfig;
  notifier: CapturingNotifier;
  sent: Notification[];
  close(): Promise<void>;
  /** POST /api/auth/login → /code → /verify with the code the notifier received. */
  login(document: string, channel?: 'sms' | 'email', opts?: { ip?: string }): Promise<LoginResult>;
  /** Starts a login (step 1) and answers its JSON. */
  start(document: string, ip?: string): Promise<{ Sessao: string; Sms: string | null; Email: string | null; canalPadrao: 'sms' | 'email' }>;
  /** Asks for a code (step 2) and answers the code that was delivered. */
  requestCode(Sessao: string, canal: 'sms' | 'email', ip?: string): Promise<string>;
  verify(Sessao: string, CodigoAutenticacao: string, ip?: string): Promise<LightMyRequestResponse>;
  refresh(refreshToken: string): Promise<LightMyRequestResponse>;
  get(url: string, accessToken?: string): Promise<LightMyRequestResponse>;
}

/**
 * An empty database: in-memory PGlite, or a fresh schema on DATABASE_URL's PostgreSQL (dropped by `drop`). With
 * MIGRATION_DATABASE_URL (as .ci/run sets it) the schema is the owner role's: `owner` migrates it and pokes at it, `db`
 * is the runtime role the app runs as (ADR 010). Otherwise `owner` is `db`.
 */
export async function openFreshDb(): Promise<{ db: Database; owner: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await openPglite();
    return { db, owner: db, drop: async () => {} };
  }
  const ownerUrl = process.env.MIGRATION_DATABASE_URL ?? url;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ownerUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  const db = await openPostgres(url, { searchPath: schema, max: 4 });
  const owner = ownerUrl === url ? db : await openPostgres(ownerUrl, { searchPath: schema, max: 2 });
  return {
    db,
    owner,
    drop: async () => {
      if (owner !== db) await owner.destroy().catch(() => {});
      const c = new pg.Client({ connectionString: ownerUrl });
      await c.connect();
      try {
        await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await c.end();
      }
    },
  };
}

export function buildTestConfig(o: TestOverrides = {}): AppConfig {
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    WEB_DIST: '/nonexistent-guarita-web-dist',
    // Demo mode keeps its random secret in DATA_DIR: a scratch folder, never the repository's ./data.
    DATA_DIR: path.join(tmpdir(), `guarita-api-test-${process.pid}`),
    ...o.env,
  };
  if (o.demoMode === false) {
    env.DEMO_MODE = 'false';
    env.AUTH_SECRET ??= 'test-secret-for-non-demo-mode-0123456789abcdef';
  }
  const base = loadConfig(env);
  return {
    ...base,
    ...(o.demoMode === undefined ? {} : { demoMode: o.demoMode }),
    limits: { ...base.limits, ...o.limits },
    tokens: { ...base.tokens, ...o.tokens },
    staff: { ...base.staff, ...o.staff },
  };
}

export async function createTestApp(overrides: TestOverrides = {}): Promise<TestApp> {
  const config = buildTestConfig(overrides);
  const { db, owner, drop } = await openFreshDb();
  let app: TestApp['app'] | undefined;
  try {
    await migrateWithOwner(db, owner);
    const clock = overrides.clock ?? systemClock;
    await seedDemo(db, clock);
    const notifier = new CapturingNotifier(overrides.outbox ? new OutboxNotifier(db, () => {}) : undefined);
    app = await buildApp({ db, config, ports: { ...overrides.ports, notifier, clock }, logger: overrides.logger ?? false });
    await app.ready();
    const a = app;

    const start: TestApp['start'] = async (document, ip) => {
      const res = await a.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { documento: document },
        ...(ip ? { remoteAddress: ip } : {}),
      });
      if (res.statusCode !== 200) throw new Error(`login start ${res.statusCode}: ${res.body}`);
      return res.json();
    };
    const requestCode: TestApp['requestCode'] = async (Sessao, canal, ip) => {
      const before = notifier.sent.length;
      const res = await a.inject({
        method: 'POST',
        url: '/api/auth/code',
        payload: { Sessao, canal },
        ...(ip ? { remoteAddress: ip } : {}),
      });
      if (res.statusCode !== 202) throw new Error(`code request ${res.statusCode}: ${res.body}`);
      if (notifier.sent.length !== before + 1) throw new Error('code request did not send exactly one notification');
      return codeOf(notifier.sent[notifier.sent.length - 1]);
    };
    const verify: TestApp['verify'] = (Sessao, CodigoAutenticacao, ip) =>
      a.inject({ method: 'POST', url: '/api/auth/verify', payload: { Sessao, CodigoAutenticacao }, ...(ip ? { remoteAddress: ip } : {}) });
    const refresh: TestApp['refresh'] = (refreshToken) =>
      a.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { [REFRESH_COOKIE]: refreshToken } });
    const get: TestApp['get'] = (url, accessToken) =>
      a.inject({ method: 'GET', url, headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {} });

    const login: TestApp['login'] = async (document, channel, opts = {}) => {
      const s = await start(document, opts.ip);
      const code = await requestCode(s.Sessao, channel ?? s.canalPadrao, opts.ip);
      const res = await verify(s.Sessao, code, opts.ip);
      if (res.statusCode !== 200) throw new Error(`verify ${res.statusCode}: ${res.body}`);
      const cookie = res.cookies.find((c) => c.name === REFRESH_COOKIE);
      if (!cookie?.value) throw new Error('verify did not set the refresh cookie');
      return { Sessao: s.Sessao, ...res.json(), refreshToken: cookie.value, code };
    };

    let closed = false;
    return {
      app: a,
      db,
      owner,
      query: (text, params) => rawQuery(owner, text, params),
      config,
      notifier,
      sent: notifier.sent,
      start,
      requestCode,
      verify,
      refresh,
      get,
      login,
      async close() {
        if (closed) return;
        closed = true;
        await a.close();
        await db.destroy().catch(() => {}); // a test may have closed it already
        await drop();
      },
    };
  } catch (err) {
    await app?.close().catch(() => {});
    await db.destroy().catch(() => {});
    await drop().catch(() => {});
    throw err;
  }
}

/** A pino destination that keeps every log line, for asserting what never reaches the logs. */
export function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  return { lines, stream, text: () => lines.join('') };
}

/** The server's own logger options (src/app.ts loggerOptions), writing to `stream`. */
export function serverLoggerOptions(stream: Writable, level = 'trace'): FastifyServerOptions['logger'] {
  return loggerOptions(level, stream);
}

/** Decodes a JWT's payload without checking it (what a browser does with the IdToken). */
export function jwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1];
  if (!part) throw new Error('not a JWT');
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A browser's FormData as the body of an `app.inject` request: the bytes and the content type with its boundary,
 * serialized by the platform's own encoder (what fetch sends), not by hand.
 */
export async function formBody(form: FormData): Promise<{ payload: Buffer; contentType: string }> {
  const encoded = new Response(form);
  const contentType = encoded.headers.get('content-type');
  if (!contentType) throw new Error('FormData without a content type');
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType };
}

/** A file part of a FormData: the bytes, a name and a type, like a file the person picked. */
export function fileOf(data: Buffer | string, filename: string, type = 'application/octet-stream'): [Blob, string] {
  return [new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type }), filename];
}

/** Every file under `dir` (an uploads folder), none when it does not exist. */
export function listFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => path.join(d.parentPath, d.name));
  } catch {
    return [];
  }
}
