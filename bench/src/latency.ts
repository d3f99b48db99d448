/** Sequential call latency for the bench's provider sections (card and Pix adapters against their fakes). */
export interface Latency {
  label: string;
  calls: number;
  p50: number;
  p99: number;
  max: number;
}

/** p50, p99 and max of `samples` (ms), rounded to 0.01 ms. */
export function latency(label: string, samples: number[]): Latency {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  const r = (n: number) => Math.round(n * 100) / 100;
  return { label, calls: s.length, p50: r(at(0.5)), p99: r(at(0.99)), max: r(s[s.length - 1]!) };
}

/** Runs `call` n times one after the other and answers each call's duration in ms. */
export async function timed(n: number, call: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await call(i);
    out.push(performance.now() - t0);
  }
  return out;
}
