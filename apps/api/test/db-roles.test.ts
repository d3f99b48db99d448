import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawQuery } from '../src/db/db';
import { FixedClock } from '../src/ports/clock';
import { createTestApp, type TestApp } from './helpers';
import { STAFF, staffLogin, staffRequest } from './staff-helpers';

/**
 * Issue 23 item 9 (ADR 010): the app runs as a runtime role that may append to the audit log and nothing else on it;
 * the owner role (MIGRATION_DATABASE_URL) migrates. PGlite has a single role, so this needs PostgreSQL with both URLs.
 */
const split = Boolean(process.env.DATABASE_URL && process.env.MIGRATION_DATABASE_URL);
if (!split) console.log('db-roles: skipped — needs DATABASE_URL (runtime role) and MIGRATION_DATABASE_URL (owner role); .ci/run sets both');

describe.skipIf(!split)('owner and runtime roles (PostgreSQL)', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date());
  /** A statement run over the app's own connection, as an attacker holding the app's credentials would. */
  const asApp = (text: string) => rawQuery(t.db, text);
  const auditRows = async () => (await t.query<{ n: number }>('SELECT count(*)::int AS n FROM staff_audit'))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t?.close());

  it('the app role cannot rewrite, empty or unprotect staff_audit, and the app still audits', async () => {
    const admin = await staffLogin(t, clock, STAFF.admin);
    const before = await auditRows();
    expect(before).toBeGreaterThan(0);
    const [roles] = await rawQuery<{ app: string; owner: string }>(
      t.db,
      "SELECT current_user AS app, tableowner AS owner FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'staff_audit'",
    );
    expect(roles!.app).not.toBe(roles!.owner);

    await expect(asApp(`UPDATE staff_audit SET action = 'x'`)).rejects.toThrow(/permission denied/);
    await expect(asApp('DELETE FROM staff_audit')).rejects.toThrow(/permission denied/);
    await expect(asApp('TRUNCATE staff_audit')).rejects.toThrow(/permission denied/);
    await expect(asApp('ALTER TABLE staff_audit DISABLE TRIGGER ALL')).rejects.toThrow(/must be owner/);
    await expect(asApp('ALTER TABLE staff_audit DISABLE TRIGGER staff_audit_no_update')).rejects.toThrow(/must be owner/);
    await expect(asApp('DROP TABLE staff_audit')).rejects.toThrow(/must be owner/);
    // Nor can it make the migrator forget what ran.
    await expect(asApp('DELETE FROM migration_checksums')).rejects.toThrow(/permission denied/);

    const triggers = await t.query<{ tgname: string; tgenabled: string }>(
      `SELECT tgname, tgenabled FROM pg_trigger WHERE tgrelid = 'staff_audit'::regclass AND NOT tgisinternal ORDER BY tgname`,
    );
    expect(triggers).toEqual([
      { tgname: 'staff_audit_no_truncate', tgenabled: 'O' },
      { tgname: 'staff_audit_no_update', tgenabled: 'O' },
    ]);
    expect(await auditRows()).toBe(before);

    // The app itself, on the same role: appends (a login, an export) and reads the log.
    const again = await staffLogin(t, clock, STAFF.financeiro);
    expect(again).toBeTruthy();
    const page = await staffRequest(t, admin, 'GET', '/api/backoffice/auditoria?limite=200');
    expect(page.statusCode).toBe(200);
    expect(page.json().itens.map((r: { acao: string; quem: string }) => `${r.quem} ${r.acao}`)).toContain(`${STAFF.financeiro} login`);
    expect(await auditRows()).toBeGreaterThan(before);
  });
});
