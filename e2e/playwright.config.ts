import { defineConfig } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Browser tests: Debian's Chromium against the built app served by the API on one dedicated port,
 * with a fresh PGlite database (demo mode, demo seed) in a temporary directory for every run. Each test makes its own
 * customer through the server's test-only factory (TEST_FACTORIES, ADR 071), so workers share the server, not data.
 */
const PORT = Number(process.env.E2E_PORT ?? 3111);
const baseURL = `http://127.0.0.1:${PORT}`;
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// The config is evaluated by the runner and again by every worker: only the runner prepares the run's
// directory, the workers inherit its path through the environment.
if (!process.env.GUARITA_E2E_ROOT) process.env.GUARITA_E2E_ROOT = prepareRunDirectory();
const e2eRoot = process.env.GUARITA_E2E_ROOT;
const dataDir = path.join(e2eRoot, 'data');
const webDist = path.join(e2eRoot, 'web');

/** A fresh temporary directory holding the database and a snapshot of the built app, removed at exit. */
function prepareRunDirectory(): string {
  const built = path.join(repoRoot, 'apps/web/dist');
  const index = path.join(built, 'index.html');
  // Tolerate a rebuild that is just rewriting dist/ (vite empties it first).
  for (let waited = 0; !fs.existsSync(index) && waited < 30_000; waited += 500)
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
  if (!fs.existsSync(index)) throw new Error(`No built app in ${built}: run 'npm run build' first.`);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'guarita-e2e-'));
  // A snapshot: a rebuild of apps/web/dist while the suite runs must not change what it tests.
  fs.cpSync(built, path.join(root, 'web'), { recursive: true });
  // 'exit' comes after the web server has been shut down.
  process.on('exit', () => fs.rmSync(root, { recursive: true, force: true }));
  return root;
}

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: 'list',
  // Whole journeys (login, pay, every menu page) on a 2-core machine with two workers: 30 s was too tight.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  outputDir: './test-results',
  use: {
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The service worker (ADR 091) sends a controlled page's navigations through navigation preload, which page.route
    // never sees (a failed API or a browser-rendered page could not be staged), and it downloads the app's 225 files
    // into every new context. The specs of what it does (offline-app, resumable-uploads) allow it; the rest are the
    // same pages without it, as a first visit is.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    // The production artefact (ADR 063): `npm run build` (which test:e2e runs first) bundles it into apps/api/dist.
    command: 'node --enable-source-maps apps/api/dist/server.js',
    cwd: repoRoot,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: process.env.E2E_SERVER_LOG ? 'pipe' : 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      // Always the embedded PGlite, even when the caller has a PostgreSQL URL in its environment (.ci/run).
      DATABASE_URL: '',
      DEMO_MODE: 'true',
      // Each test makes its own customer through POST /api/test/customers (ADR 071); the demo seed is only for the
      // demo-login smoke test.
      TEST_FACTORIES: 'true',
      NODE_ENV: 'development',
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      // Every test logs a customer in from 127.0.0.1 within minutes; the limits themselves are covered by the API tests.
      RATE_LIMIT_FACTOR: '20',
      // Offline: map tiles from our own demo route; the simulated vehicle moves every second.
      MAP_TILE_URL: '/api/dev/tile.png?z={z}&x={x}&y={y}',
      TRACKING_SIMULATOR_INTERVAL_MS: '1000',
      // No e-mail delivery worker: notification e-mails would land in the outbox that the login helper reads codes
      // from (a case number like 2026-000042 holds six digits). In-app notifications need no worker; delivery is
      // covered by the API tests (apps/api/test/notifications.test.ts).
      NOTIFY_WORKER: 'false',
    },
  },
});
