import type { Cleanup } from './cleanup';
import { spawnServer, waitUntilReady, type ServerProcess } from './children';
import { childEnv } from './child-env';
import { HOST, freePort } from './net';

/** The baseline node:http server in its own process, listening on 127.0.0.1. */
export async function startBare(root: string, cleanup: Cleanup, cpu?: number): Promise<{ server: ServerProcess; base: string }> {
  const port = await freePort();
  const server = spawnServer(
    {
      name: 'bare node:http server',
      cwd: root,
      args: ['--import', 'tsx', 'bench/src/bare-server.ts'],
      env: childEnv({ PORT: String(port), NODE_ENV: 'production' }),
      cpu,
    },
    cleanup,
  );
  const base = `http://${HOST}:${port}`;
  await waitUntilReady(server, `${base}/`, 30_000);
  return { server, base };
}

/** The reference server (reference-server.ts) on the API's database, in its own process. */
export async function startReference(
  root: string,
  db: { dataDir: string; databaseUrl: string | undefined; authSecret: string },
  cleanup: Cleanup,
  cpu?: number,
): Promise<{ server: ServerProcess; base: string }> {
  const port = await freePort();
  const server = spawnServer(
    {
      name: 'reference server',
      cwd: root,
      args: ['--import', 'tsx', 'bench/src/reference-server.ts'],
      env: childEnv({
        PORT: String(port),
        NODE_ENV: 'production',
        AUTH_SECRET: db.authSecret,
        DATA_DIR: db.dataDir,
        ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
      }),
      cpu,
    },
    cleanup,
  );
  const base = `http://${HOST}:${port}`;
  // PGlite opens slowly on a busy machine.
  await waitUntilReady(server, `${base}/healthz`, 180_000);
  return { server, base };
}
