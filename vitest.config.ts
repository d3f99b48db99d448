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
      'apps/web/vite.config.ts',
    ],
  },
});
