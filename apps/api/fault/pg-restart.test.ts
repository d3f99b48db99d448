import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@guarita/domain';
import {
  adminDatabaseUrl,
  createTestDatabase,
  loginMaria,
  missingWrites,
  runLoad,
  sleep,
  startServer,
  waitFor,
  type ServerChild,
} from '../test/fault-harness';

/**
 * Issue 7, item 1: the PostgreSQL server restarted mid-load. It stops every database of the server, so it runs as its own
 * serial step (vitest project `api-fault`, after the main PostgreSQL run of .ci/run), never next to other test files.
 */
// The admin role: creates the test's database, terminates backends (the owner role when .ci/run splits roles).
const url = adminDatabaseUrl();
const pgCtl = '/usr/bin/pg_ctlcluster';
const versions = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql') : [];
const skipReason = !url
  ? 'needs DATABASE_URL (PostgreSQL)'
  : process.getuid?.() !== 0
    ? 'needs root to restart the PostgreSQL server'
    : !existsSync(pgCtl)
      ? 'pg_ctlcluster is not installed'
      : versions.length !== 1
        ? `expects one cluster version under /etc/postgresql (found ${versions.length})`
        : null;
if (skipReason) console.log(`pg-restart: skipped — ${skipReason}`);

const restartArgs = ['--skip-systemctl-redirect', versions[0] ?? '', 'main', 'restart'];
/** Whatever happens, the server is up when this file ends. */
function ensureServerUp(): void {
  const status = spawnSync(pgCtl, ['--skip-systemctl-redirect', versions[0] ?? '', 'main', 'status']);
  if (status.status !== 0) execFileSync(pgCtl, ['--skip-systemctl-redirect', versions[0] ?? '', 'main', 'start'], { stdio: 'inherit' });
}

describe.skipIf(skipReason !== null)('PostgreSQL server restart mid-load', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ServerChild;

  beforeAll(async () => {
    db = await createTestDatabase(url!);
    server = await startServer(db);
  }, 150_000);
  afterAll(async () => {
    ensureServerUp();
    await waitFor(async () => {
      await db.drop();
      return true;
    }, 20_000).catch(() => {});
    await server?.stop();
  });

  it('0 process exits, only 2xx/503 while it restarts, ready again within 5 s, no write lost', async () => {
    const token = await loginMaria(server.base);
    const load = runLoad(server.base, token);
    await sleep(1_000);
    const t0 = Date.now();
    try {
      execFileSync(pgCtl, restartArgs, { stdio: 'pipe', timeout: 60_000 });
    } finally {
      ensureServerUp();
    }
    const restarted = Date.now();
    const recovered = await waitFor(async () => (await fetch(`${server.base}/readyz`)).status === 200, 5_000);
    await sleep(500);
    await load.stop();

    const a = load.answers;
    const statuses = Object.fromEntries([...new Set(a.map((x) => x.status))].map((s) => [s, a.filter((x) => x.status === s).length]));
    console.log(
      `pg-restart: restart took ${restarted - t0} ms; ${a.length} answers ${JSON.stringify(statuses)}; ready ${recovered} ms after`,
    );
    expect(server.exited()).toBeNull();
    expect(a.filter((x) => !(x.status >= 200 && x.status < 300) && x.status !== 503)).toEqual([]);
    const unavailable = a.filter((x) => x.status === 503);
    expect(unavailable.every((x) => x.retryAfter !== null)).toBe(true);
    expect(unavailable.filter((x) => x.kind !== 'ready').every((x) => x.mensagem === MSG.connection)).toBe(true);
    // The readiness probe said 503 while the server was away (when the load caught the gap) and 200 after, without a restart of ours.
    expect(recovered).toBeLessThan(5_000);
    expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
    expect(await missingWrites(db.url, a)).toEqual([]);
  });
});
