import { startApi } from './api-process';
import { startBare } from './bare-process';
import type { Cleanup } from './cleanup';
import { measure, type LoadResult } from './load';
import { logIn } from './login';
import type { CpuLayout } from './pinning';
import type { Settings } from './settings';
import type { DbKind } from './targets';

export const CONTRACTS_PATH = '/api/contracts';
export const BILLS_PATH = '/api/contracts/100101/bills';

export interface ServerFigures {
  bare: LoadResult;
  contracts: LoadResult;
  bills: LoadResult;
  peakRssBytes: number | undefined;
  maxSampledRssBytes: number | undefined;
  db: DbKind;
  dbLabel: string;
}

/**
 * One after the other, each server alone in its process: the bare node:http baseline, then the API
 * (logged in through the real protocol) on the contracts read and the payment-history read.
 */
export async function measureServers(s: Settings, cleanup: Cleanup, cpus: CpuLayout | undefined): Promise<ServerFigures> {
  const load = { connections: s.connections, warmup: s.warmup, duration: s.duration };

  const bareServer = await startBare(s.root, cleanup, cpus?.server);
  const bare = await measure({ ...load, label: 'bare node:http', url: `${bareServer.base}/` });
  await bareServer.server.stop();

  const api = await startApi(s.root, s.databaseUrl, cleanup, cpus?.server);
  const token = await logIn(api.base);
  const headers = { authorization: `Bearer ${token}` };
  const contracts = await measure({ ...load, label: `GET ${CONTRACTS_PATH}`, url: api.base + CONTRACTS_PATH, headers });
  const bills = await measure({ ...load, label: `GET ${BILLS_PATH}`, url: api.base + BILLS_PATH, headers });
  api.rss.stop();
  await api.server.stop();

  return {
    bare,
    contracts,
    bills,
    peakRssBytes: api.rss.peakBytes(),
    maxSampledRssBytes: api.rss.maxSampledRssBytes(),
    db: api.db,
    dbLabel: api.dbLabel,
  };
}
