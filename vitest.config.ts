import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
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
      'apps/web/vite.config.ts',
    ],
  },
});
