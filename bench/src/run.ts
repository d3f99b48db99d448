/**
 * `npm run bench`: the figures of issue 2 §8 and issue 3 §7 with their targets.
 * Exit 0 whatever the figures; non-zero only when the bench itself could not measure.
 */
import os from 'node:os';
import { routeJs, type RouteJs } from './bundle';
import type { Cleanup } from './cleanup';
import { runGuarded } from './lifecycle';
import { pinCpus } from './pinning';
import { Report } from './report';
import { readSettings } from './settings';
import { KB, MB, TARGETS } from './targets';
import { BILLS_PATH, CONTRACTS_PATH, measureServers } from './throughput';
import { ensureWebBuilt } from './web-build';

const LOGIN_ROUTE = '/';
const PAYMENTS_ROUTES = ['/pagamentos', '/pagamentos/fatura-em-aberto', '/pagamentos/cartao', '/antecipacao'];

const settings = readSettings();
const cpuCount = os.availableParallelism(); // read before pinning narrows it to one CPU
const report = new Report();

function printRouteJs(r: RouteJs, label: string, targetKb: number): void {
  if (!r.built) return report.info(label, `n/a (${r.reason})`);
  const kb = r.gzipBytes / KB;
  const largest = r.largest.map((f) => `${f.file} ${(f.gzipBytes / KB).toFixed(1)}`).join(', ');
  report.figure(label, `${kb.toFixed(1)} KB gzip (${r.files} files)`, `target ≤ ${targetKb} KB`, kb <= targetKb);
  report.line(`    largest: ${largest}`);
}

async function webFigures(): Promise<void> {
  report.line(
    'JS loaded by a first visit to a route (entry + preloads + lazy route chunks with their static imports; gzip -9, KB = 1024 B)',
  );
  try {
    if ((await ensureWebBuilt(settings.root, settings.rebuild)) === 'built') report.line('  (apps/web/dist was built for this run)');
    const [login, ...payments] = routeJs(settings.root, [LOGIN_ROUTE, ...PAYMENTS_ROUTES]);
    printRouteJs(login!, `login route '${LOGIN_ROUTE}'`, TARGETS.loginRouteKb);
    for (const r of payments) printRouteJs(r, `payments route ${r.route}`, TARGETS.paymentsRouteKb);
  } catch (err) {
    report.error('route JS sizes', err);
  }
}

async function serverFigures(cleanup: Cleanup): Promise<void> {
  const cpus = pinCpus(settings.pin);
  report.line('');
  report.line(
    `Throughput: ${settings.connections} connections, ${settings.warmup} s warm-up + ${settings.duration} s measured per target; ` +
      (cpus ? `servers on CPU ${cpus.server}, load generator on CPU ${cpus.load}` : 'CPUs not pinned'),
  );
  const [load1] = os.loadavg();
  if (load1 !== undefined && load1 > cpuCount * 0.75) {
    report.line(`  note: the machine is busy (load average ${load1.toFixed(2)} on ${cpuCount} CPUs): req/s figures are noisy`);
  }
  try {
    const f = await measureServers(settings, cleanup, cpus);
    const row = (label: string, r: { rps: number; p50: number; p99: number }) =>
      report.info(label, `${Math.round(r.rps)} req/s (latency p50 ${r.p50} ms, p99 ${r.p99} ms)`);
    report.info('API database', f.dbLabel);
    row('bare node:http hello', f.bare);
    row(`GET ${CONTRACTS_PATH}`, f.contracts);
    const ratio = f.contracts.rps / f.bare.rps;
    const target = TARGETS.ratio(f.db);
    report.exact(
      `ratio: ${ratio.toFixed(2)}`,
      `contracts read ÷ bare node:http, target ≥ ${target.toFixed(2)} on ${f.db === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
      ratio >= target,
      'ratio',
    );
    row(`GET ${BILLS_PATH}`, f.bills);
    const paymentsRatio = f.bills.rps / f.bare.rps;
    report.exact(
      `payments ratio: ${paymentsRatio.toFixed(2)}`,
      `payment-history read ÷ bare node:http, target ≥ ${TARGETS.paymentsRatio.toFixed(2)}`,
      paymentsRatio >= TARGETS.paymentsRatio,
      'payments ratio',
    );
    report.line('');
    if (f.peakRssBytes === undefined) report.info('API peak RSS', 'n/a (no /proc on this system)');
    else {
      const mb = f.peakRssBytes / MB;
      report.figure('API peak RSS (VmHWM)', `${mb.toFixed(1)} MB`, `target ≤ ${TARGETS.peakRssMb} MB`, mb <= TARGETS.peakRssMb);
      if (f.maxSampledRssBytes !== undefined)
        report.line(`    highest VmRSS sampled every 100 ms: ${(f.maxSampledRssBytes / MB).toFixed(1)} MB`);
    }
  } catch (err) {
    report.error('throughput / RSS', err);
  }
}

// Bounded: web build + API start-up + three warm-up/measure rounds, with room to spare.
const deadlineMs = (5 * 60 + 2 * 60 + 3 * (settings.warmup + settings.duration) * 1.5 + 120) * 1000;

await runGuarded(async (cleanup) => {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  report.line(`Guarita bench — node ${process.version}, ${cpuCount} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), load average ${load}`);
  report.line('');
  await webFigures(); // before pinning, so the build may use every core
  await serverFigures(cleanup);
  return report.summary().failed ? 1 : 0;
}, deadlineMs);
