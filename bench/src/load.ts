import http from 'node:http';
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
  stopRate?.();
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
  /** Connections the generator had to open (at most `connections`). */
  sockets: number;
  /** Requests that waited for a free connection (all `connections` busy): their wait is in their latency. */
  queued: number;
}

let stopRate: (() => void) | undefined;

const TIMEOUT_MS = 10_000;

/** The q-quantile (0..1) of sorted values, nearest rank. */
function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/**
 * An open-loop fixed rate (ADR 049): request i is due at start + i / rate, whatever happened to the ones before it,
 * and its latency runs from when it was due to the last byte of its answer. So a stall of the server (or of this
 * generator) counts against every request that should have gone out during it, as a customer would feel it
 * (no coordinated omission), and nothing is sent in bursts. Up to `connections` keep-alive connections, opened
 * only when all open ones are busy; a request that finds all of them busy waits, and the wait is in its latency.
 * (autocannon's `overallRate` was not this: each connection sent its share of a second back to back and then
 * idled until the next second, and its coordinated-omission fill took 1 / rate in seconds as milliseconds.)
 */
export async function measureAtRate(opts: Omit<LoadOptions, 'warmup'> & { rate: number }): Promise<RateResult> {
  const url = new URL(opts.url);
  if (url.hostname !== '127.0.0.1') throw new Error(`refusing to load ${url.host}: only 127.0.0.1 is a target`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const count = Math.max(1, Math.round(opts.rate * opts.duration));
  const intervalMs = 1000 / opts.rate;
  const latencies = new Float64Array(count);
  let sent = 0;
  let finished = 0;
  let errors = 0;
  let sockets = 0;
  let queued = 0;
  let busy = 0;
  let stopped = false;
  const seen = new WeakSet<object>();

  const start = performance.now() + 50;
  await new Promise<void>((resolve) => {
    const settle = () => {
      if (++finished === sent && (stopped || sent === count)) resolve();
    };
    const fire = (i: number) => {
      const due = start + i * intervalMs;
      if (busy >= opts.connections) queued++;
      busy++;
      let done = false;
      const end = (ok: boolean) => {
        if (done) return;
        done = true;
        busy--;
        latencies[i] = performance.now() - due;
        if (!ok) errors++;
        settle();
      };
      const req = http.request(url, { agent, headers: opts.headers, method: 'GET' }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => end(res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300));
        res.on('error', () => end(false));
      });
      req.on('socket', (socket) => {
        if (seen.has(socket)) return;
        seen.add(socket);
        sockets++;
      });
      req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error('timeout')));
      req.on('error', () => end(false));
      req.end();
    };
    let timer: NodeJS.Timeout | undefined;
    const tick = () => {
      const now = performance.now();
      while (sent < count && !stopped && start + sent * intervalMs <= now) fire(sent++);
      if (sent < count && !stopped) timer = setTimeout(tick, Math.max(0, start + sent * intervalMs - performance.now()));
      else if (finished === sent) resolve();
    };
    stopRate = () => {
      stopped = true;
      clearTimeout(timer);
      if (finished === sent) resolve();
    };
    timer = setTimeout(tick, Math.max(0, start - performance.now()));
  });
  stopRate = undefined;
  agent.destroy();
  const measured = latencies.slice(0, finished).sort();
  const ms = (v: number) => Math.round(v * 10) / 10;
  return {
    label: opts.label,
    rate: opts.rate,
    duration: opts.duration,
    total: finished,
    p50: ms(quantile(measured, 0.5)),
    p99: ms(quantile(measured, 0.99)),
    errors,
    sockets,
    queued,
  };
}
