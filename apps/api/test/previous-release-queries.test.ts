import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationFiles } from '../src/db/migrate';
import { migrateWithOwner } from '../src/db/roles';
// Loads the query tap before the database here opens.
import { RELEASE_QUERIES_FILE, replayReleaseQueries, type ReleaseQueries } from './release-queries/queries';
import { openFreshDb } from './helpers';

/**
 * Expand/contract (ADR 064): the release before this one keeps running while `npm run migrate` moves the schema on, so
 * every statement it ran (recorded from its API test run by `npm run db:record-queries`) must still run on the newest
 * schema, as the role the app runs as, and still return every column it read.
 */
const recorded = JSON.parse(readFileSync(RELEASE_QUERIES_FILE, 'utf8')) as ReleaseQueries;

describe('the previous release on the newest schema', () => {
  let fresh: Awaited<ReturnType<typeof openFreshDb>>;
  beforeAll(async () => {
    fresh = await openFreshDb();
    await migrateWithOwner(fresh.db, fresh.owner);
  });
  afterAll(async () => {
    await fresh?.db.destroy();
    await fresh?.drop();
  });

  it(`runs every statement recorded at ${recorded.recordedAt.migration} on ${migrationFiles().at(-1)!.name}`, async () => {
    expect(recorded.queries.length).toBeGreaterThan(200);
    expect(await replayReleaseQueries(fresh.db, recorded.queries)).toEqual([]);
  });

  // The check itself: a contract step taken a release too early is caught, whichever way it breaks the old release.
  // Each migration is tried in a transaction that is rolled back (as the owner role, which may alter tables).
  it.each([
    ['drops a column the release reads', 'ALTER TABLE customers DROP COLUMN trade_name', /trade_name/],
    ['renames a column in place', 'ALTER TABLE bills RENAME COLUMN doc_due_date TO vencimento', /doc_due_date/],
    ['adds a NOT NULL column without a default', 'ALTER TABLE cases ADD COLUMN channel text NOT NULL', /"channel"/],
  ])('fails when a migration %s', async (_what, ddl, expected) => {
    const problems = await replayReleaseQueries(fresh.owner, recorded.queries, ddl);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join('\n')).toMatch(expected);
  });
});
