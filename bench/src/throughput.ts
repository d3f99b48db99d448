import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_AUTH_SECRET, startApi } from './api-process';
import { startBare, startReference } from './bare-process';
import type { Cleanup } from './cleanup';
import { measure, measureAtRate, type LoadResult, type RateResult } from './load';
import { logIn } from './login';
import { alternate } from './pairs';
import type { CpuLayout } from './pinning';
import type { Settings } from './settings';
import type { DbKind } from './targets';

export const CONTRACTS_PATH = '/api/contracts';
export const BILLS_PATH = '/api/contracts/100101/bills';

export interface DbFigures {
  db: DbKind;
  dbLabel: string;
  /** One result per round (ABAB, `settings.pairs` rounds): result i of each list was measured in round i. */
  contracts: LoadResult[];
  bills: LoadResult[];
  /** The reference server (reference-server.ts) on the same data, same token. */
  reference: LoadResult[];
  /** The bare node:http server in the same rounds: the denominator of the bare ratios. */
  bare: LoadResult[];
  /** The contracts read at a fixed rate. */
  steady: RateResult | undefined;
  peakRssBytes: number | undefined;
  maxSampledRssBytes: number | undefined;
}

export interface ServerFigures {
  /** The bare server at the fixed rate: the p99 the machine and the load generator give a server doing nothing. */
  bareSteady: RateResult | undefined;
  perDb: DbFigures[];
}

/** A copy of a stopped PGlite data directory, so the reference server reads the same data while the API keeps its own. */
function copyDataDir(dataDir: string, cleanup: Cleanup): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'guarita-bench-ref-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  cleanup.add(`remove ${dir}`, remove, remove);
  cpSync(dataDir, dir, { recursive: true });
  return dir;
}

/**
 * The bare node:http baseline at the fixed rate first (the floor under the API's p99); then per database (PGlite;
 * also PostgreSQL when DATABASE_URL is set) the API logged in through the real protocol, the reference server on the
 * same data (PGlite: a copy, since one process holds a PGlite directory) and the bare server, all three running, one
 * loaded at a time, alternately: contracts read, reference, bare, payment history, `settings.pairs` rounds (issue 29
 * item 4: both sides of every ratio in the same minute); then the API at the fixed rate.
 */
export async function measureServers(
  s: Settings,
  cleanup: Cleanup,
  cpus: CpuLayout | undefined,
  onDb?: (f: DbFigures) => void,
  onBareSteady?: (bareSteady: RateResult | undefined) => void,
): Promise<ServerFigures> {
  const load = { connections: s.connections, warmup: s.warmup, duration: s.duration };

  const bareServer = await startBare(s.root, cleanup, cpus?.server);
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
  onBareSteady?.(bareSteady);

  const perDb: DbFigures[] = [];
  try {
    for (const databaseUrl of [undefined, ...(s.databaseUrl ? [s.databaseUrl] : [])]) {
      // The first start migrates and seeds; it stops so a PGlite directory can be copied for the reference.
      const first = await startApi(s.root, databaseUrl, cleanup, cpus?.server);
      const token = await logIn(first.base);
      const headers = { authorization: `Bearer ${token}` };
      first.rss.stop();
      await first.server.stop();

      const ref = await startReference(
        s.root,
        {
          dataDir: first.databaseUrl ? first.dataDir : copyDataDir(first.dataDir, cleanup),
          databaseUrl: first.databaseUrl,
          authSecret: BENCH_AUTH_SECRET,
        },
        cleanup,
        cpus?.server,
      );
      const api = await startApi(s.root, databaseUrl, cleanup, cpus?.server, {}, first);
      let rounds: Record<'contracts' | 'reference' | 'bare' | 'bills', LoadResult[]>;
      let steady: RateResult | undefined;
      try {
        rounds = await alternate(s.pairs, {
          contracts: () => measure({ ...load, label: `GET ${CONTRACTS_PATH}`, url: api.base + CONTRACTS_PATH, headers }),
          reference: () => measure({ ...load, label: 'reference', url: ref.base + CONTRACTS_PATH, headers }),
          bare: () => measure({ ...load, label: 'bare node:http', url: `${bareServer.base}/` }),
          bills: () => measure({ ...load, label: `GET ${BILLS_PATH}`, url: api.base + BILLS_PATH, headers }),
        });
        await ref.server.stop();
        steady =
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
      } finally {
        await ref.server.stop();
        api.rss.stop();
        await api.server.stop();
      }
      const most = (a: number | undefined, b: number | undefined) => (a === undefined ? b : b === undefined ? a : Math.max(a, b));

      const f: DbFigures = {
        db: api.db,
        dbLabel: api.dbLabel,
        ...rounds,
        steady,
        peakRssBytes: most(first.rss.peakBytes(), api.rss.peakBytes()),
        maxSampledRssBytes: most(first.rss.maxSampledRssBytes(), api.rss.maxSampledRssBytes()),
      };
      onDb?.(f);
      perDb.push(f);
    }
  } finally {
    await bareServer.server.stop();
  }
  return { bareSteady, perDb };
}
