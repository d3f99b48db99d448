import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
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
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    // Typing through masked fields in jsdom is slow on a loaded 2-core machine; 5 s flaked.
    testTimeout: 15_000,
  },
});
