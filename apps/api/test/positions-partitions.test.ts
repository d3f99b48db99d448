import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawQuery } from '../src/db/db';
import { FixedClock } from '../src/ports/clock';
import { pruneAll } from '../src/modules/retention/prune';
import { RETENTION_RULES, retentionSettings } from '../src/modules/retention/policy';
import { aContract, aCustomer } from './factories';
import { buildTestConfig, createTestApp, type TestApp } from './helpers';

/**
 * Positions partitioned by month (migration 024, ADR 080): the housekeeping pass makes the coming months' partitions
 * (as the app's role, which may not create tables, on PostgreSQL), the app writes and reads through the parent, and a
 * month wholly past the retention is dropped whole. On PGlite and PostgreSQL alike.
 */
describe('positions partitioned by month', () => {
  let t: TestApp;
  // Months the migration did not make partitions for: the pass must. Each test has its own years, so neither finds
  // the other's partitions, in any order.
  const may2031 = new FixedClock(new Date(Date.UTC(2031, 4, 10, 12)));
  const may2035 = new FixedClock(new Date(Date.UTC(2035, 4, 10, 12)));
  const settings = retentionSettings(buildTestConfig());
  const rules = RETENTION_RULES.filter((r) => r.table === 'positions');
  const partitionOf = async (nCtrId: number, ts: string) =>
    (
      await rawQuery<{ part: string }>(t.db, 'SELECT tableoid::regclass::text AS part FROM positions WHERE n_ctr_id = $1 AND ts = $2', [
        nCtrId,
        ts,
      ])
    )[0]?.part;

  beforeAll(async () => {
    t = await createTestApp({ clock: new FixedClock(new Date()) });
  });
  afterAll(() => t?.close());

  it('the pass makes this month and the next two, moves what the default partition held, and the app writes into them', async () => {
    const customer = await aCustomer(t);
    const { nCtrId } = await aContract(t, customer, { tracker: true });
    const early = '2031-06-03T08:00:00.000Z';
    // Written before its month's partition exists: it waits in positions_default.
    await rawQuery(t.db, 'INSERT INTO positions (n_ctr_id, ts, lat, lng, ign) VALUES ($1, $2, -19.9, -43.9, true)', [nCtrId, early]);
    expect(await partitionOf(nCtrId, early)).toMatch(/positions_default$/);

    await pruneAll(t.db, settings, may2031.now(), { rules });

    expect(await partitionOf(nCtrId, early)).toMatch(/positions_p203106$/);
    const later = '2031-07-31T23:59:00.000Z';
    await rawQuery(t.db, 'INSERT INTO positions (n_ctr_id, ts, lat, lng, ign) VALUES ($1, $2, -19.9, -43.9, true)', [nCtrId, later]);
    expect(await partitionOf(nCtrId, later)).toMatch(/positions_p203107$/);
    const mine = await rawQuery<{ n: number }>(t.db, 'SELECT count(*)::int AS n FROM positions WHERE n_ctr_id = $1', [nCtrId]);
    expect(mine[0]!.n).toBe(2);
  });

  it('a month wholly before the retention cutoff is dropped whole; the months after it stay', async () => {
    const customer = await aCustomer(t);
    const { nCtrId } = await aContract(t, customer, { tracker: true });
    const old = '2033-01-15T10:00:00.000Z';
    const kept = '2035-05-01T10:00:00.000Z';
    await rawQuery(t.owner, `SELECT positions_create_partitions('2033-01-01T00:00:00Z', 1)`);
    for (const ts of [old, kept])
      await rawQuery(t.db, 'INSERT INTO positions (n_ctr_id, ts, lat, lng, ign) VALUES ($1, $2, -19.9, -43.9, true)', [nCtrId, ts]);

    await pruneAll(t.db, settings, may2035.now(), { rules });

    const left = await rawQuery<{ ts: Date }>(t.db, 'SELECT ts FROM positions WHERE n_ctr_id = $1 ORDER BY ts', [nCtrId]);
    expect(left.map((r) => r.ts.toISOString())).toEqual([kept]);
    const parts = await rawQuery<{ n: number }>(
      t.owner,
      `SELECT count(*)::int AS n FROM pg_class WHERE relname = 'positions_p203301' AND relnamespace = to_regnamespace(current_schema())`,
    );
    expect(parts[0]!.n).toBe(0);
  });
});
