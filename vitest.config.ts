import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (longest first by the last run's durations, else largest file first), except that the route fuzz
 * test, the longest API file by far (ADR 011), always starts first in its project: the other files then run beside
 * it on the second worker instead of after it. A fresh clone (CI) has no durations to go by.
 */
class FuzzFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isFuzz = (f: TestSpecification) => f.moduleId.endsWith('/fuzz-routes.test.ts');
    const out = sorted.filter((f) => !isFuzz(f));
    for (const fuzz of sorted.filter(isFuzz)) {
      const first = out.findIndex((f) => f.project.name === fuzz.project.name);
      out.splice(first < 0 ? out.length : first, 0, fuzz);
    }
    return out;
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: FuzzFirst },
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      // The bench's own arithmetic (what it prints must be right to be worth reading).
      { test: { name: 'bench', root: 'bench', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file gets its own fresh database; PGlite is memory hungry, keep parallelism modest.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          // `npm run db:record-queries` (ADR 064): the run records every statement it makes.
          setupFiles: process.env.GUARITA_RECORD_SQL ? ['test/release-queries/record.setup.ts'] : [],
        },
      },
      {
        // Faults that touch the whole PostgreSQL server (a restart): run alone, after the API run (`.ci/run`).
        test: {
          name: 'api-fault',
          root: 'apps/api',
          include: ['fault/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
      {
        // Two API processes on one PostgreSQL database behind a proxy (issue 29 item 1): PostgreSQL only, run alone (`.ci/run`).
        test: {
          name: 'api-multi',
          root: 'apps/api',
          include: ['multi/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          maxWorkers: 1,
          sequence: { groupOrder: 3 },
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
