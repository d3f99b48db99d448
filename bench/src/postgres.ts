import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Cleanup } from './cleanup';

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '']);

/**
 * Creates an empty database `guarita_bench_<random>` on the server of `baseUrl` (local servers only)
 * and registers its removal. Returns the URL of the new database.
 */
export async function throwawayDatabase(baseUrl: string, cleanup: Cleanup): Promise<{ url: string; name: string }> {
  const base = new URL(baseUrl);
  if (!LOCAL_HOSTS.has(base.hostname)) {
    throw new Error(`DATABASE_URL points at ${base.hostname}: the bench only creates databases on a local server`);
  }
  const name = `guarita_bench_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 10_000 });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  await admin(`CREATE DATABASE "${name}"`);
  // FORCE ends the connections a killed API may have left behind.
  const drop = `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`;
  cleanup.add(
    `drop database ${name}`,
    () => admin(drop),
    () => void spawnSync('psql', [baseUrl, '-qc', drop], { timeout: 10_000, stdio: 'ignore' }),
  );

  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name };
}
