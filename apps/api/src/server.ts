import path from 'node:path';
import { pino } from 'pino';
import { demoBanner, loadConfig } from './config';
import { openPglite, openPostgres, type Database } from './db/db';
import { SchemaBehindError, requireCurrentSchema } from './db/migrate';
import { migrateAs } from './db/roles';
import { seedDemo } from './db/seed';
import { buildApp, loggerOptions } from './app';
import { resealTotpSecrets } from './modules/staff/reseal';
import { stopTracing } from './tracing/start';
import { closeGracefully, shutdownSettings } from './shutdown';

const config = loadConfig();
const { env } = config;
// Every line through pino (ADR 067): the lines before the app exists go through a logger of their own, same level.
const log = pino({ name: 'guarita', level: env.LOG_LEVEL });
const banner = demoBanner(config);
if (banner) log.warn({ demoMode: true }, banner);

const db: Database = env.DATABASE_URL
  ? await openPostgres(env.DATABASE_URL, {
      log,
      max: env.DATABASE_POOL_SIZE,
      // The client's own limit stays a little above the server's, so the server's error is the one reported.
      timeouts: { statement_timeout: env.DATABASE_STATEMENT_TIMEOUT_MS, query_timeout: env.DATABASE_STATEMENT_TIMEOUT_MS + 2000 },
    })
  : await openPglite(path.resolve(env.DATA_DIR, 'pglite'));
if (env.DATABASE_URL && !env.MIGRATION_DATABASE_URL) {
  log.warn(
    'DATABASE_URL without MIGRATION_DATABASE_URL: the app role owns its tables and could rewrite the audit log (see README, roles).',
  );
}
// With MIGRATION_DATABASE_URL the owner role migrates and grants; DATABASE_URL's role only reads and writes rows.
// MIGRATE_ON_START=false (production's default, ADR 064): `npm run migrate` is a deployment step of its own; a schema
// behind this release stops the start here, naming the pending migrations and the command to run (SchemaBehindError).
if (!config.migrateOnStart) {
  try {
    await requireCurrentSchema(db);
  } catch (err) {
    if (!(err instanceof SchemaBehindError)) throw err;
    // An operator's step left out, not a bug: one line saying what to run, no stack.
    log.fatal({ pending: err.pending }, err.message);
    await db.destroy();
    process.exit(1);
  }
}
const applied = config.migrateOnStart ? await migrateAs(db, env.DATABASE_URL ? env.MIGRATION_DATABASE_URL : undefined) : [];
if (applied.length) log.info({ applied }, `migrations applied: ${applied.join(', ')}`);

const app = await buildApp({
  db,
  config,
  logger: loggerOptions(env.LOG_LEVEL),
});
await app.ready();
// Demo data is dated from the app's clock (the same one the services use).
if (config.demoMode && (await seedDemo(db, app.clock))) app.log.info('demo data loaded (see README for the demo logins)');

// A rotated AUTH_SECRET (ADR 062): authenticator secrets sealed under the previous one move to the new one, before serving.
const sealed = await resealTotpSecrets(db, config.keys);
if (sealed.resealed > 0) app.log.info({ resealed: sealed.resealed }, 'staff authenticator secrets re-sealed under the current AUTH_SECRET');
if (sealed.unreadable > 0)
  app.log.warn(
    { unreadable: sealed.unreadable },
    'staff authenticator secrets sealed under an unknown AUTH_SECRET: those accounts must enrol again',
  );

// Housekeeping (the upload sweep, the retention policy) is the retention module's job, started with the app (ADR 066).
// SIGTERM/SIGINT: readiness 503, drain, stop the workers, close the pool (src/shutdown.ts).
closeGracefully(app, shutdownSettings(config), async () => {
  await db.destroy();
  await stopTracing();
});

await app.listen({ port: env.PORT, host: env.HOST });
// The server renderer of customer pages (ADR 059) loads in the background: the first customer's page does not wait for it.
void app.warmUpServerRender().catch((err: unknown) => app.log.warn({ err }, 'server render warm-up failed'));
app.log.info(
  `Guarita em http://localhost:${env.PORT} (${env.DATABASE_URL ? 'PostgreSQL' : `PGlite em ${env.DATA_DIR}`}${config.demoMode ? ', modo demonstração' : ''})`,
);
