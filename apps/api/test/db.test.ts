import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { format, resolveConfig } from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawQuery, type Database } from '../src/db/db';
import { generateSchemaTypes } from '../src/db/codegen';
import { MIGRATIONS_DIR, MigrationChecksumError, migrate, migrationFiles } from '../src/db/migrate';
import { DEMO_CUSTOMERS, seedDemo } from '../src/db/seed';
import { FixedClock } from '../src/ports/clock';
import { openFreshDb } from './helpers';

/** Migrations (checksummed, adopting the first runner's table) and the generated schema types (ADR 005). */

const SCHEMA_TS = fileURLToPath(new URL('../src/db/schema.ts', import.meta.url));

let db: Database;
let drop: () => Promise<void>;
const dirs: string[] = [];

/** A copy of the migrations folder the test may edit. */
function migrationsCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'guarita-migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  dirs.push(dir);
  return dir;
}

/**
 * Runs `fn` on one pinned connection whose search_path is a new, empty schema, so each case starts from an
 * empty database (on PGlite and on DATABASE_URL's PostgreSQL alike).
 */
async function inSchema<T>(name: string, fn: (conn: Database) => Promise<T>): Promise<T> {
  const schema = `${name}_${Date.now().toString(36)}`;
  return db.connection().execute(async (conn) => {
    await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(conn);
    await sql`SET search_path TO ${sql.id(schema)}`.execute(conn);
    try {
      return await fn(conn);
    } finally {
      await sql`RESET search_path`.execute(conn);
      await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(conn);
    }
  });
}

beforeAll(async () => {
  // Migrations are the owner role's business (ADR 010): the app's runtime role could not run them.
  const fresh = await openFreshDb();
  db = fresh.owner;
  drop = async () => {
    if (fresh.db !== fresh.owner) await fresh.db.destroy();
    await fresh.drop();
  };
  // The file's own schema is migrated once here: the tests that read it do not depend on one that migrates it first.
  await migrate(db);
});
afterAll(async () => {
  await db?.destroy();
  await drop?.();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('database schema and migrations', () => {
  it('src/db/schema.ts is exactly what the migrations produce (run `npm run db:types` after changing one)', async () => {
    const generated = await generateSchemaTypes(db);
    const formatted = await format(generated, { ...(await resolveConfig(SCHEMA_TS)), filepath: SCHEMA_TS });
    expect(readFileSync(SCHEMA_TS, 'utf8')).toBe(formatted);
  });

  it('applies each migration once and records its checksum', async () => {
    await inSchema('m_once', async (conn) => {
      const dir = migrationsCopy();
      expect(await migrate(conn, dir)).toEqual(migrationFiles(dir).map((f) => f.name));
      expect(await migrate(conn, dir)).toEqual([]);
      const rows = await rawQuery<{ name: string; sha256: string }>(conn, 'SELECT name, sha256 FROM migration_checksums ORDER BY name');
      expect(rows).toEqual(migrationFiles(dir).map((f) => ({ name: f.name, sha256: f.sha256 })));
    });
  });

  it('refuses to start when an applied migration was edited, and names it', async () => {
    await inSchema('m_edited', async (conn) => {
      const dir = migrationsCopy();
      await migrate(conn, dir);
      const file = path.join(dir, '002_payments.sql');
      writeFileSync(file, readFileSync(file, 'utf8').replace('response_body    jsonb', 'response_json    jsonb'));
      const err = await migrate(conn, dir).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MigrationChecksumError);
      expect((err as MigrationChecksumError).names).toEqual(['002_payments']);
    });
  });

  it('a new migration file is applied on the next start', async () => {
    await inSchema('m_new', async (conn) => {
      const dir = migrationsCopy();
      await migrate(conn, dir);
      writeFileSync(path.join(dir, '999_extra.sql'), 'CREATE TABLE extra (id serial PRIMARY KEY);');
      expect(await migrate(conn, dir)).toEqual(['999_extra']);
    });
  });

  it("the migrator looks at the current schema only (another schema's tables, dropped meanwhile, cannot fail it)", async () => {
    await inSchema('m_other', async (other) => {
      await sql`CREATE TABLE elsewhere (id serial PRIMARY KEY, note text)`.execute(other);
      await sql`RESET search_path`.execute(other);
      // Back in the test's own schema on the same connection: 'elsewhere' is not listed, ours are.
      const names = (await other.introspection.getTables({ withInternalKyselyTables: true })).map((t) => t.name);
      expect(names).not.toContain('elsewhere');
      expect(names).toEqual(expect.arrayContaining(['customers', 'kysely_migration', 'kysely_migration_lock']));
    });
  });

  it('a database made by the first migration runner (schema_migrations) is adopted, not migrated again', async () => {
    await inSchema('m_legacy', async (conn) => {
      // What the old runner left behind: its table, the three migrations applied, data in them.
      await sql`CREATE TABLE schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(conn);
      for (const f of migrationFiles()) {
        await sql.raw(f.text).execute(conn);
        await sql`INSERT INTO schema_migrations (version) VALUES (${f.name})`.execute(conn);
      }
      await seedDemo(conn, new FixedClock('2026-11-22T12:00:00Z'));

      expect(await migrate(conn)).toEqual([]);
      const applied = await rawQuery<{ name: string }>(conn, 'SELECT name FROM kysely_migration ORDER BY name');
      expect(applied.map((r) => r.name)).toEqual(migrationFiles().map((f) => f.name));
      expect(await rawQuery(conn, "SELECT to_regclass('schema_migrations') AS t")).toEqual([{ t: null }]);
      expect(await rawQuery(conn, 'SELECT count(*)::int AS n FROM customers')).toEqual([{ n: DEMO_CUSTOMERS.length }]);
    });
  });
});
