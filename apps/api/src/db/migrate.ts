import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

/** Migrations run before (and regardless of) the typed schema, so they see any database. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Kysely's own bookkeeping tables, plus ours: the SHA-256 of each applied file (ADR 005). */
export const MIGRATION_TABLE = 'kysely_migration';
export const CHECKSUM_TABLE = 'migration_checksums';
/** The table of the first hand-written runner (until issue 6); adopted once, then dropped. */
const LEGACY_TABLE = 'schema_migrations';

export interface MigrationFile {
  /** File name without `.sql`, e.g. '002_payments': the order and the identity of the migration. */
  name: string;
  text: string;
  sha256: string;
}

export class MigrationChecksumError extends Error {
  constructor(readonly names: string[]) {
    super(
      `Applied migration(s) changed since they ran: ${names.join(', ')}. Never edit an applied migration; ` +
        'add a new NNN_name.sql instead (or restore the file).',
    );
  }
}

export function migrationFiles(dir = MIGRATIONS_DIR): MigrationFile[] {
  return readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
    .map((f) => {
      const text = readFileSync(path.join(dir, f), 'utf8');
      return { name: f.replace(/\.sql$/, ''), text, sha256: createHash('sha256').update(text).digest('hex') };
    });
}

/** Plain .sql files as Kysely migrations; each records its checksum in the same transaction as its DDL. */
class SqlFileProvider implements MigrationProvider {
  constructor(private readonly files: MigrationFile[]) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      this.files.map((f) => [
        f.name,
        {
          up: async (db: AnyDb) => {
            // A migration file is a script of several statements: sql.raw, no parameters (simple query protocol).
            await sql.raw(f.text).execute(db);
            await sql`INSERT INTO ${sql.table(CHECKSUM_TABLE)} (name, sha256) VALUES (${f.name}, ${f.sha256})`.execute(db);
          },
        },
      ]),
    );
  }
}

async function tableExists(db: AnyDb, table: string): Promise<boolean> {
  // to_regclass follows search_path, so a test schema sees only its own tables.
  const { rows } = await sql<{ t: string | null }>`SELECT to_regclass(${table})::text AS t`.execute(db);
  return rows[0]?.t != null;
}

/**
 * Applies every migrations/NNN_name.sql not yet applied, in order, with Kysely's Migrator (advisory lock on
 * PostgreSQL, so N instances may start at once). Refuses to run when an applied file was edited.
 * Returns the names applied now.
 */
