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
  /** The bare server at the fixed rate: the p99 the machine and the load generator give a server doing nothing. */
  bareSteady: RateResult | undefined;
  perDb: DbFigures[];
}

/**
 * One after the other, each server alone in its process: the bare node:http baseline (flat out and at the fixed
 * rate), then per database (PGlite; also PostgreSQL when DATABASE_URL is set) the API logged in through the real
 * protocol on the contracts read, the reference server on the same data right after it, then the API again on the
 * payment-history read and at the fixed rate.
 */
export async function measureServers(
  s: Settings,
  cleanup: Cleanup,
  cpus: CpuLayout | undefined,
  onDb?: (f: DbFigures) => void,
  onBare?: (bare: LoadResult, bareSteady: RateResult | undefined) => void,
): Promise<ServerFigures> {
  const load = { connections: s.connections, warmup: s.warmup, duration: s.duration };

  const bareServer = await startBare(s.root, cleanup, cpus?.server);
  const bare = await measure({ ...load, label: 'bare node:http', url: `${bareServer.base}/` });
  // The same fixed-rate load on a server that does nothing (at most 20 s): the floor under the API's p99 (ADR 049).
  const bareSteady =
    s.rateDuration > 0
      ? await measureAtRate({
          label: `bare node:http at ${s.rate} req/s`,
          url: `${bareServer.base}/`,
          connections: Math.max(s.connections, 50),
          duration: Math.min(s.rateDuration, 20),
          rate: s.rate,
        })
      : undefined;
  await bareServer.server.stop();
  onBare?.(bare, bareSteady);

  const perDb: DbFigures[] = [];
  for (const databaseUrl of [undefined, ...(s.databaseUrl ? [s.databaseUrl] : [])]) {
    const api = await startApi(s.root, databaseUrl, cleanup, cpus?.server);
    const token = await logIn(api.base);
    const headers = { authorization: `Bearer ${token}` };
    const contracts = await measure({ ...load, label: `GET ${CONTRACTS_PATH}`, url: api.base + CONTRACTS_PATH, headers });
    api.rss.stop();
    await api.server.stop();

    // The reference right after the contracts read, so both see the machine as alike as a shared one allows
    // (same data, same token, the API gone: PGlite is one process's at a time).
    const ref = await startReference(
      s.root,
      { dataDir: api.dataDir, databaseUrl: api.databaseUrl, authSecret: BENCH_AUTH_SECRET },
      cleanup,
      cpus?.server,
    );
    const reference = await measure({ ...load, label: 'reference', url: ref.base + CONTRACTS_PATH, headers });
    await ref.server.stop();

    // The API again on the same data for the payment history and the fixed rate.
    const again = await startApi(s.root, databaseUrl, cleanup, cpus?.server, {}, api);
    const bills = await measure({ ...load, label: `GET ${BILLS_PATH}`, url: again.base + BILLS_PATH, headers });
    const steady =
      s.rateDuration > 0
        ? await measureAtRate({
            label: `GET ${CONTRACTS_PATH} at ${s.rate} req/s`,
            url: again.base + CONTRACTS_PATH,
            headers,
            connections: Math.max(s.connections, 50),
            duration: s.rateDuration,
            rate: s.rate,
          })
        : undefined;
    again.rss.stop();
    await again.server.stop();
    const most = (a: number | undefined, b: number | undefined) => (a === undefined ? b : b === undefined ? a : Math.max(a, b));

    const f: DbFigures = {
      db: api.db,
      dbLabel: api.dbLabel,
      contracts,
      bills,
      reference,
      steady,
      peakRssBytes: most(api.rss.peakBytes(), again.rss.peakBytes()),
      maxSampledRssBytes: most(api.rss.maxSampledRssBytes(), again.rss.maxSampledRssBytes()),
    };
    onDb?.(f);
    perDb.push(f);
  }
  return { bare, bareSteady, perDb };
}
