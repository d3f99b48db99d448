import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import { isReleaseQuery } from './queries';
import { tapQueries, type TappedQuery } from './pg-tap';

/**
 * Vitest setup of the API project while `npm run db:record-queries` runs (GUARITA_RECORD_SQL=<dir>): every statement
 * the test file ran successfully, one sample per text, written to <dir> when the file ends (ADR 064).
 */
const dir = process.env.GUARITA_RECORD_SQL;
if (dir) {
  const seen = new Map<string, TappedQuery>();
  tapQueries((q) => {
    if (!seen.has(q.text) && isReleaseQuery(q.text)) seen.set(q.text, q);
  });
  afterAll(() => {
    const file = path.basename(expect.getState().testPath ?? 'unknown');
    writeFileSync(path.join(dir, `${file}-${process.pid}-${Date.now()}.json`), JSON.stringify([...seen.values()]));
  });
}
