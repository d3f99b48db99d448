import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { pino } from 'pino';
import { Keyring } from './lib/keys';
import { SECRET_VARIABLES, isPublishedSecret, isPublishedSecretHash } from './published-secrets';
import type { GrowingDelay } from './lib/rate-limit';
import { parseTrustProxy } from './lib/trust-proxy';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * What each variable means, for the README's configuration table (`npm run docs:config` writes it from the schema
 * below; test/config-docs.test.ts fails when the two differ). `shownDefault`: the default in words, when the schema's
 * own (or its absence) is not what a reader needs.
 */
export interface ConfigDoc {
  /** Absent: the variable shares the row of the variable above it (PORT and HOST). */
  meaning?: string;
  shownDefault?: string;
}
export const configDocs = z.registry<ConfigDoc>();
/** A variable with its own row in the README's table. */
const doc = <T extends z.ZodType>(schema: T, meaning: string, shownDefault?: string): T => {
  configDocs.add(schema as z.ZodType, { meaning, ...(shownDefault === undefined ? {} : { shownDefault }) });
  return schema;
};
/** A variable shown in the row of the variable above it. */
const also = <T extends z.ZodType>(schema: T, shownDefault?: string): T => {
  configDocs.add(schema as z.ZodType, shownDefault === undefined ? {} : { shownDefault });
  return schema;
};

