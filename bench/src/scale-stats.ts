/** The scale bench's arithmetic (issue 29 item 3), kept apart so its unit test reads it alone. */

/** The q-quantile (0..1) of the values, nearest rank (the value at least q of them do not exceed). */
export function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export interface ReadFigures {
  /** Reads timed (warm-up excluded) and their latencies in ms. */
  count: number;
  p50: number;
  p95: number;
  p99: number;
  /** Reads per second over the measured window (all readers together). */
  rps: number;
  errors: number;
}

export function readFigures(latenciesMs: readonly number[], seconds: number, errors: number): ReadFigures {
  const round = (v: number) => Math.round(v * 100) / 100;
  return {
    count: latenciesMs.length,
    p50: round(percentile(latenciesMs, 0.5)),
    p95: round(percentile(latenciesMs, 0.95)),
    p99: round(percentile(latenciesMs, 0.99)),
    rps: seconds > 0 ? latenciesMs.length / seconds : 0,
    errors,
  };
}

/** The two targets of issue 29 item 3 for one read; `demoP95` undefined when the demo data cannot serve it. */
export function scaleVerdict(
  kind: 'customer' | 'staff' | 'login',
  scaleP95: number,
  demoP95: number | undefined,
  limits = { customerP95Ms: 10, slowerThanDemo: 2 },
): { p95Ok: boolean | undefined; demoOk: boolean | undefined; slowdown: number | undefined } {
  const slowdown = demoP95 !== undefined && demoP95 > 0 ? scaleP95 / demoP95 : undefined;
  return {
    p95Ok: kind === 'customer' ? scaleP95 <= limits.customerP95Ms : undefined,
    demoOk: slowdown === undefined ? undefined : slowdown <= limits.slowerThanDemo,
    slowdown,
  };
}

export interface TableSize {
  table: string;
  bytes: number;
  /** Partitions summed under this parent (0 for a plain table). */
  partitions: number;
  /** The planner's row estimate (reltuples), summed over partitions. */
  rows: number;
}

/**
 * Sums the sizes of partitions under their parent (one level, as positions are partitioned by month), biggest first.
 * `parent` is null for a table that is no partition.
 */
export function sizesByTable(rows: ReadonlyArray<{ table: string; parent: string | null; bytes: number; rows: number }>): TableSize[] {
  const byTable = new Map<string, TableSize>();
  for (const r of rows) {
    const name = r.parent ?? r.table;
    const t = byTable.get(name) ?? { table: name, bytes: 0, partitions: 0, rows: 0 };
    t.bytes += r.bytes;
    t.rows += Math.max(0, r.rows);
    if (r.parent) t.partitions++;
    byTable.set(name, t);
  }
  return [...byTable.values()].sort((a, b) => b.bytes - a.bytes || a.table.localeCompare(b.table));
}
