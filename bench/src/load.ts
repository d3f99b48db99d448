import autocannon, { type Instance, type Result } from 'autocannon';

export interface LoadOptions {
  label: string;
  url: string;
  headers?: Record<string, string>;
  /** GET unless given; a POST sends `body` (JSON text) with every request. */
  method?: 'GET' | 'POST';
  body?: string;
  connections: number;
  warmup: number;
  duration: number;
}

export interface LoadResult {
  label: string;
  /** Mean of the per-second request counts of the measured window. */
  rps: number;
  total: number;
  p50: number;
  p99: number;
}

let running: Instance | undefined;

/** Stops a measurement in flight (signal handling); it then resolves with what it has. */
export function stopLoad(): void {
  running?.stop();
}

async function fire(opts: LoadOptions, duration: number): Promise<Result> {
  const url = new URL(opts.url);
  if (url.hostname !== '127.0.0.1') throw new Error(`refusing to load ${url.host}: only 127.0.0.1 is a target`);
  running = autocannon({
    url: opts.url,
    connections: opts.connections,
    duration,
    timeout: 10,
    headers: opts.headers,
    ...(opts.method ? { method: opts.method } : {}),
    ...(opts.body !== undefined ? { body: opts.body } : {}),
  });
  try {
    return await running;
  } finally {
    running = undefined;
  }
}

function check(opts: LoadOptions, r: Result, phase: string): void {
  const completed = r['2xx'] + r.non2xx;
  // A few hiccups under load are tolerated; a server answering errors is not being measured at all.
  if (completed === 0 || r.non2xx > completed * 0.01 || r.errors + r.timeouts > Math.max(10, completed * 0.01)) {
    const codes = Object.entries(r.statusCodeStats)
      .map(([code, s]) => `${code}×${s.count}`)
      .join(', ');
    throw new Error(`${opts.label} (${phase}): ${r['2xx']} 2xx, ${r.non2xx} other [${codes}], ${r.errors} errors, ${r.timeouts} timeouts`);
  }
}

/** Warm-up (thrown away), then the measured window, same connections for both. */
export async function measure(opts: LoadOptions): Promise<LoadResult> {
  if (opts.warmup > 0) check(opts, await fire(opts, opts.warmup), 'warm-up');
  const r = await fire(opts, opts.duration);
  check(opts, r, 'measured');
  return { label: opts.label, rps: r.requests.average, total: r['2xx'], p50: r.latency.p50, p99: r.latency.p99 };
}

export interface RateResult {
  label: string;
  rate: number;
  duration: number;
  total: number;
  p50: number;
  p99: number;
  /** Non-2xx answers, connection errors and timeouts together. */
  errors: number;
}

/** A fixed request rate (`rate` per second over all connections) for `duration` seconds; errors are counted, not thrown. */
export async function measureAtRate(opts: Omit<LoadOptions, 'warmup'> & { rate: number }): Promise<RateResult> {
  const url = new URL(opts.url);
  if (url.hostname !== '127.0.0.1') throw new Error(`refusing to load ${url.host}: only 127.0.0.1 is a target`);
  running = autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.duration,
    overallRate: opts.rate,
    timeout: 10,
    headers: opts.headers,
  });
  let r: Result;
  try {
    r = await running;
  } finally {
    running = undefined;
  }
  return {
    label: opts.label,
    rate: opts.rate,
    duration: opts.duration,
    total: r['2xx'] + r.non2xx,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.non2xx + r.errors + r.timeouts,
  };
}
