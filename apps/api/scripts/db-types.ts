/** Migrates a throw-away in-memory PGlite and writes src/db/schema.ts from it: `npm run db:types`. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openPglite } from '../src/db/db';
import { migrate } from '../src/db/migrate';
import { generateSchemaTypes } from '../src/db/codegen';

const target = fileURLToPath(new URL('../src/db/schema.ts', import.meta.url));
const db = await openPglite();
try {
  await migrate(db);
  writeFileSync(target, await generateSchemaTypes(db));
  console.log(`wrote ${target}`);
} finally {
  await db.destroy();
}