export const EnvSchema = z.object({
  NODE_ENV: doc(
    z.string().default('development'),
    '`production`: start-up refuses a deployment that lacks something (see "What production requires" below); `test` and `bench`: the test suites and the bench',
  ),
  PORT: doc(z.coerce.number().int().min(0).max(65535).default(3000), 'where the app listens'),
  HOST: also(z.string().default('0.0.0.0')),
  DATA_DIR: doc(z.string().default('./data'), 'embedded PGlite database folder (and the demo secret)'),
  DATABASE_URL: doc(
    z.string().optional(),
    'use PostgreSQL instead of PGlite (same migrations); the role the app runs as (see Database roles). Required when `NODE_ENV=production`',
  ),
  /** The owner role that runs migrations (PostgreSQL); DATABASE_URL is then the runtime role, which cannot alter tables. */
  MIGRATION_DATABASE_URL: doc(
    z.string().optional(),
    "PostgreSQL only: the owner role that runs the migrations and grants `DATABASE_URL`'s role its privileges at start (see Database roles)",
  ),
  MIGRATE_ON_START: doc(
    bool.optional(),
    "apply pending migrations at start (the demo's one-command start). Off: `npm run migrate` is a deployment step of its own, and the server refuses to start on a schema behind its release ([ADR 064](docs/decisions/064-expand-contract-migrations.md))",
    'on; off under `NODE_ENV=production`',
  ),
  DATABASE_POOL_SIZE: doc(
    z.coerce.number().int().min(1).max(500).default(10),
    "PostgreSQL only: connections in the app's pool (per instance; keep instances × this below the server's `max_connections`)",
  ),
  DATABASE_STATEMENT_TIMEOUT_MS: doc(
    z.coerce.number().int().min(100).max(3_600_000).default(10_000),
    'PostgreSQL only: the longest a statement may run (server-side `statement_timeout`); the client gives up 2 s later',
  ),
  DEMO_MODE: doc(
    bool.optional(),
    'demo seed, outbox and dev-only routes; `NODE_ENV=production` refuses to start with it on ([ADR 062](docs/decisions/062-keys-and-rotation.md))',
    '`true` unless `NODE_ENV=production` or an `https` `PUBLIC_URL`',
  ),
  TEST_FACTORIES: doc(
    bool.optional(),
    "the e2e suite's data factory, `POST /api/test/customers` ([ADR 071](docs/decisions/071-e2e-data.md)); only with demo mode, `NODE_ENV=production` refuses it",
    'off',
  ),
  /** Signs JWTs and keys the one-time-code hashes. Demo mode derives a per-install secret when unset. */
  AUTH_SECRET: doc(
    z.string().min(32).optional(),
    '≥ 32 chars; one key per purpose is derived from it (tokens, code and refresh hashes, cookies, seals). Required outside demo mode; production refuses any secret written in this repository ([ADR 062](docs/decisions/062-keys-and-rotation.md))',
    'demo: random, kept in `DATA_DIR/auth-secret`',
  ),
  /** During a rotation (ADR 062): the secret AUTH_SECRET replaced; it still verifies and opens, never signs or seals. */
  AUTH_SECRET_PREVIOUS: doc(
    z.string().min(32).optional(),
    'during a rotation, the secret `AUTH_SECRET` replaced: still verifies tokens and opens seals, never signs; each start re-seals the staff authenticator secrets under `AUTH_SECRET` (also `npm run keys:reseal`). How to rotate: [ADR 062](docs/decisions/062-keys-and-rotation.md)',
  ),
  PUBLIC_URL: doc(
    z.string().default('http://localhost:3000'),
    "the portal's address: links in e-mails, Secure cookies and HSTS (`https://…`). Required, and `https://`, when `NODE_ENV=production`; in demo mode e-mail links follow the address the app is served at",
  ),
  WEB_DIST: doc(z.string().optional(), "the web app's build folder", '`apps/web/dist`'),
  LOG_LEVEL: doc(z.string().default('info'), "pino's level: `fatal`, `error`, `warn`, `info`, `debug`, `trace`"),
  /** The OpenAPI UI and document at /api/docs; default: off in production, on elsewhere. */
  API_DOCS: doc(bool.optional(), 'serve the OpenAPI document and its UI at `/api/docs`', 'off under `NODE_ENV=production`, on elsewhere'),
  /** Who may name the client in X-Forwarded-For: false, a number of hops (true = 1) or proxy addresses (ADR 010). */
  TRUST_PROXY: doc(
    z
      .string()
      .default('false')
      .transform((v, ctx) => {
        const r = parseTrustProxy(v);
        if ('error' in r) ctx.addIssue({ code: 'custom', message: r.error });
        return 'value' in r ? r.value : false;
      }),
    "who may name the client in `X-Forwarded-For` (rate limits and the audit log use the client IP): `false`; a number of proxy hops, `true` = 1 (the nearest must connect from a private or loopback address); or the proxies' addresses and CIDR ranges, comma-separated (`10.0.0.0/8,192.0.2.7`). Never the left-most entry, which the client writes (ADR 010)",
  ),
  /** Multiplies every abuse limit; only for test servers that log the same demo customer in many times. */
  RATE_LIMIT_FACTOR: doc(
    z.coerce.number().int().min(1).max(1000).default(1),
    'multiplies the login/contact abuse limits; only for test servers (the e2e suite uses 20)',
  ),
  // Notifier adapters
  SMTP_URL: doc(z.string().optional(), 'real e-mail (nodemailer), e.g. `smtp://user:pass@host:587`. Required outside demo mode'),
  MAIL_FROM: also(z.string().default('Guarita <nao-responda@guarita.example>')),
  SMS_PROVIDER_URL: doc(
    z.string().url().optional(),
    'HTTP SMS gateway: `POST {to, message}` with a bearer token. The address is required outside demo mode, the token too under `NODE_ENV=production`',
  ),
  SMS_PROVIDER_TOKEN: also(z.string().optional()),
  CONTACT_INBOX: doc(z.string().default('contato@guarita.example'), 'where the contact form is delivered'),
  ALTCHA_HMAC_KEY: doc(
    z.string().optional(),
    "signs the contact form's proof-of-work captcha (ALTCHA, self-hosted, enforced)",
    'a key derived from `AUTH_SECRET`',
  ),
  // Brand and contact facts shown in the UI (spec placeholders {product}, {phone}, {email}).
  BRAND_NAME: doc(z.string().default('Guarita'), 'brand and contact facts shown in the UI', 'demo values'),
  PHONE_SALES: also(z.string().default('0800 000 1010'), ''),
  PHONE_THEFT: also(z.string().default('0800 000 1190'), ''),
  PHONE_ASSISTANCE: also(z.string().default('0800 000 2424'), ''),
  SUPPORT_PHONE: also(z.string().default('4000 1762'), ''),
  SUPPORT_EMAIL: also(z.string().default('atendimento@guarita.example'), ''),
  COMPANY_ADDRESS: also(z.string().default('Av. Afonso Pena, 1500 — Centro, Belo Horizonte/MG, 30130-005'), ''),
  // Payments (issue 3): Pix receiver and PSP webhook secret. Demo mode falls back to demo values
  // (modules/payments/settings.ts); outside it, no PIX_KEY = no Pix, no secret = every webhook refused.
  PIX_KEY: doc(z.string().optional(), 'the receiver in every Pix BR Code; without a key outside demo mode Pix answers 503', 'demo values'),
  PIX_MERCHANT_NAME: also(z.string().optional(), ''),
  PIX_MERCHANT_CITY: also(z.string().optional(), ''),
  PIX_WEBHOOK_SECRET: doc(
    z.string().min(16).optional(),
    'HMAC-SHA256 secret of the PSP webhook (`x-webhook-signature: sha256=<hex>`); without it every webhook is refused',
    'demo value',
  ),
  // Plan, trips and sign-on (issue 10): map tiles, the demo tracker simulator, sign-on API keys (hashed).
  MAP_TILE_URL: doc(
    z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    'map tiles on `/mapa` (`{z}/{x}/{y}`, `{s}` allowed); the tile host is added to the CSP. Offline demo/tests: `/api/dev/tile.png?z={z}&x={x}&y={y}` (blank tile, demo mode only)',
    "OpenStreetMap's standard tiles",
  ),
  MAP_TILE_ATTRIBUTION: also(z.string().default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'), ''),
  /** Runs the built-in tracking simulator (a demo vehicle that moves); default: demo mode outside tests. */
  TRACKING_SIMULATOR: doc(
    bool.optional(),
    "the built-in tracking feed: contract 100101's Onix drives around Belo Horizonte",
    'on in demo mode (not under `NODE_ENV=test`)',
  ),
  TRACKING_SIMULATOR_INTERVAL_MS: also(z.coerce.number().int().min(200).max(600_000).default(5000)),
  // Customer notifications (issue 13 §3, ADR 056): the delivery worker in the API process (default on outside tests).
  NOTIFY_WORKER: doc(
    bool.optional(),
    'the notification worker in the API process: how often it scans (Pix about to expire, silent trackers) and delivers due e-mails; the first retry after an SMTP failure (doubling, capped at 1 h, given up after 8 attempts)',
    'on (not under `NODE_ENV=test`)',
  ),
  NOTIFY_POLL_MS: also(z.coerce.number().int().min(200).max(600_000).default(5000)),
  NOTIFY_RETRY_BASE_SECONDS: also(z.coerce.number().int().min(0).max(3600).default(60)),
  /** Comma-separated `id:sha256hex` of the keys allowed to issue sign-on tokens. Demo mode adds the demo key. */
  SSO_API_KEYS: doc(
    z.string().optional(),
    '`id:sha256hex[,…]`: SHA-256 of each key allowed to issue sign-on tokens',
    '— (demo mode adds the demo key)',
  ),
  // Support cases (issue 9): where attachments live (default DATA_DIR/uploads) and the per-customer quota.
  UPLOADS_DIR: doc(
    z.string().optional(),
    "where case attachments are stored (local disk) and each customer's total attachment quota. `NODE_ENV=production` wants either `UPLOADS_DIR` or `S3_BUCKET`, named",
    '`DATA_DIR/uploads`',
  ),
  UPLOAD_QUOTA_MB: also(z.coerce.number().int().min(1).max(100_000).default(50)),
  /** CEP lookup: unset = the built-in table of real CEPs; set = ViaCEP (or a service with its JSON shape) at this base. */
  VIACEP_URL: doc(
    z.string().url().optional(),
    'CEP lookup of the registration-change form: unset = built-in table of real CEPs (every capital, the demo addresses); e.g. `https://viacep.com.br/ws` for ViaCEP',
    '— (built-in table)',
  ),
  CEP_LOOKUP_TIMEOUT_MS: also(z.coerce.number().int().min(100).max(60_000).default(5000)),
  /** Uploads in S3-compatible object storage instead of local disk (ADR 035): bucket and endpoint. */
  S3_BUCKET: doc(
    z.string().optional(),
    'store case attachments in S3-compatible object storage (MinIO, AWS) instead of `UPLOADS_DIR` (ADR 035); the bucket needs both keys',
  ),
  S3_ENDPOINT: also(z.string().url().optional(), 'AWS'),
  S3_REGION: also(z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: also(z.string().optional()),
  S3_SECRET_ACCESS_KEY: also(z.string().optional()),
  /** Path-style URLs ({endpoint}/{bucket}/{key}), as MinIO and most S3-compatible servers want. */
  S3_FORCE_PATH_STYLE: also(bool.default(true)),
  /** Back office (issue 13): a staff session unused this many minutes ends. */
  STAFF_IDLE_MINUTES: doc(
    z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
    'a staff (back-office) session unused this long ends',
  ),
  // Retention (issue 28 item 8, ADR 066): one housekeeping job deletes what the policy lets go, in small batches.
  RETENTION_JOB: doc(
    bool.optional(),
    'the housekeeping job in the API process ([ADR 066](docs/decisions/066-retention.md)): how often it runs and how many rows one statement deletes (each batch holds its locks for milliseconds; N instances may all run it)',
    'on (not under `NODE_ENV=test` or `bench`)',
  ),
  RETENTION_INTERVAL_MINUTES: also(
    z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(10),
  ),
  RETENTION_BATCH_SIZE: also(z.coerce.number().int().min(100).max(100_000).default(5000)),
  RETENTION_SESSIONS_DAYS: doc(
    z.coerce.number().int().min(1).max(3650).default(30),
    'days kept after they expire: login sessions and their codes, refresh-token families and their tokens',
  ),
  RETENTION_ACCESS_LOG_DAYS: doc(
    z.coerce.number().int().min(1).max(3650).default(180),
    "days kept: sign-on tokens (with the caller's address) and staff sessions; Marco Civil art. 15 asks for 6 months of access records",
  ),
  RETENTION_NOTIFICATIONS_DAYS: doc(
    z.coerce.number().int().min(1).max(3650).default(180),
    "days kept: a customer's notifications (the bell), and the delivery records of their e-mails once sent, failed or skipped",
  ),
  RETENTION_DELIVERIES_DAYS: also(z.coerce.number().int().min(1).max(3650).default(30)),
  RETENTION_ANALYTICS_DAYS: doc(z.coerce.number().int().min(1).max(3650).default(365), 'days kept: product analytics events'),
  RETENTION_POSITIONS_DAYS: doc(
    z.coerce.number().int().min(1).max(3650).default(395),
    "days kept: tracker positions and the trips drawn from them (13 months: a trip is comparable with last year's, [ADR 032](docs/decisions/032-positions-scale.md))",
  ),
  // Graceful shutdown (issue 28 item 6): readiness turns 503 first, then the server drains and closes.
  SHUTDOWN_DELAY_MS: doc(
    z.coerce.number().int().min(0).max(120_000).optional(),
    'on SIGTERM: how long `/readyz` answers 503 while requests are still served (the load balancer stops sending), before the server stops accepting; then the whole shutdown may take this long before the process exits anyway',
    '5000 under `NODE_ENV=production`, else 0',
  ),
  SHUTDOWN_TIMEOUT_MS: also(z.coerce.number().int().min(1000).max(600_000).default(25_000)),
  // Observability (ADR 067): traces off unless an OTLP endpoint is named; metrics off unless a token or a port is.
  OTEL_EXPORTER_OTLP_ENDPOINT: doc(
    z.string().url().optional(),
    'OpenTelemetry traces (HTTP, SQL, outbound calls) sent by OTLP/HTTP to this collector (`/v1/traces` is added); unset = tracing off and no tracing code loaded. The server must start with `--import` of the tracing preload, as `npm run serve` does ([ADR 067](docs/decisions/067-observability.md))',
    'off',
  ),
  OTEL_SERVICE_NAME: doc(z.string().min(1).default('guarita-api'), 'the service name the traces carry'),
  TRACES_SAMPLE_RATIO: doc(
    z.coerce.number().min(0).max(1).default(1),
    "share of new traces kept (0–1); a caller's sampled `traceparent` is always followed",
  ),
  METRICS_TOKEN: doc(
    z.string().min(32).optional(),
    'Prometheus metrics at `GET /metrics` on the main port, for `Authorization: Bearer <token>` only (≥ 32 chars); also asked on `METRICS_PORT` when both are set',
    'off',
  ),
  METRICS_PORT: doc(
    z.coerce.number().int().min(0).max(65535).optional(),
    'Prometheus metrics at `/metrics` on a listener of its own: publish this port to the monitoring network only',
    'off',
  ),
  METRICS_HOST: also(z.string().default('0.0.0.0')),
});

export type Env = z.infer<typeof EnvSchema>;

export interface AppConfig {
  env: Env;
  production: boolean;
  demoMode: boolean;
  /** Apply pending migrations at start (MIGRATE_ON_START); off, start-up refuses a schema behind this release (ADR 064). */
  migrateOnStart: boolean;
  /** PUBLIC_URL is https: Secure cookies and HSTS (`servesHttps`). */
  secure: boolean;
  /** One key per purpose, derived from AUTH_SECRET (and AUTH_SECRET_PREVIOUS during a rotation); ADR 062. */
  keys: Keyring;
  altchaKey: string;
  /** Serve /api/docs (API_DOCS). */
  apiDocs: boolean;
  /** Limits on login abuse; tests shrink them. */
  limits: {
    windowSeconds: number;
    lookupsPerIp: number;
    /** Ceiling per document, whoever asks (against spraying); past it a new device solves a challenge (issue 23); a trusted device is not counted in it. */
    codeRequestsPerDocument: number;
    /** Per document from one IP, and per trusted device: the limit the owner meets first. */
    codeRequestsPerDocumentIp: number;
    codeRequestsPerIp: number;
    /** Per document+IP and (without a trusted device) per document; past the per-document one, a challenge (issue 23). */
    verifyPerDocument: number;
    /** Guesses at a live code per document per 24 h without a solved challenge each (NIST SP 800-63B §5.2.2). */
    guessesPerDocumentDay: number;
    verifyPerIp: number;
    wrongTriesPerCode: number;
    contactPerIp: number;
  };
  tokens: {
    accessSeconds: number;
    refreshAbsoluteSeconds: number;
    codeSeconds: number;
    /** A rotated refresh token presented again within this window returns the same successor (parallel tabs). */
    refreshGraceSeconds: number;
  };
  /** Staff login and sessions (ADR 055); tests shrink them. */
  staff: {
    maxFailures: number;
    lockSeconds: number;
    idleSeconds: number;
    /** Absolute life of a staff session token, however active. */
    tokenSeconds: number;
    loginsPerIp: number;
    /** Wrong passwords per (e-mail, address): a few free, then a wait that doubles (ADR 055). */
    passwordDelay: GrowingDelay;
  };
  brand: {
    name: string;
    phoneSales: string;
    phoneTheft: string;
    phoneAssistance: string;
    supportPhone: string;
    supportEmail: string;
    address: string;
  };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  // Before parsing: a published secret too short for its variable is still named as published.
  if (source.NODE_ENV === 'production') refuseUnsafeProduction(source);
  const env = EnvSchema.parse(source);
  const production = env.NODE_ENV === 'production';
  const secure = servesHttps(env.PUBLIC_URL);
  // An https PUBLIC_URL is a deployment: demo mode stays off there unless DEMO_MODE=true says otherwise.
  const demoMode = env.DEMO_MODE ?? (!production && !secure);
  if (!env.AUTH_SECRET && !demoMode) throw new Error('AUTH_SECRET (≥ 32 characters) is required outside demo mode');
  if (env.AUTH_SECRET && !demoMode && isWeakSecret(env.AUTH_SECRET)) throw new Error('AUTH_SECRET is too weak: use ≥ 32 random characters');
  if (env.AUTH_SECRET_PREVIOUS && !demoMode && isWeakSecret(env.AUTH_SECRET_PREVIOUS))
    throw new Error('AUTH_SECRET_PREVIOUS is too weak: use ≥ 32 random characters');
  // The links in e-mails and SMS, the Secure cookies and HSTS all follow PUBLIC_URL: a deployment must name its https address.
  if (production && !(source.PUBLIC_URL && secure))
    throw new Error(
      'Produção exige PUBLIC_URL com o endereço https do portal. / NODE_ENV=production requires PUBLIC_URL, the https:// address customers use.',
    );
  if (production) refuseIncompleteProduction(env);
  // The factory hands out customers whose login codes the demo outbox shows: never without demo mode.
  if (env.TEST_FACTORIES && !demoMode) throw new Error('TEST_FACTORIES=true requires demo mode (it is for the e2e test server only)');
  const authSecret = env.AUTH_SECRET ?? demoSecret(env.DATA_DIR);
  const keys = new Keyring(authSecret, env.AUTH_SECRET_PREVIOUS);
  const f = env.RATE_LIMIT_FACTOR;
  const base: AppConfig = {
    env,
    production,
    demoMode,
    migrateOnStart: env.MIGRATE_ON_START ?? !production,
    secure,
    keys,
    altchaKey: env.ALTCHA_HMAC_KEY ?? keys.key('altcha').toString('base64url'),
    apiDocs: env.API_DOCS ?? !production,
    limits: {
      windowSeconds: 15 * 60,
      lookupsPerIp: 60 * f,
      codeRequestsPerDocument: 20 * f,
      codeRequestsPerDocumentIp: 5 * f,
      codeRequestsPerIp: 30 * f,
      verifyPerDocument: 15 * f,
      guessesPerDocumentDay: 100 * f,
      verifyPerIp: 60 * f,
      wrongTriesPerCode: 5,
      contactPerIp: 10 * f,
    },
    staff: {
      maxFailures: 5,
      lockSeconds: 15 * 60,
      idleSeconds: env.STAFF_IDLE_MINUTES * 60,
      tokenSeconds: 12 * 3600,
      loginsPerIp: 30 * f,
      passwordDelay: { free: 3, baseSeconds: 2, maxSeconds: 300 },
    },
    tokens: { accessSeconds: 15 * 60, refreshAbsoluteSeconds: 30 * 24 * 3600, codeSeconds: 10 * 60, refreshGraceSeconds: 10 },
    brand: {
      name: env.BRAND_NAME,
      phoneSales: env.PHONE_SALES,
      phoneTheft: env.PHONE_THEFT,
      phoneAssistance: env.PHONE_ASSISTANCE,
      supportPhone: env.SUPPORT_PHONE,
      supportEmail: env.SUPPORT_EMAIL,
      address: env.COMPANY_ADDRESS,
    },
  };
  return {
    ...base,
    ...overrides,
    limits: { ...base.limits, ...overrides.limits },
    tokens: { ...base.tokens, ...overrides.tokens },
    staff: { ...base.staff, ...overrides.staff },
  };
}

/**
 * NODE_ENV=production refuses what anyone reading this repository could use: demo mode (every customer's login code at
 * /api/dev/outbox, the staff authenticator codes, the demo sign-on key) and every secret written in the source.
 */
function refuseUnsafeProduction(source: NodeJS.ProcessEnv): void {
  if (source.DEMO_MODE === 'true' || source.DEMO_MODE === '1')
    throw new Error(
      'Produção não inicia em modo demonstração: remova DEMO_MODE ou use DEMO_MODE=false. / ' +
        'NODE_ENV=production refuses DEMO_MODE=true: unset DEMO_MODE or set it to false.',
    );
  if (source.TEST_FACTORIES === 'true' || source.TEST_FACTORIES === '1')
    throw new Error(
      'Produção não inicia com TEST_FACTORIES: a fábrica de dados é só do servidor dos testes e2e. / ' +
        'NODE_ENV=production refuses TEST_FACTORIES=true: the data factory is for the e2e test server only.',
    );
  for (const name of SECRET_VARIABLES) {
    const value = source[name];
    if (value && isPublishedSecret(value))
      throw new Error(
        `${name} é um segredo publicado no repositório do Guarita; gere outro. / ` +
          `${name} is a secret published in Guarita's repository: generate a new one (e.g. openssl rand -base64 48).`,
      );
  }
  for (const entry of (source.SSO_API_KEYS ?? '').split(',')) {
    const hash = entry.split(':')[1];
    if (hash && isPublishedSecretHash(hash))
      throw new Error(
        `SSO_API_KEYS contém a chave de demonstração publicada no repositório (${entry.split(':')[0]}). / ` +
          `SSO_API_KEYS holds a key published in Guarita's repository (${entry.split(':')[0]}): issue a new key.`,
      );
  }
}

/**
 * The one answer to "is this deployment served over https?": Secure cookies, HSTS, demo mode's default and
 * production's refusal all follow it. A PUBLIC_URL that is no URL is not https.
 */
export function servesHttps(publicUrl: string): boolean {
  try {
    return new URL(publicUrl).protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * NODE_ENV=production refuses to start without what a deployment cannot do without, all named in one message so an
 * operator fixes them in one go: without DATABASE_URL the app would silently keep every customer in an embedded
 * database on the container's disk; without a named place for uploads they land on that disk too; without SMTP and the
 * SMS gateway no login code reaches anyone.
 */
function refuseIncompleteProduction(env: Env): void {
  const missing: string[] = [];
  if (!env.DATABASE_URL) missing.push('DATABASE_URL (PostgreSQL; the embedded PGlite is for the demo and the tests)');
  else if (!/^postgres(ql)?:\/\//i.test(env.DATABASE_URL)) missing.push('DATABASE_URL as postgres://…');
  if (!env.S3_BUCKET && !env.UPLOADS_DIR)
    missing.push('S3_BUCKET (object storage) or UPLOADS_DIR (a local uploads folder, named on purpose)');
  if (env.S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY))
    missing.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY for S3_BUCKET');
  if (!env.SMTP_URL) missing.push('SMTP_URL (e-mail)');
  if (!env.SMS_PROVIDER_URL || !env.SMS_PROVIDER_TOKEN) missing.push('SMS_PROVIDER_URL and SMS_PROVIDER_TOKEN (the SMS gateway)');
  if (missing.length)
    throw new Error(
      `Produção não inicia sem: ${missing.map((m) => m.split(' (')[0]).join(', ')}. / NODE_ENV=production requires: ${missing.join('; ')}.`,
    );
}

/** Too few distinct characters to be random (e.g. 'aaaa…', '0123…0123'). */
function isWeakSecret(secret: string): boolean {
  return new Set(secret).size < 10;
}

export const DEMO_SECRET_FILE = 'auth-secret';

/**
 * Demo mode without AUTH_SECRET: a random secret generated once and kept in DATA_DIR/auth-secret (mode 0600), so logins
 * survive restarts and no two installs share a secret. When DATA_DIR cannot be written (e.g. a read-only container on
 * PostgreSQL), the secret lives in memory only: it is still random, logins end at the next restart, and a warning says so.
 */
export function demoSecret(dataDir: string, warn: (m: string) => void = (m) => pino({ name: 'config' }).warn(m)): string {
  const file = path.resolve(dataDir, DEMO_SECRET_FILE);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) {
      if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
      return existing;
    }
  } catch {
    /* not there yet */
  }
  const secret = randomBytes(32).toString('base64url');
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    // Another process created it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    warn(`Could not write ${file} (${(err as NodeJS.ErrnoException).code}): demo logins will not survive a restart. Set AUTH_SECRET.`);
    return secret;
  }
}

/**
 * The tracing preload's reading of the environment (tracing/preload.ts): only the observability variables, parsed by the
 * same schema as the server's, so the preload needs no secret and refuses what the server would refuse.
 */
export function tracingSettings(source: NodeJS.ProcessEnv = process.env) {
  return EnvSchema.pick({ OTEL_EXPORTER_OTLP_ENDPOINT: true, OTEL_SERVICE_NAME: true, TRACES_SAMPLE_RATIO: true }).parse(source);
}

/** What `npm start` prints when demo mode is on: impossible to miss in a deployment log. */
export function demoBanner(config: Pick<AppConfig, 'demoMode' | 'env'>): string | null {
  if (!config.demoMode) return null;
  const line = '!'.repeat(78);
  return [
    line,
    '!! MODO DEMONSTRAÇÃO / DEMO MODE IS ON',
    '!! Demo data, one-time codes on the console and at /api/dev/outbox, dev-only routes, sandbox payments.',
    '!! Never expose this to customers. For a deployment set DEMO_MODE=false (or NODE_ENV=production,',
    '!! or an https:// PUBLIC_URL) together with AUTH_SECRET, SMTP_URL and SMS_PROVIDER_URL.',
    config.env.AUTH_SECRET
      ? null
      : `!! Tokens are signed with a random secret kept in ${path.resolve(config.env.DATA_DIR, DEMO_SECRET_FILE)}.`,
    line,
  ]
    .filter(Boolean)
    .join('\n');
}
