/**
 * Writes the API's OpenAPI document (the one served at /api/docs/json) to a file or stdout,
 * so tools that need it offline (redocly lint, openapi-typescript) read exactly what the server declares.
 * Usage: node --import tsx apps/api/scripts/dump-openapi.ts [out.json]
 */
import { writeFileSync } from 'node:fs';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPglite } from '../src/db/db';

const out = process.argv[2];
// An in-memory database: building the app declares every route; nothing is queried.
const db = await openPglite();
const app = await buildApp({
  db,
  config: loadConfig({
    NODE_ENV: 'test',
    DEMO_MODE: 'false', // the document a deployment serves: no demo-only routes
    AUTH_SECRET: 'x'.repeat(32),
    SMTP_URL: 'smtp://unused.invalid', // adapters are built, never called
    SMS_PROVIDER_URL: 'http://unused.invalid',
  }),
});
await app.ready();
const doc = JSON.stringify(app.swagger(), null, 2) + '\n';
if (out) writeFileSync(out, doc);
else process.stdout.write(doc);
await app.close();
await db.close();