export async function migrate(db: AnyDb, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = migrationFiles(dir);
  await db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(724274)`.execute(tx);
    await sql`CREATE TABLE IF NOT EXISTS ${sql.table(CHECKSUM_TABLE)} (
      name text PRIMARY KEY, sha256 text NOT NULL, recorded_at timestamptz NOT NULL DEFAULT now())`.execute(tx);
    await adoptLegacy(tx, files);
  });

  const known = new Map(files.map((f) => [f.name, f.sha256]));
  const { rows: applied } = await sql<{ name: string; sha256: string }>`SELECT name, sha256 FROM ${sql.table(CHECKSUM_TABLE)}`.execute(db);
  const changed = applied.filter((a) => known.has(a.name) && known.get(a.name) !== a.sha256).map((a) => a.name);
  if (changed.length) throw new MigrationChecksumError(changed.sort());
  // A release older than the schema (a rollback, or an old instance restarting during a deployment) has nothing to
  // apply; Kysely's Migrator would refuse the newer migrations it has no file for (expand/contract, ADR 064).
  const done = new Set(applied.map((a) => a.name));
  if (files.every((f) => done.has(f.name)) && applied.length > files.length) return [];

  // Name the schema: Kysely would otherwise take a kysely_migration table of any schema for ours
  // (tests on PostgreSQL run one schema per file).
  const { rows: current } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  const migrator = new Migrator({
    db,
    provider: new SqlFileProvider(files),
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: `${MIGRATION_TABLE}_lock`,
    ...(current[0]?.schema ? { migrationTableSchema: current[0].schema } : {}),
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) throw error;
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * A database created by the first runner (./data of anyone who ran `npm start` before issue 6) keeps working:
 * its applied versions move into Kysely's table with the checksums of today's files, instead of re-running.
 */
async function adoptLegacy(tx: AnyDb, files: MigrationFile[]): Promise<void> {
  if (!(await tableExists(tx, LEGACY_TABLE)) || (await tableExists(tx, MIGRATION_TABLE))) return;
  // Kysely's own layout for its migration table (it creates the same when it finds none).
  await sql`CREATE TABLE ${sql.table(MIGRATION_TABLE)} (name varchar(255) PRIMARY KEY, timestamp varchar(255) NOT NULL)`.execute(tx);
  const { rows } = await sql<{
    version: string;
    applied_at: Date;
  }>`SELECT version, applied_at FROM ${sql.table(LEGACY_TABLE)} ORDER BY version`.execute(tx);
  const byName = new Map(files.map((f) => [f.name, f]));
  for (const r of rows) {
    const file = byName.get(r.version);
    if (!file) throw new Error(`Applied migration ${r.version} has no file in ${MIGRATIONS_DIR}`);
    await sql`INSERT INTO ${sql.table(MIGRATION_TABLE)} (name, timestamp) VALUES (${r.version}, ${new Date(r.applied_at).toISOString()})`.execute(
      tx,
    );
    await sql`INSERT INTO ${sql.table(CHECKSUM_TABLE)} (name, sha256) VALUES (${r.version}, ${file.sha256})`.execute(tx);
  }
  await sql`DROP TABLE ${sql.table(LEGACY_TABLE)}`.execute(tx);
}

export class SchemaBehindError extends Error {
  override name = 'SchemaBehindError';
  constructor(readonly pending: string[]) {
    super(
      `O banco está atrás desta versão: ${pending.length} migração(ões) pendente(s) (${pending.join(', ')}); rode \`npm run migrate\` antes de iniciar. / ` +
        `The database schema is behind this release: ${pending.length} pending migration(s) (${pending.join(', ')}). ` +
        'Run `npm run migrate` (with MIGRATION_DATABASE_URL and DATABASE_URL as for the server), then start again; ' +
        'or set MIGRATE_ON_START=true to migrate at start (ADR 064).',
    );
  }
}

/**
 * Where the database stands against this release's files, read-only: the files not applied yet, and applied ones
 * whose file changed. Reads only migration_checksums, which the runtime role may read (db/roles.ts), so a server that
 * does not migrate (MIGRATE_ON_START=false) can check with its own credentials. Migrations applied that this release
 * has no file for are fine: the previous release runs on the next one's schema (expand/contract, ADR 064).
 */
export async function schemaStatus(db: AnyDb, dir = MIGRATIONS_DIR): Promise<{ pending: string[]; changed: string[] }> {
  const files = migrationFiles(dir);
  if (!(await tableExists(db, CHECKSUM_TABLE))) return { pending: files.map((f) => f.name), changed: [] };
  let applied: { name: string; sha256: string }[];
  try {
    ({ rows: applied } = await sql<{ name: string; sha256: string }>`SELECT name, sha256 FROM ${sql.table(CHECKSUM_TABLE)}`.execute(db));
  } catch (err) {
    if ((err as { code?: string }).code !== '42501') throw err;
    throw new Error(
      `${CHECKSUM_TABLE} is not readable by this role: run \`npm run migrate\` of this release once (it grants DATABASE_URL's role read access to it).`,
      { cause: err },
    );
  }
  const done = new Map(applied.map((a) => [a.name, a.sha256]));
  return {
    pending: files.filter((f) => !done.has(f.name)).map((f) => f.name),
    changed: files.filter((f) => done.has(f.name) && done.get(f.name) !== f.sha256).map((f) => f.name),
  };
}

/** MIGRATE_ON_START=false: the server starts only on a schema `npm run migrate` brought up to this release. */
export async function requireCurrentSchema(db: AnyDb, dir = MIGRATIONS_DIR): Promise<void> {
  const { pending, changed } = await schemaStatus(db, dir);
  if (changed.length) throw new MigrationChecksumError(changed);
  if (pending.length) throw new SchemaBehindError(pending);
}
