import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { Keyring } from './lib/keys';
import { SECRET_VARIABLES, isPublishedSecret, isPublishedSecretHash } from './published-secrets';
import type { GrowingDelay } from './lib/rate-limit';
import { EnvSchema, type Env } from './env-schema';

// The variables themselves (and the README table's text) are in env-schema.ts.
export { configDocs, EnvSchema, type ConfigDoc, type Env } from './env-schema';

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
  // The card sandbox approves test cards: a deployment names its card provider (sandbox only on purpose, for staging).
  if (!env.CARD_GATEWAY) missing.push('CARD_GATEWAY (adyen; or sandbox, on purpose, for a staging deployment)');
  if (env.CARD_GATEWAY === 'adyen') {
    const adyen = (['ADYEN_API_KEY', 'ADYEN_MERCHANT_ACCOUNT', 'ADYEN_CLIENT_KEY', 'ADYEN_HMAC_KEY'] as const).filter((k) => !env[k]);
    if (adyen.length) missing.push(`${adyen.join(', ')} (CARD_GATEWAY=adyen)`);
  }
  const apiPix = missingApiPixSettings(env);
  if (apiPix.length) missing.push(`${apiPix.join(', ')} (PIX_PSP=api-pix)`);
  if (missing.length)
    throw new Error(
      `Produção não inicia sem: ${missing.map((m) => m.split(' (')[0]).join(', ')}. / NODE_ENV=production requires: ${missing.join('; ')}.`,
    );
}

/** What PIX_PSP=api-pix cannot work without (ADR 076); empty for the static BR Code. */
export function missingApiPixSettings(env: Env): string[] {
  if (env.PIX_PSP !== 'api-pix') return [];
  return (['PIX_API_URL', 'PIX_CLIENT_ID', 'PIX_CLIENT_SECRET', 'PIX_CERT', 'PIX_CERT_KEY', 'PIX_KEY'] as const).filter((k) => !env[k]);
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
