import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PGLITE_SHARED_BUFFERS, openPglite, openPostgres } from '../src/db/db';

const url = process.env.DATABASE_URL;
if (!url) console.log('db-settings: skipped — needs DATABASE_URL (PostgreSQL); .ci/run runs it');

describe.skipIf(!url)('PostgreSQL session settings of the pool', () => {
  it('JIT is off on every connection (a mis-estimated short read once spent ~200 ms compiling), timeouts are set', async () => {
    const db = await openPostgres(url!);
    try {
      const settings = await Promise.all(
        Array.from({ length: 3 }, () =>
          sql<{
            jit: string;
            statement_timeout: string;
          }>`SELECT current_setting('jit') AS jit, current_setting('statement_timeout') AS statement_timeout`.execute(db),
        ),
      );
      for (const { rows } of settings) expect(rows[0]).toEqual({ jit: 'off', statement_timeout: '10s' });
    } finally {
      await db.destroy();
    }
  });
});

describe('PGlite on a data directory', () => {
  // initdb is slow (tens of seconds on a busy machine): a hang guard, not a budget.
  it(
    'a new directory is initialised (in a process of its own), keeps what was written, and runs with the smaller cache',
    { timeout: 240_000 },
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'guarita-pglite-dir-'));
      const dataDir = path.join(dir, 'pglite');
      try {
        const first = await openPglite(dataDir);
        expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
        await sql`CREATE TABLE kept (n int)`.execute(first);
        await sql`INSERT INTO kept VALUES (42)`.execute(first);
        await first.destroy();

        const again = await openPglite(dataDir);
        try {
          expect((await sql<{ n: number }>`SELECT n FROM kept`.execute(again)).rows).toEqual([{ n: 42 }]);
          const { rows } = await sql<{ shared_buffers: string }>`SHOW shared_buffers`.execute(again);
          expect(rows[0]?.shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
        } finally {
          await again.destroy();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
