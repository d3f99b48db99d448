import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/db';

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
