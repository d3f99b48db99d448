import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, servesHttps } from '../src/config';
import { PUBLISHED_SECRETS, SECRET_VARIABLES } from '../src/published-secrets';
import { pixPspFromConfig } from '../src/ports/api-pix';
import { DEMO_PIX } from '../src/ports/pix-psp';
import { DEMO_SSO_KEY } from '../src/modules/sso/service';
import { createTestApp, type TestApp } from './helpers';

/** Issue 23, items 4, 5 and 13: what NODE_ENV=production refuses to start with, and what it does not serve. */

const fresh = () => randomBytes(32).toString('base64url');
/** A production configuration that starts: every refusal below changes one thing in it. */
const good = (): Record<string, string> => ({
  NODE_ENV: 'production',
  AUTH_SECRET: fresh(),
  PUBLIC_URL: 'https://guarita.example',
  DATABASE_URL: 'postgres://guarita_app@db.example:5432/guarita',
  UPLOADS_DIR: path.join(tmpdir(), `guarita-prod-uploads-${process.pid}`),
  SMTP_URL: 'smtp://mail.example:587',
  SMS_PROVIDER_URL: 'https://sms.example/send',
  SMS_PROVIDER_TOKEN: fresh(),
  // A staging-like deployment on purpose; the card tests below set adyen.
  CARD_GATEWAY: 'sandbox',
});
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

const DEMO_REFUSED = /Produção não inicia em modo demonstração.*NODE_ENV=production refuses DEMO_MODE=true/;
const published = (name: string) =>
  new RegExp(`${name} é um segredo publicado no repositório do Guarita.*${name} is a secret published in Guarita's repository`);

describe('item 4: production refuses demo mode', () => {
  it('the good configuration starts (control), with demo mode off', () => {
    const c = loadConfig(good());
    expect(c.production).toBe(true);
    expect(c.demoMode).toBe(false);
  });

  it.each(['true', '1'])('DEMO_MODE=%s is refused, whatever else is set', (on) => {
    expect(() => loadConfig({ ...good(), DEMO_MODE: on })).toThrow(DEMO_REFUSED);
    // Neither an https address nor every secret of its own changes that.
    expect(() =>
      loadConfig({ ...good(), DEMO_MODE: on, PIX_WEBHOOK_SECRET: fresh(), ALTCHA_HMAC_KEY: fresh(), SMTP_URL: 'smtp://mail.example:587' }),
    ).toThrow(DEMO_REFUSED);
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_MODE: on })).toThrow(DEMO_REFUSED);
  });

  it('outside production demo mode still starts (the bench, the e2e server, development)', () => {
    expect(loadConfig({ ...good(), NODE_ENV: 'bench', DEMO_MODE: 'true' }).demoMode).toBe(true);
    expect(loadConfig({ ...good(), NODE_ENV: 'development', DEMO_MODE: 'true' }).demoMode).toBe(true);
  });
});

