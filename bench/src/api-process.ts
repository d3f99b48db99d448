import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Cleanup } from './cleanup';
import { spawnServer, waitUntilReady, type ServerProcess } from './children';
import { childEnv } from './child-env';
import { HOST, freePort } from './net';
import { throwawayDatabase } from './postgres';
import { sampleRss, type RssSampler } from './rss';
import type { DbKind } from './targets';

export interface ApiUnderTest {
  server: ServerProcess;
  base: string;
  db: DbKind;
  /** Where the data lives, for the report. */
  dbLabel: string;
  rss: RssSampler;
  /** The database it runs on, for a second process on the same data once this one has stopped. */
  dataDir: string;
  databaseUrl: string | undefined;
}

/** Signs the tokens of the API under test, so the reference server can verify them too. */
export const BENCH_AUTH_SECRET = 'bench-only-secret-0123456789abcdef-not-for-production';

/**
 * The real API (`node --import tsx apps/api/src/server.ts`) in its own process, demo mode, on a fresh
 * temp DATA_DIR (PGlite) or a throwaway PostgreSQL database when `databaseUrl` is given; `reuse` starts it
 * again on the data of an earlier run (stopped first: PGlite is one process's at a time).
 */
export async function startApi(
  root: string,
  databaseUrl: string | undefined,
  cleanup: Cleanup,
  cpu?: number,
  extraEnv: Record<string, string> = {},
  reuse?: Pick<ApiUnderTest, 'dataDir' | 'databaseUrl'>,
): Promise<ApiUnderTest> {
  let dataDir = reuse?.dataDir;
  if (!dataDir) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'guarita-bench-'));
    const removeDir = () => rmSync(dir, { recursive: true, force: true });
    cleanup.add(`remove ${dir}`, removeDir, removeDir);
    dataDir = dir;
  }

  const database = reuse
    ? reuse.databaseUrl
      ? { url: reuse.databaseUrl, name: new URL(reuse.databaseUrl).pathname.slice(1) }
      : undefined
    : databaseUrl
      ? await throwawayDatabase(databaseUrl, cleanup)
      : undefined;
  const port = await freePort();
  const server = spawnServer(
    {
      name: 'API',
      cwd: root,
      args: ['--import', 'tsx', 'apps/api/src/server.ts'],
      env: childEnv({
        PORT: String(port),
        HOST,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // Production refuses demo mode (ADR 062); 'bench' runs production's response path (no zod check, ADR 049).
        NODE_ENV: 'bench',
        DEMO_MODE: 'true', // the login code is read from the demo outbox
        AUTH_SECRET: BENCH_AUTH_SECRET,
        ...(database ? { DATABASE_URL: database.url } : {}),
        ...extraEnv,
      }),
      cpu,
    },
    cleanup,
  );
  const rss = sampleRss(server.pid, 100);
  cleanup.add(
    'stop RSS sampling',
    () => rss.stop(),
    () => rss.stop(),
  );

  const base = `http://${HOST}:${port}`;
  await waitUntilReady(server, `${base}/readyz`, 240_000);
  return {
    server,
    base,
    db: database ? 'postgres' : 'pglite',
    dbLabel: database ? `PostgreSQL (throwaway database ${database.name})` : `PGlite (temp DATA_DIR ${dataDir})`,
    rss,
    dataDir,
    databaseUrl: database?.url,
  };
}
