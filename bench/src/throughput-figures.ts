import os from 'node:os';
import type { Cleanup } from './cleanup';
import type { LoadResult } from './load';
import { formatPaired, medianResult, pairedRps } from './pairs';
import { pinCpus } from './pinning';
import type { Report } from './report';
import type { Settings } from './settings';
import { MB, TARGETS } from './targets';
import { BILLS_PATH, CONTRACTS_PATH, measureServers } from './throughput';

/** `label: N req/s (latency p50, p99)`, the median of the rounds when there are several. */
export function loadRow(report: Report, label: string, results: LoadResult | readonly LoadResult[]): void {
  const list = Array.isArray(results) ? results : [results as LoadResult];
  const r = medianResult(list);
  const each = list.length > 1 ? `; rounds ${list.map((x) => Math.round(x.rps)).join('/')}` : '';
  report.info(label, `${Math.round(r.rps)} req/s (latency p50 ${r.p50} ms, p99 ${r.p99} ms${list.length > 1 ? ', medians' : ''}${each})`);
}

// Read when the bench starts, before pinning narrows this process to one CPU.
const CPU_COUNT = os.availableParallelism();

/** A note when the machine is busy: the figures that follow are noisy. */
export function noteLoad(report: Report, what: string): void {
  const [load1] = os.loadavg();
  if (load1 !== undefined && load1 > CPU_COUNT * 0.75) {
    report.line(`  note: the machine is busy (load average ${load1.toFixed(2)} on ${CPU_COUNT} CPUs): ${what}`);
  }
}

/** Issue 2 §8, issue 8, issue 29 item 4: throughput, the ratios as medians of ABAB pairs with their range, RSS. */
export async function serverFigures(settings: Settings, report: Report, cleanup: Cleanup): Promise<void> {
  const cpus = pinCpus(settings.pin);
  report.line('');
  report.line(
    `Throughput: ${settings.connections} connections, ${settings.warmup} s warm-up + ${settings.duration} s measured per target, ` +
      `${settings.pairs} alternating rounds (API, reference, bare, API; each ratio = median of its pairs, range beside it); ` +
      (cpus ? `servers on CPU ${cpus.server}, load generator on CPU ${cpus.load}` : 'CPUs not pinned'),
  );
  noteLoad(report, 'req/s figures are noisy; the ranges show how much');
  try {
    await measureServers(
      settings,
      cleanup,
      cpus,
      (f) => {
        const dbName = f.db === 'postgres' ? 'PostgreSQL' : 'PGlite';
        report.line('');
        report.info('API database', f.dbLabel);
        loadRow(report, `GET ${CONTRACTS_PATH}`, f.contracts);
        loadRow(report, 'reference (Fastify bare + jose + 1 query)', f.reference);
        loadRow(report, 'bare node:http hello', f.bare);
        const refRatio = pairedRps(f.contracts, f.reference);
        report.exact(
          `reference ratio: ${formatPaired(refRatio)}`,
          `contracts read ÷ reference server on ${dbName}, median of pairs, target ≥ ${TARGETS.referenceRatio.toFixed(2)}`,
          refRatio.median >= TARGETS.referenceRatio,
          `reference ratio (${dbName})`,
        );
        const ratio = pairedRps(f.contracts, f.bare);
        const target = TARGETS.ratio(f.db);
        report.exact(
          `ratio: ${formatPaired(ratio)}`,
          `contracts read ÷ bare node:http, median of pairs, target ≥ ${target.toFixed(2)} on ${dbName}`,
          ratio.median >= target,
          `ratio (${dbName})`,
        );
        loadRow(report, `GET ${BILLS_PATH}`, f.bills);
        const paymentsRatio = pairedRps(f.bills, f.bare);
        report.exact(
          `payments ratio: ${formatPaired(paymentsRatio)}`,
          `payment-history read ÷ bare node:http, median of pairs, target ≥ ${TARGETS.paymentsRatio.toFixed(2)}`,
          paymentsRatio.median >= TARGETS.paymentsRatio,
          `payments ratio (${dbName})`,
        );
        if (f.steady) {
          const st = f.steady;
          report.figure(
            `${st.rate} req/s for ${st.duration} s: p99`,
            `${st.p99} ms (p50 ${st.p50} ms, ${st.total} answers, open loop, ${st.sockets} connections opened)`,
            `target ≤ ${TARGETS.steadyP99Ms} ms`,
            st.p99 <= TARGETS.steadyP99Ms,
          );
          report.figure(`${st.rate} req/s for ${st.duration} s: errors`, String(st.errors), 'target 0', st.errors <= TARGETS.steadyErrors);
        }
        if (f.peakRssBytes === undefined) report.info('API peak RSS', 'n/a (no /proc on this system)');
        else {
          const mb = f.peakRssBytes / MB;
          report.figure('API peak RSS (VmHWM)', `${mb.toFixed(1)} MB`, `target ≤ ${TARGETS.peakRssMb} MB`, mb <= TARGETS.peakRssMb);
          if (f.maxSampledRssBytes !== undefined)
            report.line(`    highest VmRSS sampled every 100 ms: ${(f.maxSampledRssBytes / MB).toFixed(1)} MB`);
        }
      },
      (bareSteady) => {
        if (bareSteady)
          report.info(
            `bare node:http at ${bareSteady.rate} req/s`,
            `p99 ${bareSteady.p99} ms (p50 ${bareSteady.p50} ms, ${bareSteady.duration} s): the floor under the API's p99 on this machine now`,
          );
      },
    );
  } catch (err) {
    report.error('throughput / RSS', err);
  }
}
