import { BENCH_AUTH_SECRET, startApi } from './api-process';
import { startBare, startReference } from './bare-process';
import type { Cleanup } from './cleanup';
import { measure, measureAtRate, type LoadResult, type RateResult } from './load';
import { logIn } from './login';
import type { CpuLayout } from './pinning';
import type { Settings } from './settings';
import type { DbKind } from './targets';

export const CONTRACTS_PATH = '/api/contracts';
export const BILLS_PATH = '/api/contracts/100101/bills';

export interface DbFigures {
  db: DbKind;
  dbLabel: string;
  contracts: LoadResult;
  bills: LoadResult;
  /** The reference server (reference-server.ts) on the same database, same token. */
  reference: LoadResult;
  /** The contracts read at a fixed rate. */
  steady: RateResult | undefined;
  peakRssBytes: number | undefined;
  maxSampledRssBytes: number | undefined;
}

export interface ServerFigures {
  bare: LoadResult;
  perDb: DbFigures[];
}

/**
 * One after the other, each server alone in its process: the bare node:http baseline, then per database
 * (PGlite; also PostgreSQL when DATABASE_URL is set) the API logged in through the real protocol on the
 * contracts and payment-history reads and at a fixed rate, then the reference server on the same data.
 */
export async function measureServers(
  s: Settings,
  cleanup: Cleanup,
  cpus: CpuLayout | undefined,
  onDb?: (f: DbFigures) => void,
  onBare?: (bare: LoadResult) => void,
): Promise<ServerFigures> {
  const load = { connections: s.connections, warmup: s.warmup, duration: s.duration };

  const bareServer = await startBare(s.root, cleanup, cpus?.server);
  const bare = await measure({ ...load, label: 'bare node:http', url: `${bareServer.base}/` });
  await bareServer.server.stop();
  onBare?.(bare);

  const perDb: DbFigures[] = [];
  for (const databaseUrl of [undefined, ...(s.databaseUrl ? [s.databaseUrl] : [])]) {
    const api = await startApi(s.root, databaseUrl, cleanup, cpus?.server);
    const token = await logIn(api.base);
    const headers = { authorization: `Bearer ${token}` };
    const contracts = await measure({ ...load, label: `GET ${CONTRACTS_PATH}`, url: api.base + CONTRACTS_PATH, headers });
    const bills = await measure({ ...load, label: `GET ${BILLS_PATH}`, url: api.base + BILLS_PATH, headers });
    const steady =
      s.rateDuration > 0
        ? await measureAtRate({
            label: `GET ${CONTRACTS_PATH} at ${s.rate} req/s`,
            url: api.base + CONTRACTS_PATH,
            headers,
            connections: Math.max(s.connections, 50),
            duration: s.rateDuration,
            rate: s.rate,
          })
        : undefined;
    api.rss.stop();
    await api.server.stop();

    // Same data, same token, the API gone (PGlite is one process's at a time).
    const ref = await startReference(
      s.root,
      { dataDir: api.dataDir, databaseUrl: api.databaseUrl, authSecret: BENCH_AUTH_SECRET },
      cleanup,
      cpus?.server,
    );
    const reference = await measure({ ...load, label: 'reference', url: ref.base + CONTRACTS_PATH, headers });
    await ref.server.stop();

    const f: DbFigures = {
      db: api.db,
      dbLabel: api.dbLabel,
      contracts,
      bills,
      reference,
      steady,
      peakRssBytes: api.rss.peakBytes(),
      maxSampledRssBytes: api.rss.maxSampledRssBytes(),
    };
    onDb?.(f);
    perDb.push(f);
  }
  return { bare, perDb };
}
