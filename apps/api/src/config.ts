import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { Keyring } from './lib/keys';
import { SECRET_VARIABLES, isPublishedSecret, isPublishedSecretHash } from './published-secrets';
import type { GrowingDelay } from './lib/rate-limit';
import { parseTrustProxy } from './lib/trust-proxy';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** The owner role that runs migrations (PostgreSQL); DATABASE_URL is then the runtime role, which cannot alter tables. */
  MIGRATION_DATABASE_URL: z.string().optional(),
  DEMO_MODE: bool.optional(),
  /** The e2e suite's data factory, POST /api/test/customers (ADR 071): only with demo mode, refused in production. */
  TEST_FACTORIES: bool.optional(),
  /** Signs JWTs and keys the one-time-code hashes. Demo mode derives a per-install secret when unset. */
  AUTH_SECRET: z.string().min(32).optional(),
  /** During a rotation (ADR 062): the secret AUTH_SECRET replaced; it still verifies and opens, never signs or seals. */
  AUTH_SECRET_PREVIOUS: z.string().min(32).optional(),
  PUBLIC_URL: z.string().default('http://localhost:3000'),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.string().default('info'),
  /** The OpenAPI UI and document at /api/docs; default: off in production, on elsewhere. */
  API_DOCS: bool.optional(),
  /** Who may name the client in X-Forwarded-For: false, a number of hops (true = 1) or proxy addresses (ADR 010). */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      const r = parseTrustProxy(v);
      if ('error' in r) ctx.addIssue({ code: 'custom', message: r.error });
      return 'value' in r ? r.value : false;
    }),
  /** Multiplies every abuse limit; only for test servers that log the same demo customer in many times. */
  RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
  // Notifier adapters
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Guarita <nao-responda@guarita.example>'),
  SMS_PROVIDER_URL: z.string().url().optional(),
  SMS_PROVIDER_TOKEN: z.string().optional(),
  CONTACT_INBOX: z.string().default('contato@guarita.example'),
  ALTCHA_HMAC_KEY: z.string().optional(),
  // Brand and contact facts shown in the UI (spec placeholders {product}, {phone}, {email}).
  BRAND_NAME: z.string().default('Guarita'),
  PHONE_SALES: z.string().default('0800 000 1010'),
  PHONE_THEFT: z.string().default('0800 000 1190'),
  PHONE_ASSISTANCE: z.string().default('0800 000 2424'),
  SUPPORT_PHONE: z.string().default('4000 1762'),
  SUPPORT_EMAIL: z.string().default('atendimento@guarita.example'),
  COMPANY_ADDRESS: z.string().default('Av. Afonso Pena, 1500 — Centro, Belo Horizonte/MG, 30130-005'),
  // Payments (issue 3): Pix receiver and PSP webhook secret. Demo mode falls back to demo values
  // (modules/payments/settings.ts); outside it, no PIX_KEY = no Pix, no secret = every webhook refused.
  PIX_KEY: z.string().optional(),
  PIX_MERCHANT_NAME: z.string().optional(),
  PIX_MERCHANT_CITY: z.string().optional(),
  PIX_WEBHOOK_SECRET: z.string().min(16).optional(),
  // Plan, trips and sign-on (issue 10): map tiles, the demo tracker simulator, sign-on API keys (hashed).
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z.string().default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'),
  /** Runs the built-in tracking simulator (a demo vehicle that moves); default: demo mode outside tests. */
  TRACKING_SIMULATOR: bool.optional(),
  TRACKING_SIMULATOR_INTERVAL_MS: z.coerce.number().int().min(200).max(600_000).default(5000),
  // Customer notifications (issue 13 §3, ADR 056): the delivery worker in the API process (default on outside tests).
  NOTIFY_WORKER: bool.optional(),
  NOTIFY_POLL_MS: z.coerce.number().int().min(200).max(600_000).default(5000),
  NOTIFY_RETRY_BASE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Comma-separated `id:sha256hex` of the keys allowed to issue sign-on tokens. Demo mode adds the demo key. */
  SSO_API_KEYS: z.string().optional(),
  // Support cases (issue 9): where attachments live (default DATA_DIR/uploads) and the per-customer quota.
  UPLOADS_DIR: z.string().optional(),
  UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).max(100_000).default(50),
  /** CEP lookup: unset = the built-in table of real CEPs; set = ViaCEP (or a service with its JSON shape) at this base. */
  VIACEP_URL: z.string().url().optional(),
  CEP_LOOKUP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Uploads in S3-compatible object storage instead of local disk (ADR 035): bucket and endpoint. */
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style URLs ({endpoint}/{bucket}/{key}), as MinIO and most S3-compatible servers want. */
  S3_FORCE_PATH_STYLE: bool.default(true),
  /** Back office (issue 13): a staff session unused this many minutes ends. */
  STAFF_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
});

export type Env = z.infer<typeof EnvSchema>;

export interface AppConfig {
  env: Env;
  production: boolean;
  demoMode: boolean;
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
  // An https PUBLIC_URL is a deployment: demo mode stays off there unless DEMO_MODE=true says otherwise.
  const demoMode = env.DEMO_MODE ?? (!production && !env.PUBLIC_URL.startsWith('https://'));
  if (!env.AUTH_SECRET && !demoMode) throw new Error('AUTH_SECRET (≥ 32 characters) is required outside demo mode');
  if (env.AUTH_SECRET && !demoMode && isWeakSecret(env.AUTH_SECRET)) throw new Error('AUTH_SECRET is too weak: use ≥ 32 random characters');
  if (env.AUTH_SECRET_PREVIOUS && !demoMode && isWeakSecret(env.AUTH_SECRET_PREVIOUS))
    throw new Error('AUTH_SECRET_PREVIOUS is too weak: use ≥ 32 random characters');
  // The links in e-mails and SMS, the Secure cookies and HSTS all follow PUBLIC_URL: a deployment must name its https address.
  if (production && !(source.PUBLIC_URL ?? '').startsWith('https://'))
    throw new Error(
      'Produção exige PUBLIC_URL com o endereço https do portal. / NODE_ENV=production requires PUBLIC_URL, the https:// address customers use.',
    );
  // The factory hands out customers whose login codes the demo outbox shows: never without demo mode.
  if (env.TEST_FACTORIES && !demoMode) throw new Error('TEST_FACTORIES=true requires demo mode (it is for the e2e test server only)');
  const authSecret = env.AUTH_SECRET ?? demoSecret(env.DATA_DIR);
  const keys = new Keyring(authSecret, env.AUTH_SECRET_PREVIOUS);
  const f = env.RATE_LIMIT_FACTOR;
  const base: AppConfig = {
    env,
    production,
    demoMode,
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
export function demoSecret(dataDir: string, warn: (m: string) => void = (m) => console.warn(m)): string {
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
