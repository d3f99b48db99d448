/**
 * `npm run db:record-queries` (ADR 064), run when a release is cut: the API test suite on PGlite with every statement
 * recorded (test/release-queries/record.setup.ts), merged into test/release-queries/previous-release.json. The next
 * release's migrations must keep every one of them running (test/previous-release-queries.test.ts). The route fuzz
 * file is left out: it sends random bodies to the routes the other files already cover.
 *
 * `-- --from <dir>` merges the files of an earlier recording run instead (a failed run keeps its folder and names it).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { openPglite } from '../src/db/db';
import { migrate, migrationFiles } from '../src/db/migrate';
import { RELEASE_QUERIES_FILE, replayReleaseQueries, type ReleaseQueries } from '../test/release-queries/queries';
import type { TappedQuery } from '../test/release-queries/pg-tap';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const from = process.argv.indexOf('--from');
const dir = from > 0 ? path.resolve(process.argv[from + 1]!) : mkdtempSync(path.join(tmpdir(), 'guarita-record-sql-'));

if (from < 0) {
  const env: NodeJS.ProcessEnv = { ...process.env, GUARITA_RECORD_SQL: dir };
  delete env.DATABASE_URL;
  delete env.MIGRATION_DATABASE_URL;
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'api', '--exclude', '**/fuzz-routes.test.ts'], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  if (run.status !== 0) {
    console.error(`The API tests failed (exit ${run.status}): record from a green run. What was recorded is in ${dir} (--from).`);
    process.exit(1);
  }
}

/**
 * One statement per shape: Kysely writes a multi-row insert as `values ($1, $2), ($3, $4), …`, one text per batch size
 * (the seed's catalogue batches alone are megabytes). The smallest batch stands for the others.
 */
const shape = (text: string) => text.replace(/\)(, \(\$\d+(, \$\d+)*\))+/g, ')');
const byShape = new Map<string, TappedQuery>();
for (const f of readdirSync(dir).sort()) {
  for (const q of JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as TappedQuery[]) {
    const seen = byShape.get(shape(q.text));
    if (!seen || q.values.length < seen.values.length) byShape.set(shape(q.text), q);
  }
}
// What a test ran on tables of its own making (CREATE TABLE in a test) is no query of the release: only statements that
// run on the release's own schema are kept.
const db = await openPglite();
const queries: TappedQuery[] = [];
try {
  await migrate(db);
  for (const q of byShape.values()) {
    const problems = await replayReleaseQueries(db, [q]);
    if (problems.length) console.log(`left out (not the release's schema): ${problems[0]}`);
    else queries.push(q);
  }
} finally {
  await db.destroy();
}
const out: ReleaseQueries = {
  recordedAt: {
    commit: execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim(),
    migration: migrationFiles().at(-1)!.name,
  },
  queries: queries.sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0)),
};
const target = fileURLToPath(RELEASE_QUERIES_FILE);
writeFileSync(target, await format(JSON.stringify(out), { ...(await resolveConfig(target)), filepath: target }));
console.log(`${out.queries.length} statements recorded in ${target}`);
if (from < 0) rmSync(dir, { recursive: true, force: true });
