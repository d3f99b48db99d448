import type { Cleanup } from './cleanup';
import { pinCpus } from './pinning';
import type { Report } from './report';
import { SCALE_CONNECTIONS, measureBothSides, type ReadResult } from './scale';
import { scaleVerdict } from './scale-stats';
import type { Settings } from './settings';
import { MB } from './targets';
import { noteLoad } from './throughput-figures';

/** Issue 29 item 3's targets: every customer read p95 ≤ 10 ms at one connection; no read over 2× its demo-size p95. */
export const SCALE_TARGETS = { customerP95Ms: 10, slowerThanDemo: 2 } as const;

const ms = (v: number) => v.toFixed(1);

function header(report: Report): void {
  const loaded = SCALE_CONNECTIONS.map((c) => `${c} conn req/s (p95)`.padStart(20)).join(' ');
  report.line(`  ${'read'.padEnd(26)} ${'1 conn p50/p95/p99 ms'.padStart(22)} ${'req/s'.padStart(6)} ${loaded}  targets`);
}

/** One row: the read's figures, and on the scale side its targets (counted in the summary). */
function row(report: Report, r: ReadResult, demo: ReadResult | undefined, side: 'demo' | 'scale'): void {
  // The demo row sits under its scale row: named by its size only.
  const name = (side === 'demo' ? '  at demo size' : r.read.name).padEnd(26);
  if (r.skipped || !r.single) {
    report.line(`  ${name} n/a: ${r.skipped ?? 'not measured'}`);
    if (side === 'scale') report.tallyOnly(`scale: ${r.read.name} (not measured)`, false);
    return;
  }
  const one = r.single;
  // A login read runs at most one reader per customer (scale.ts): fewer readers than asked are named.
  const loaded = r.loaded
    .map((l, i) => {
      const fewer = l.connections < SCALE_CONNECTIONS[i]! ? ` ${l.connections}r` : '';
      return `${Math.round(l.figures.rps)} (${ms(l.figures.p95)} ms)${fewer}`.padStart(20);
    })
    .join(' ');
  const errors = [one, ...r.loaded.map((l) => l.figures)].reduce((n, f) => n + f.errors, 0);
  let targets = '';
  if (side === 'scale') {
    const v = scaleVerdict(r.read.kind, one.p95, demo?.single?.p95, SCALE_TARGETS);
    const parts: string[] = [];
    if (v.p95Ok !== undefined) {
      parts.push(`p95 ≤ ${SCALE_TARGETS.customerP95Ms} ms ${v.p95Ok ? 'OK' : 'MISS'}`);
      report.tallyOnly(`scale: ${r.read.name} p95`, v.p95Ok);
    }
    if (v.demoOk !== undefined) {
      parts.push(
        `${v.slowdown!.toFixed(2)}× demo (${ms(demo!.single!.p95)} ms) ≤ ${SCALE_TARGETS.slowerThanDemo}× ${v.demoOk ? 'OK' : 'MISS'}`,
      );
      report.tallyOnly(`scale: ${r.read.name} vs demo`, v.demoOk);
    } else parts.push('no demo figure');
    targets = parts.join(', ');
  }
  report.line(
    `  ${name} ${`${ms(one.p50)}/${ms(one.p95)}/${ms(one.p99)}`.padStart(22)} ${String(Math.round(one.rps)).padStart(6)} ${loaded}  ${targets}` +
      (errors ? ` (${errors} failed reads)` : ''),
  );
}

/**
 * Issue 29 item 3 (`BENCH_ONLY=scale`, PostgreSQL only): the reads of scale-reads.ts over HTTP on the demo data (a
 * throwaway database) and on the database SCALE_DATABASE_URL names (filled by `npm run seed:scale`), each read as a
 * customer drawn at random; at 1 connection p50/p95/p99, then at 8 and 32 readers with req/s; then the size per table.
 */
export async function scaleFigures(settings: Settings, report: Report, cleanup: Cleanup): Promise<void> {
  report.line('');
  const url = settings.scaleDatabaseUrl;
  if (!url || !/^postgres(ql)?:/.test(url)) {
    report.line('Scale (issue 29 item 3): skipped — PostgreSQL only: set SCALE_DATABASE_URL to a database filled by `npm run seed:scale`');
    return;
  }
  const cpus = pinCpus(settings.pin);
  report.line(
    `Scale (issue 29 item 3): each read as one of up to ${settings.scaleSubjects} customers drawn at random; 1 connection for ` +
      `${settings.scaleRequests} reads (20 warm-up), then ${SCALE_CONNECTIONS.join(' and ')} readers for ${settings.warmup} s warm-up + ` +
      `${settings.duration} s; latencies in ms over HTTP, a read being every request the app makes for it ` +
      '(login: verify includes its code request; the outbox read for the code is left out)',
  );
  noteLoad(report, 'latencies are noisy');
  try {
    // The demo data on a throwaway database of the same server (or DATABASE_URL's), for the 2× comparison.
    const demoServer = settings.databaseUrl ?? url;
    let printedHeader = false;
    const { scale: scaleSide } = await measureBothSides(settings, cleanup, cpus?.server, demoServer, url, (demo, scale, sides) => {
      if (!printedHeader) {
        report.line('');
        report.info('scale size', `${new URL(url).pathname.slice(1)} (SCALE_DATABASE_URL), read as ${sides.scale.subjects} customers`);
        report.info('demo size', `the demo seed on a throwaway database, read as ${sides.demo.subjects} customers`);
        header(report);
        printedHeader = true;
      }
      row(report, scale, demo, 'scale');
      row(report, demo, undefined, 'demo');
    });
    report.line('');
    report.info(
      'scale database size',
      `${(scaleSide.databaseBytes / MB).toFixed(1)} MB in all; per table (indexes and TOAST included, partitions summed under their parent):`,
    );
    for (const t of scaleSide.sizes.filter((t) => t.bytes >= 64 * 1024)) {
      const parts = t.partitions ? `, ${t.partitions} partitions` : '';
      report.line(
        `    ${t.table.padEnd(32)} ${`${(t.bytes / MB).toFixed(1)} MB`.padStart(12)}  ~${Math.round(t.rows).toLocaleString('en')} rows${parts}`,
      );
    }
  } catch (err) {
    report.error('scale', err);
  }
}

/** Seconds the part may take: two API starts and logins, and every read at 1, 8 and 32 connections on both sides. */
export function scaleBudgetSeconds(s: Settings): number {
  if (!s.scaleDatabaseUrl) return 0;
  const perRead = s.scaleRequests * 0.2 + SCALE_CONNECTIONS.length * (s.warmup + s.duration + 5);
  return 2 * (300 + s.scaleSubjects * 0.5 + 12 * perRead) + 120;
}