describe('issue 27 item 4: production names its card provider', () => {
  const adyen = {
    ADYEN_API_KEY: fresh(),
    ADYEN_MERCHANT_ACCOUNT: 'GuaritaBR',
    ADYEN_CLIENT_KEY: `live_${fresh()}`,
    ADYEN_HMAC_KEY: fresh(),
  };

  it('without CARD_GATEWAY (the sandbox by default) production is refused, naming it', () => {
    const env = good();
    delete env.CARD_GATEWAY;
    expect(() => loadConfig(env)).toThrow(/Produção não inicia sem: CARD_GATEWAY\..*CARD_GATEWAY \(adyen; or sandbox, on purpose/);
  });

  it('CARD_GATEWAY=sandbox set on purpose starts (a staging deployment)', () => {
    expect(loadConfig({ ...good(), CARD_GATEWAY: 'sandbox' }).env.CARD_GATEWAY).toBe('sandbox');
  });

  it('CARD_GATEWAY=adyen needs the API key, merchant account, client key and HMAC key, each named', () => {
    expect(loadConfig({ ...good(), CARD_GATEWAY: 'adyen', ...adyen }).env.CARD_GATEWAY).toBe('adyen');
    for (const k of Object.keys(adyen)) {
      const env: Record<string, string> = { ...good(), CARD_GATEWAY: 'adyen', ...adyen };
      delete env[k];
      expect(() => loadConfig(env)).toThrow(new RegExp(`${k} \\(CARD_GATEWAY=adyen\\)`));
    }
    expect(() => loadConfig({ ...good(), CARD_GATEWAY: 'adyen' })).toThrow(
      /ADYEN_API_KEY, ADYEN_MERCHANT_ACCOUNT, ADYEN_CLIENT_KEY, ADYEN_HMAC_KEY \(CARD_GATEWAY=adyen\)/,
    );
  });

  it('an unknown provider is refused; outside production the sandbox is the default', () => {
    expect(() => loadConfig({ ...good(), CARD_GATEWAY: 'stripe' })).toThrow();
    const DATA_DIR = path.join(tmpdir(), `guarita-api-test-${process.pid}`);
    expect(loadConfig({ DATA_DIR }).env.CARD_GATEWAY).toBeUndefined();
  });
});

describe('issue 27 item 5: PIX_PSP=api-pix needs its PSP settings (ADR 076)', () => {
  const apiPix = (): Record<string, string> => ({
    PIX_PSP: 'api-pix',
    PIX_API_URL: 'https://pix.psp.example/api/v2',
    PIX_CLIENT_ID: 'guarita-prod',
    PIX_CLIENT_SECRET: fresh(),
    PIX_CERT: '/run/secrets/pix-client.crt',
    PIX_CERT_KEY: path.join('/run/secrets', 'pix-client.key'), // a path (the scan reads literals after *_KEY as secrets)
    PIX_KEY: '11222333000181',
  });

  it('starts with all of them', () => {
    expect(loadConfig({ ...good(), ...apiPix() }).env.PIX_PSP).toBe('api-pix');
  });

  it('each one missing is named, in Portuguese and English', () => {
    for (const k of Object.keys(apiPix()).filter((k) => k !== 'PIX_PSP')) {
      const env = { ...good(), ...apiPix() };
      delete env[k];
      expect(() => loadConfig(env)).toThrow(new RegExp(`Produção não inicia sem: ${k}.*${k} \\(PIX_PSP=api-pix\\)`));
    }
  });

  it('outside production too, api-pix without its settings does not start; static stays the default; an unknown PSP is refused', () => {
    const DATA_DIR = path.join(tmpdir(), `guarita-api-test-${process.pid}`);
    const config = loadConfig({ DATA_DIR, PIX_PSP: 'api-pix' });
    expect(() => pixPspFromConfig(config, {} as never, () => {})).toThrow(
      /PIX_PSP=api-pix requires PIX_API_URL, PIX_CLIENT_ID, PIX_CLIENT_SECRET, PIX_CERT, PIX_CERT_KEY, PIX_KEY/,
    );
    expect(loadConfig({ DATA_DIR }).env.PIX_PSP).toBe('static');
    expect(loadConfig({ ...good() }).env.PIX_PSP).toBe('static');
    expect(() => loadConfig({ ...good(), PIX_PSP: 'efi' })).toThrow();
  });
});

describe("production refuses a deployment without its https address (issue 24 item 11: the e-mails' links)", () => {
  it.each([
    ['unset', undefined],
    ['http', 'http://guarita.example'],
    ['the default', 'http://localhost:3000'],
  ])('PUBLIC_URL %s is refused', (_what, url) => {
    const env: Record<string, string | undefined> = { ...good(), PUBLIC_URL: url };
    expect(() => loadConfig(env)).toThrow(/Produção exige PUBLIC_URL.*requires PUBLIC_URL/);
  });
});

describe('issue 28 item 5: production refuses a deployment without its database, uploads store, e-mail and SMS', () => {
  const without = (...names: string[]) => {
    const env = good();
    for (const n of names) delete env[n];
    return env;
  };
  const REFUSED = /Produção não inicia sem: .*NODE_ENV=production requires: /;

  it.each([
    ['DATABASE_URL', /DATABASE_URL \(PostgreSQL/],
    ['SMTP_URL', /SMTP_URL \(e-mail\)/],
    ['SMS_PROVIDER_URL', /SMS_PROVIDER_URL and SMS_PROVIDER_TOKEN/],
    ['SMS_PROVIDER_TOKEN', /SMS_PROVIDER_URL and SMS_PROVIDER_TOKEN/],
    ['UPLOADS_DIR', /S3_BUCKET \(object storage\) or UPLOADS_DIR/],
  ])('without %s start-up is refused, naming it', (name, says) => {
    expect(() => loadConfig(without(name))).toThrow(REFUSED);
    expect(() => loadConfig(without(name))).toThrow(says);
  });

  it('names everything missing in one message, so an operator fixes it in one go', () => {
    const err = (() => {
      try {
        loadConfig(without('DATABASE_URL', 'UPLOADS_DIR', 'SMTP_URL', 'SMS_PROVIDER_URL'));
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    })();
    expect(err).toMatch(/^Produção não inicia sem: DATABASE_URL, S3_BUCKET, SMTP_URL, SMS_PROVIDER_URL and SMS_PROVIDER_TOKEN\./);
  });

  it('a DATABASE_URL that is no PostgreSQL address is refused', () => {
    expect(() => loadConfig({ ...good(), DATABASE_URL: 'mysql://db.example/guarita' })).toThrow(/DATABASE_URL as postgres:\/\//);
  });

  it('object storage instead of an uploads folder starts, with both keys; a bucket without them is refused', () => {
    const s3 = { ...without('UPLOADS_DIR'), S3_BUCKET: 'guarita', S3_ENDPOINT: 'https://s3.example' };
    expect(() => loadConfig(s3)).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY for S3_BUCKET/);
    expect(loadConfig({ ...s3, S3_ACCESS_KEY_ID: 'NAO-EXISTE', S3_SECRET_ACCESS_KEY: fresh() }).production).toBe(true);
  });

  it('outside production nothing of this is required (demo, tests, the bench)', () => {
    const DATA_DIR = path.join(tmpdir(), `guarita-api-test-${process.pid}`); // the demo secret's folder
    for (const NODE_ENV of ['development', 'test', 'bench']) expect(loadConfig({ NODE_ENV, DATA_DIR }).demoMode).toBe(true);
    expect(loadConfig({ DATA_DIR }).demoMode).toBe(true);
  });

  it('pool size and statement timeout are settings, with defaults', () => {
    expect(loadConfig(good()).env).toMatchObject({ DATABASE_POOL_SIZE: 10, DATABASE_STATEMENT_TIMEOUT_MS: 10_000 });
    const c = loadConfig({ ...good(), DATABASE_POOL_SIZE: '40', DATABASE_STATEMENT_TIMEOUT_MS: '30000' });
    expect(c.env).toMatchObject({ DATABASE_POOL_SIZE: 40, DATABASE_STATEMENT_TIMEOUT_MS: 30_000 });
    expect(() => loadConfig({ ...good(), DATABASE_POOL_SIZE: '0' })).toThrow();
  });
});

describe("compose.yaml's app gets every variable a production configuration needs", () => {
  it('passes through each variable of the configurations that start above (database, https, storage, e-mail, SMS, card, API Pix)', () => {
    const compose = readFileSync(path.join(import.meta.dirname, '../../../compose.yaml'), 'utf8');
    const apiPix = [
      'PIX_PSP',
      'PIX_API_URL',
      'PIX_TOKEN_URL',
      'PIX_CLIENT_ID',
      'PIX_CLIENT_SECRET',
      'PIX_CERT',
      'PIX_CERT_KEY',
      'PIX_CA',
      'PIX_KEY',
    ];
    const adyen = ['ADYEN_API_KEY', 'ADYEN_MERCHANT_ACCOUNT', 'ADYEN_CLIENT_KEY', 'ADYEN_HMAC_KEY', 'ADYEN_LIVE_URL_PREFIX'];
    const tuning = ['DATABASE_POOL_SIZE', 'DATABASE_STATEMENT_TIMEOUT_MS', 'TRUST_PROXY', 'METRICS_TOKEN', 'METRICS_PORT'];
    const missing = [...Object.keys(good()), ...apiPix, ...adyen, ...tuning, 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']
      // UPLOADS_DIR: compose stores attachments in its MinIO bucket instead.
      .filter((name) => name !== 'UPLOADS_DIR' && !new RegExp(`^\\s+${name}:`, 'm').test(compose));
    expect(missing).toEqual([]);
  });
});

describe('one function decides "secure" (Secure cookies, HSTS, demo mode\'s default, the production refusal)', () => {
  it.each([
    ['https://guarita.example', true],
    ['HTTPS://guarita.example/', true],
    ['http://guarita.example', false],
    ['guarita.example', false],
    ['', false],
  ])('%s → %s', (url, secure) => {
    expect(servesHttps(url)).toBe(secure);
  });

  it('config.secure follows PUBLIC_URL', () => {
    expect(loadConfig(good()).secure).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(tmpdir(), `guarita-api-test-${process.pid}`) }).secure).toBe(false);
  });
});

describe('item 5: production refuses every secret published in this repository', () => {
  it.each(SECRET_VARIABLES.flatMap((name) => PUBLISHED_SECRETS.map((secret) => [name, secret] as const)))(
    '%s = %s is refused',
    (name, secret) => {
      const env: Record<string, string> = { ...good(), [name]: secret };
      // AUTH_SECRET_PREVIOUS needs a current secret beside it: the good one is kept.
      expect(() => loadConfig(env)).toThrow(published(name));
    },
  );

  it('each demo secret of the source is on the list: the old demo AUTH_SECRET, the demo Pix webhook secret, the demo sign-on key', () => {
    for (const s of ['demo-only-secret-never-use-in-production-0123456789', DEMO_PIX.webhookSecret, DEMO_SSO_KEY])
      expect(PUBLISHED_SECRETS).toContain(s);
  });

  it('surrounding spaces do not hide a published secret', () => {
    expect(() => loadConfig({ ...good(), PIX_WEBHOOK_SECRET: ` ${DEMO_PIX.webhookSecret} ` })).toThrow(published('PIX_WEBHOOK_SECRET'));
  });

  it("SSO_API_KEYS naming the demo sign-on key's hash is refused; a key of its own starts", () => {
    expect(() => loadConfig({ ...good(), SSO_API_KEYS: `crm:${sha256(fresh())},demo:${sha256(DEMO_SSO_KEY)}` })).toThrow(
      /SSO_API_KEYS contém a chave de demonstração publicada.*\(demo\).*SSO_API_KEYS holds a key published in Guarita's repository/,
    );
    expect(() => loadConfig({ ...good(), SSO_API_KEYS: `crm:${sha256(DEMO_SSO_KEY).toUpperCase()}` })).toThrow(/SSO_API_KEYS/);
    expect(loadConfig({ ...good(), SSO_API_KEYS: `crm:${sha256(fresh())}` }).production).toBe(true);
  });

  it('fresh secrets in every secret variable start (control)', () => {
    const env: Record<string, string> = good();
    for (const name of SECRET_VARIABLES) env[name] = fresh();
    expect(loadConfig(env).production).toBe(true);
  });

  /**
   * Every literal the tracked files assign to a secret-like name (AUTH_SECRET=…, webhookSecret: '…', DEMO_SSO_KEY = '…')
   * is either on the list or one of the few values below that are no secret. A new demo or test secret fails here until
   * it is added to src/published-secrets.ts.
   */
  it('the list holds every secret-looking literal of the repository', () => {
    const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: __dirname, encoding: 'utf8' }).trim();
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
      .split('\0')
      .filter((f) => f && !/(^|\/)package-lock\.json$|\.(png|jpe?g|gif|ico|webp|woff2?|pdf|gz|br|zip)$/i.test(f));
    const assigned =
      /\b([A-Za-z_]*(?:secret|token|api_?key|hmac_?key|sso_?key|_key|Key)[A-Za-z_]*)['"]?\s*(?:\?\?=|:|=)\s*(['"`])([^'"`\s$]{8,})\2/gi;
    const envLine = /\b([A-Z_]*(?:SECRET|TOKEN|_KEY)[A-Z_]*)=([^\s'"`$]{8,})/g;
    const found = new Map<string, string>();
    for (const file of files) {
      let text: string;
      try {
        text = readFileSync(path.join(root, file), 'utf8');
      } catch {
        continue; // listed but not in this working tree (deleted, not yet committed)
      }
      for (const m of text.matchAll(assigned)) if (!found.has(m[3]!)) found.set(m[3]!, `${file} (${m[1]})`);
      for (const m of text.matchAll(envLine)) if (!found.has(m[2]!)) found.set(m[2]!, `${file} (${m[1]})`);
    }
    expect(found.size).toBeGreaterThan(5); // the scan reads the repository
    const missing = [...found].filter(([value]) => !PUBLISHED_SECRETS.includes(value) && !NOT_SECRETS.has(value));
    expect(missing.map(([value, where]) => `${value} — ${where}`)).toEqual([]);
  });
});

