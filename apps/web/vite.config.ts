import { defineConfig } from 'vitest/config';
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { planGroups, type ChunkPlan } from './build/chunk-plan.ts';

/**
 * Set by scripts/build.ts for the browser's real build: the groups of its first, automatic build (build/chunk-plan.ts).
 * Without it (vite's dev server, tests, the prerender's server build) chunks are split automatically.
 */
const planFile = process.env.GUARITA_CHUNK_PLAN;
const plan = planFile ? (JSON.parse(readFileSync(planFile, 'utf8')) as ChunkPlan) : null;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/healthz': 'http://127.0.0.1:3000' } },
  // The manifest tells scripts/prerender.ts which chunks each prerendered page preloads (then it is removed).
  build: {
    outDir: 'dist',
    sourcemap: false,
    assetsInlineLimit: 0,
    target: 'es2022',
    manifest: true,
    // Every browser the app supports preloads modules itself; the polyfill would be 1 KB on every first visit.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and the router run on every page: one chunk instead of a dozen small ones. TanStack Query is
          // a chunk of its own that only the logged-in area, the staff console and SSO import (ADR 025: the
          // public pages' first load carries none of it); its infinite queries only on /mapa, left to that page.
          groups: [
            {
              name: 'framework',
              test: (id) => /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/.test(id),
            },
            {
              name: 'query',
              test: (id) => /node_modules[\\/]@tanstack[\\/]/.test(id) && !/[\\/](useI|i)nfiniteQuery/.test(id),
            },
            // What every page, and every customer route, loads anyway, in one file each instead of ~30 small ones.
            ...(plan && !isSsrBuild ? [{ name: planGroups(plan), debugName: 'chunk plan', includeDependenciesRecursively: false }] : []),
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./test/setup.ts'],
    // Typing through masked fields in jsdom is slow on a loaded 2-core machine; 5 s flaked.
    testTimeout: 15_000,
  },
}));
