/**
 * Writes the API's OpenAPI document (the one served at /api/docs/json) to a file or stdout,
 * so tools that need it offline (redocly lint, openapi-typescript) read exactly what the server declares.
 * Usage: node --import tsx apps/api/scripts/dump-openapi.ts [out.json]
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPglite } from '../src/db/db';
import { migrate } from '../src/db/migrate';

const out = process.argv[2];
// Building the app runs its start-up reads (the authenticator re-seal, ADR 062): an empty in-memory database answers them.
const db = await openPglite();
await migrate(db);
const app = await buildApp({
  db,
  config: loadConfig({
    NODE_ENV: 'test',
    DEMO_MODE: 'false', // the document a deployment serves: no demo-only routes
    AUTH_SECRET: randomBytes(32).toString('base64url'), // start-up refuses weak secrets outside demo mode
    SMTP_URL: 'smtp://unused.invalid', // adapters are built, never called
    SMS_PROVIDER_URL: 'http://unused.invalid',
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