/** Literals the scan finds that are no secret: a file name, a format, identifiers, fixtures of public data. */
const NOT_SECRETS = new Set([
  'auth-secret', // DEMO_SECRET_FILE: the demo secret's file name
  'guarita_pkc', // PASSKEY_LOGIN_COOKIE: a cookie's name (issue 31)
  'guarita_spkc', // STAFF_PASSKEY_COOKIE: a cookie's name
  'required', // WebAuthn's residentKey: 'required'
  'endLogins', // a parameter's name next to 'passkey'
  'id:sha256hex,…', // SSO_API_KEYS' format
  '7d9f0335-8dcc-4054-9bf9-0dbd61d36906', // DEMO_PIX.key: the demo Pix receiver, public in every BR Code
  'NAO-EXISTE', // a test's S3 access key id that exists nowhere
  'access-token', // a web test's placeholder AccessToken
  '11222333000181', // a React key: a CNPJ
  'caso:c1:aberto', // notification dedupe keys
  'caso-evento:7',
  'valorFipe', // 'Solicitação enviada' field keys (packages/domain request-fields.test.ts)
  'limitado',
  'Enviado_em__c',
  'Observacoes__c',
  'DiaVencimento__c',
  'rastreador', // the e2e customers' contract keys (e2e/support/customers.ts)
  'classico',
  // Adyen's published HMAC test key: the webhook signature test vector of Adyen's own API libraries (apps/api/test/adyen/fixtures)
  'DFB1EB5485895CFA84146406857104ABB4CBCABDC8AAF103A624C8F6A3EAAB00',
  // the truncated threeDS2 action of Adyen's documentation example (payment-challenge.json): public sample values
  'Ab02b4c0!BQABAgAvrX03p...',
  'eyJhY3NSZWZlcmVuY2VOdW1iZXIiOiJBRFlFTi1BQ1MtU0lNVUxBVE9SIiwiYWNzVHJhbnNJRCI6Ijg0MzY...',
]);

