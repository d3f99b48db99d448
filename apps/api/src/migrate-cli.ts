/**
 * `npm run migrate` (ADR 064): brings the database to this release's schema, as its own deployment step before the
 * new release starts (MIGRATE_ON_START=false), and exits. The same code as the server's start-up migration: Kysely's
 * Migrator under its advisory lock (several deploy jobs at once wait for each other), the checksum refusal of edited
 * files, and with MIGRATION_DATABASE_URL the owner role migrates and then grants DATABASE_URL's role its runtime
 * privileges (db/roles.ts). Without DATABASE_URL it migrates the embedded PGlite in DATA_DIR; stop the server first
 * there, since PGlite is one process's database.
 *
 * It reads only the database variables, not the whole configuration: a migration job needs no SMTP or secrets.
 * An entry of its own next to server.ts so the production build compiles it to dist/migrate-cli.js (no tsx).
 */
import path from 'node:path';
import { pino } from 'pino';
import { EnvSchema } from './config';
import { openPglite, openPostgres } from './db/db';
import { migrateAs } from './db/roles';

// The server's variables and defaults for the database, and nothing else of its configuration.
const {
  DATABASE_URL,
  MIGRATION_DATABASE_URL,
  DATA_DIR: dataDir,
  LOG_LEVEL,
} = EnvSchema.pick({
  DATABASE_URL: true,
  MIGRATION_DATABASE_URL: true,
  DATA_DIR: true,
  LOG_LEVEL: true,
}).parse(process.env);
const log = pino({ name: 'migrate', level: LOG_LEVEL });

const started = Date.now();
const db = DATABASE_URL ? await openPostgres(DATABASE_URL, { max: 1 }) : await openPglite(path.resolve(dataDir, 'pglite'));
try {
  if (DATABASE_URL && !MIGRATION_DATABASE_URL)
    log.warn('DATABASE_URL without MIGRATION_DATABASE_URL: the app role migrates and owns its tables (see README, Database roles)');
  const applied = await migrateAs(db, DATABASE_URL ? MIGRATION_DATABASE_URL : undefined);
  log.info(
    { applied, ms: Date.now() - started, database: DATABASE_URL ? 'postgresql' : `pglite:${dataDir}` },
    applied.length ? `migrations applied: ${applied.join(', ')}` : 'schema already current: nothing to apply',
  );
} catch (err) {
  log.fatal({ err }, 'migration failed: nothing after the failed migration was applied');
  process.exitCode = 1;
} finally {
  await db.destroy();
}
