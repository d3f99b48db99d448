import { createHash } from 'node:crypto';

/**
 * Every secret written in this repository (demo values, test and bench keys, the old demo AUTH_SECRET): anyone who can
 * read the source knows them, so production refuses each of them (config.ts). test/production-config.test.ts scans the
 * tracked files for literals assigned to secret-like names and fails on one missing here.
 */
export const PUBLISHED_SECRETS: readonly string[] = [
  // AUTH_SECRET
  'demo-only-secret-never-use-in-production-0123456789', // the demo default before per-install secrets
  'test-secret-for-non-demo-mode-0123456789abcdef', // test/helpers.ts
  'test-secret-0123456789abcdef-0123456789', // test/tokens.test.ts
  'Zq3v9XkP2mR7tW1yB8nC4dF6gH0jL5sA', // test/hardening-auth.test.ts
  'bench-only-secret-0123456789abcdef-not-for-production', // bench/src/api-process.ts
  // PIX_WEBHOOK_SECRET
  'demo-only-pix-webhook-secret-0123456789', // ports/pix-psp.ts DEMO_PIX
  'test-webhook-secret-0123456789abcdef', // the payments tests
  // ALTCHA_HMAC_KEY
  'test-altcha-key-0123456789abcdef0123456789', // test/contact.test.ts
  'another-server-key', // test/contact.test.ts
  // Sign-on issuer key (SSO_API_KEYS holds its SHA-256)
  'demo-sso-key-guarita-0123456789', // modules/sso/service.ts DEMO_SSO_KEY
  // Demo staff accounts (modules/staff/demo.ts): their password and authenticator seeds
  'guarita-demo-2026',
  'OHTQ5R67A5KA5BRKVPPTRYCTGA27LRW3',
  'PBKUDTF4WR7HTPZA6ZRHU2BDFYJABTJM',
  'KLJPODJOYP7XPQF4DJZGFMY6N3BHRZSY',
  'S2GR33ME5HQWZ45DGLHGMHDTKZF7KMBK',
];

/** The environment variables that hold a secret: none of them may be a published one in production. */
export const SECRET_VARIABLES = [
  'AUTH_SECRET',
  'AUTH_SECRET_PREVIOUS',
  'PIX_WEBHOOK_SECRET',
  'ALTCHA_HMAC_KEY',
  'SMS_PROVIDER_TOKEN',
  'S3_SECRET_ACCESS_KEY',
  'PIX_CLIENT_SECRET',
] as const;

const publishedSet = new Set(PUBLISHED_SECRETS.map((s) => s.trim()));
const publishedSha256 = new Set(PUBLISHED_SECRETS.map((s) => createHash('sha256').update(s).digest('hex')));

export const isPublishedSecret = (value: string) => publishedSet.has(value.trim());

/** SSO_API_KEYS holds SHA-256 hashes of keys: one of a published key is that key. */
export const isPublishedSecretHash = (sha256hex: string) => publishedSha256.has(sha256hex.trim().toLowerCase());
