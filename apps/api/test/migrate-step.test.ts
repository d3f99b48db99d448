import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  MIGRATIONS_DIR,
  MigrationChecksumError,
  SchemaBehindError,
  migrate,
  migrationFiles,
  requireCurrentSchema,
} from '../src/db/migrate';
import { migrateWithOwner } from '../src/db/roles';
import { openFreshDb } from './helpers';

/** Migrations as a deployment step of their own (ADR 064): `npm run migrate`, and a server that does not migrate. */

const API_ROOT = fileURLToPath(new URL('..', import.meta.url));
const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
/** The migrations folder plus `extra` files, or with one file changed. */
function migrationsWith(files: Record<string, string>): string {
  const dir = tempDir('guarita-migrations-');
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Each test on an empty database of its own (ADR 070): none relies on what another one migrated. */
async function withFreshDb(fn: (fresh: Awaited<ReturnType<typeof openFreshDb>>) => Promise<void>): Promise<void> {
  const fresh = await openFreshDb();
  try {
    await fn(fresh);
  } finally {
    if (fresh.db !== fresh.owner) await fresh.owner.destroy();
    await fresh.db.destroy();
    await fresh.drop();
  }
}

describe('a server that does not migrate (MIGRATE_ON_START=false)', () => {
  it('refuses a schema behind its release, naming the migrations and the command; after the migration it starts, as the runtime role', () =>
    withFreshDb(async (fresh) => {
      const all = migrationFiles().map((f) => f.name);
      const behind = await requireCurrentSchema(fresh.db).catch((err: unknown) => err);
      expect(behind).toBeInstanceOf(SchemaBehindError);
      expect((behind as SchemaBehindError).pending).toEqual(all);
      expect((behind as Error).message).toMatch(/rode `npm run migrate`.*Run `npm run migrate`/);

      await migrateWithOwner(fresh.db, fresh.owner);
      // The runtime role reads which migrations ran (and nothing more of the migrator's tables).
      await expect(requireCurrentSchema(fresh.db)).resolves.toBeUndefined();
    }));

  it('refuses an applied migration whose file was edited', () =>
    withFreshDb(async (fresh) => {
      await migrateWithOwner(fresh.db, fresh.owner);
      const first = migrationFiles()[0]!;
      const edited = migrationsWith({ [`${first.name}.sql`]: `${first.text}\n-- edited\n` });
      await expect(requireCurrentSchema(fresh.db, edited)).rejects.toThrow(MigrationChecksumError);
    }));

  it('runs on a schema ahead of it: the previous release after the next one migrated (expand/contract)', () =>
    withFreshDb(async (fresh) => {
      await migrateWithOwner(fresh.db, fresh.owner);
      const next = migrationsWith({ '999_next_release.sql': 'CREATE TABLE next_release_notes (id integer PRIMARY KEY);' });
      expect(await migrate(fresh.owner, next)).toEqual(['999_next_release']);
      // This release's server: nothing pending, nothing to apply (Kysely alone would call the unknown migration missing).
      await expect(requireCurrentSchema(fresh.db)).resolves.toBeUndefined();
      expect(await migrate(fresh.owner)).toEqual([]);
    }));
});

/** `node --import tsx <file>` of the API with `env`; answers the exit code and everything it printed. */
function run(file: string, env: Record<string, string>): Promise<{ code: number; out: string }> {
  const { DATABASE_URL: _d, MIGRATION_DATABASE_URL: _m, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(API_ROOT, file)],
      { cwd: API_ROOT, env: { ...inherited, LOG_LEVEL: 'info', ...env }, timeout: 150_000 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

// The real entry point on an embedded PGlite in a folder of their own. The restore drill (scripts/restore-drill.sh) runs it
// on PostgreSQL with the two roles, and starts the server with MIGRATE_ON_START=false before and after it.
describe('npm run migrate, as a process', () => {
  it('migrates a new DATA_DIR once, then finds nothing to apply', { timeout: 300_000 }, async () => {
    const dataDir = tempDir('guarita-migrate-cli-');
    const first = await run('src/migrate-cli.ts', { DATA_DIR: dataDir });
    expect(first.code, first.out).toBe(0);
    expect(first.out).toContain(`migrations applied: ${migrationFiles()[0]!.name}`);
    const again = await run('src/migrate-cli.ts', { DATA_DIR: dataDir });
    expect(again.code, again.out).toBe(0);
    expect(again.out).toContain('schema already current');
  });
});
