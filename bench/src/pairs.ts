import type { LoadResult } from './load';

/**
 * Issue 29 item 4: a ratio of two req/s figures taken minutes apart swung by a third between runs on the same build
 * (0.61–0.80), because a shared machine's speed drifts over minutes. So both sides are measured alternately, ABAB,
 * `pairs` times, each pair's ratio taken on its own, and the median of those ratios is the figure, with the lowest and
 * highest pair beside it: a wide range says the machine moved during the run, not the code.
 */
export interface PairedRatio {
  /** The median of the pairs' ratios (the mean of the two middle ones for an even count). */
  median: number;
  min: number;
  max: number;
  /** Each pair's ratio, in the order measured. */
  ratios: number[];
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** numerators[i] ÷ denominators[i] per pair (req/s), then their median and range. */
export function pairedRatio(numerators: readonly number[], denominators: readonly number[]): PairedRatio {
  if (numerators.length !== denominators.length) throw new Error(`${numerators.length} numerators for ${denominators.length} denominators`);
  if (numerators.length === 0) throw new Error('a paired ratio needs at least one pair');
  const ratios = numerators.map((n, i) => {
    const d = denominators[i]!;
    if (!(d > 0)) throw new Error(`pair ${i + 1}: denominator ${d}`);
    return n / d;
  });
  return { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios), ratios };
}

/** The same for load results: their req/s. */
export const pairedRps = (numerators: readonly LoadResult[], denominators: readonly LoadResult[]): PairedRatio =>
  pairedRatio(
    numerators.map((r) => r.rps),
    denominators.map((r) => r.rps),
  );

/**
 * `0.72 (0.61–0.80, 3 pairs)`: the median first, so a line such as `ratio: 0.72 (…)` still reads as `ratio: <number>`
 * to whatever parses the bench's machine-readable lines.
 */
export function formatPaired(r: PairedRatio, digits = 2): string {
  return `${r.median.toFixed(digits)} (${r.min.toFixed(digits)}–${r.max.toFixed(digits)}, ${r.ratios.length} pairs)`;
}

/** One figure standing for several runs of the same load: the median of each field. */
export function medianResult(results: readonly LoadResult[]): LoadResult {
  if (results.length === 0) throw new Error('no results');
  return {
    label: results[0]!.label,
    rps: median(results.map((r) => r.rps)),
    total: results.reduce((sum, r) => sum + r.total, 0),
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
  };
}

/**
 * Runs every step once per round, in the order given, for `rounds` rounds (A B A B …), and answers each step's
 * results in round order, so result i of two steps form pair i.
 */
export async function alternate<K extends string>(
  rounds: number,
  steps: Record<K, () => Promise<LoadResult>>,
): Promise<Record<K, LoadResult[]>> {
  const keys = Object.keys(steps) as K[];
  const out = Object.fromEntries(keys.map((k) => [k, [] as LoadResult[]])) as Record<K, LoadResult[]>;
  for (let round = 0; round < rounds; round++) {
    for (const k of keys) out[k].push(await steps[k]());
  }
  return out;
}
