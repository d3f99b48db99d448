import { z } from 'zod';
import { parseTrustProxy } from './lib/trust-proxy';

/** The environment variables the API reads, validated and documented (config.ts turns them into the AppConfig). */

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
  // Pix PSP (issue 27 item 5, ADR 076): the static BR Code (the demo default) or a PSP's BCB API Pix (mTLS + OAuth2).
  PIX_PSP: doc(
    z.enum(['static', 'api-pix']).default('static'),
    'how Pix charges are made: `static` (a BR Code with `PIX_KEY`; payments arrive by the HMAC-signed webhook) or `api-pix` (a dynamic charge at the PSP through the BCB API Pix, each notification confirmed by querying the charge; needs `PIX_KEY` and the `PIX_API_URL` group below, refused without them)',
  ),
  PIX_API_URL: doc(
    z.string().url().optional(),
    "API Pix: the PSP's base URL (`…/api/v2`), the OAuth2 client id and secret (token endpoint `PIX_TOKEN_URL`, by default `<origin>/oauth/token`), our mTLS client certificate and its private key (PEM text or a file path), and the CA of the PSP's server certificate (PEM or path; default the system store). At the PSP, register `PUBLIC_URL/api/payments/pix/api-pix/webhook` as the key's webhook",
  ),
  PIX_TOKEN_URL: also(z.string().url().optional()),
  PIX_CLIENT_ID: also(z.string().min(1).optional()),
  PIX_CLIENT_SECRET: also(z.string().min(1).optional()),
  PIX_CERT: also(z.string().min(1).optional()),
  PIX_CERT_KEY: also(z.string().min(1).optional()),
  PIX_CA: also(z.string().min(1).optional()),
  // Card provider (issue 27, ADR 074/075): the built-in sandbox (browser-side JWE, DB vault) or Adyen's Checkout API.
  CARD_GATEWAY: doc(
    z.enum(['sandbox', 'adyen']).optional(),
    'the card provider: `sandbox` (built in: test cards, its own hosted pages at `/sandbox/*`) or `adyen` (needs the four `ADYEN_*` keys below). `NODE_ENV=production` refuses to start unless it is set: `sandbox` there only on purpose, for a staging deployment',
    '`sandbox`; must be set under `NODE_ENV=production`',
  ),
  ADYEN_API_KEY: doc(
    z.string().min(1).optional(),
    "Adyen: the Checkout API key, the merchant account, the client key (the browser's card component) and the HMAC key of the webhooks; all four required with `CARD_GATEWAY=adyen`",
  ),
  ADYEN_MERCHANT_ACCOUNT: also(z.string().min(1).optional()),
  ADYEN_CLIENT_KEY: also(z.string().min(1).optional()),
  ADYEN_HMAC_KEY: also(z.string().min(1).optional()),
  ADYEN_LIVE_URL_PREFIX: doc(
    z
      .string()
      .regex(/^[A-Za-z0-9-]+$/)
      .optional(),
    "Adyen live only: your account's prefix of the live Checkout endpoint (`https://{prefix}-checkout-live.adyenpayments.com`, Customer Area → Developers → API URLs); required with a `live_` client key. A `test_` client key uses Adyen's test endpoint ([ADR 075](docs/decisions/075-adyen-adapter.md))",
  ),
  ADYEN_CHECKOUT_URL: doc(
    z.string().url().optional(),
    'Adyen: another Checkout API base, version included (`…/v71`): an egress proxy, or the local fake of the tests and the bench',
    "Adyen's test or live endpoint, by the client key",
  ),
  ADYEN_TIMEOUT_MS: doc(
    z.coerce.number().int().min(1000).max(60_000).default(10_000),
    'Adyen: the longest one attempt of a Checkout call may take; a timeout or 5xx is retried once with the same `Idempotency-Key` (Adyen replays the first outcome), then the payment answers 502 and a retry with the same key gets that first outcome',
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
    'the notification worker in the API process: how often it delivers due e-mails; how often it scans (Pix about to expire, silent trackers: once per period across all instances, [ADR 079](docs/decisions/079-periodic-jobs-once-per-period.md)); the first retry after an SMTP failure (doubling, capped at 1 h, given up after 8 attempts)',
    'on (not under `NODE_ENV=test`)',
  ),
  NOTIFY_POLL_MS: also(z.coerce.number().int().min(200).max(600_000).default(5000)),
  NOTIFY_SCAN_SECONDS: also(z.coerce.number().int().min(5).max(3600).default(60)),
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
    'the housekeeping job in the API process ([ADR 066](docs/decisions/066-retention.md)): how often it runs and how many rows one statement deletes (each batch holds its locks for milliseconds; one pass per interval across N instances, ADR 079)',
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
    'on SIGTERM: how long `/readyz` answers 503 while requests are still served (the load balancer stops sending) before the server stops accepting; and the longest the whole shutdown may take before the process exits anyway (code 1)',
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