describe('item 13: /api/docs in production', () => {
  const production = (extra: Record<string, string> = {}) =>
    createTestApp({
      demoMode: false,
      env: { ...good(), NOTIFY_WORKER: 'false', ...extra },
    });
  let off: TestApp;
  let on: TestApp;
  // Two whole apps: generous on a busy machine.
  beforeAll(async () => {
    off = await production();
    on = await production({ API_DOCS: 'true' });
  }, 180_000);
  afterAll(async () => {
    await Promise.all([off?.close(), on?.close()]);
  });

  it('is off by default in production, and the API still answers', async () => {
    expect(off.config.apiDocs).toBe(false);
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/static/index.html']) {
      const res = await off.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toMatch(/swagger|openapi/i);
    }
    expect((await off.get('/api/config')).statusCode).toBe(200);
    // The document is still built (npm run lint reads it), only not served.
    expect(off.app.swagger()).toHaveProperty('openapi', '3.1.0');
  });

  it('is on in production with API_DOCS=true, and on by default outside production', async () => {
    expect((await on.get('/api/docs/json')).json()).toHaveProperty('openapi', '3.1.0');
    expect((await on.get('/api/docs/static/index.html')).statusCode).toBeLessThan(400);
    expect(loadConfig({ ...good(), NODE_ENV: 'development', DEMO_MODE: 'false' }).apiDocs).toBe(true);
    expect(loadConfig({ ...good(), NODE_ENV: 'development', DEMO_MODE: 'false', API_DOCS: 'false' }).apiDocs).toBe(false);
  });
});
