import { sql } from 'kysely';
import { openPostgres, type Database } from './db';
import { CHECKSUM_TABLE, MIGRATION_TABLE, migrate, type AnyDb } from './migrate';

/**
 * Two PostgreSQL roles (issue 23 item 9, ADR 010): the owner role runs the migrations and owns every table; the runtime
 * role the app connects as may read and write rows and nothing more. Only an owner can ALTER a table (and so DISABLE
 * TRIGGER), so the runtime role cannot switch off staff_audit's append-only trigger, and it holds no UPDATE, DELETE or
 * TRUNCATE on that table to begin with. PGlite has no roles: there the one connection does both.
 */

/** Tables the runtime role may only read and append to. */
export const APPEND_ONLY_TABLES = ['staff_audit'] as const;
/** The migrator's own bookkeeping: the app may only read which migrations ran (migration_checksums). */
const MIGRATOR_TABLES = [MIGRATION_TABLE, `${MIGRATION_TABLE}_lock`, CHECKSUM_TABLE];
/** The migrator's advisory lock (migrate.ts): grants wait for a migration of another instance, and for each other. */
const MIGRATION_LOCK = 724274;

export async function currentRole(db: AnyDb): Promise<string> {
  const { rows } = await sql<{ role: string }>`SELECT current_user AS role`.execute(db);
  return rows[0]!.role;
}

/**
 * Gives `role` exactly the runtime privileges on the owner's current schema: SELECT, INSERT, UPDATE, DELETE on its
 * tables (and on tables the owner creates later, by default privileges), sequences for identity columns, and on the
 * append-only tables SELECT and INSERT only. Idempotent: it runs after every migration, so a table added by a new
 * migration is covered on the next start whatever default privileges say.
 */
export async function grantRuntimeRole(owner: AnyDb, role: string): Promise<void> {
  await owner.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK)})`.execute(tx);
    const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(tx);
    const schema = sql.id(rows[0]!.schema);
    const to = sql.id(role);
    await sql`GRANT USAGE ON SCHEMA ${schema} TO ${to}`.execute(tx);
    await sql`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schema} TO ${to}`.execute(tx);
    await sql`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${schema} TO ${to}`.execute(tx);
    await sql`ALTER DEFAULT PRIVILEGES IN SCHEMA ${schema} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${to}`.execute(tx);
    await sql`ALTER DEFAULT PRIVILEGES IN SCHEMA ${schema} GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${to}`.execute(tx);
    // Whatever an operator may have granted by hand before: the runtime role never rewrites or empties these.
    for (const table of APPEND_ONLY_TABLES) {
      await sql`REVOKE ALL ON TABLE ${sql.table(table)} FROM ${to}`.execute(tx);
      await sql`GRANT SELECT, INSERT ON TABLE ${sql.table(table)} TO ${to}`.execute(tx);
    }
    for (const table of MIGRATOR_TABLES) await sql`REVOKE ALL ON TABLE ${sql.table(table)} FROM ${to}`.execute(tx);
    // Reading which migrations ran (never changing it) lets a server that does not migrate refuse a schema behind its
    // release with its own credentials (MIGRATE_ON_START=false, ADR 064).
    await sql`GRANT SELECT ON TABLE ${sql.table(CHECKSUM_TABLE)} TO ${to}`.execute(tx);
  });
}

/**
 * Brings the database to the latest schema before the app starts. Without `ownerUrl` (PGlite, or one role that does
 * everything) the app's own connection migrates. With it, a short-lived connection as the owner role migrates and then
 * grants the app's role (whoever `db` is connected as) its runtime privileges.
 */
export async function migrateAs(db: Database, ownerUrl: string | undefined, options: { searchPath?: string } = {}): Promise<string[]> {
  if (!ownerUrl) return migrate(db);
  const owner = await openPostgres(ownerUrl, { max: 1, ...options });
  try {
    return await migrateWithOwner(db, owner);
  } finally {
    await owner.destroy();
  }
}

/** `migrate` as `owner`, then the runtime grants to `db`'s role when it is another role. */
export async function migrateWithOwner(db: AnyDb, owner: AnyDb): Promise<string[]> {
  const applied = await migrate(owner);
  const [runtime, ownerRole] = await Promise.all([currentRole(db), currentRole(owner)]);
  if (runtime !== ownerRole) await grantRuntimeRole(owner, runtime);
  return applied;
}
