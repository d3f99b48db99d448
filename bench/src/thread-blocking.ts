/**
 * What of a Lighthouse run's blocking time was the page's own work: the blocking-time sum over the page's main-thread
 * tasks after the first contentful paint, once with their wall time (as Lighthouse measures them, before its
 * simulation) and once with their thread time (the CPU the renderer's main thread actually got).
 *
 * On a 2-core machine the browser's processes, the API server and Lighthouse itself share the CPUs: a task whose
 * wall time is far above its thread time spent that time waiting for a CPU, not running the page (ADR 060, second
 * pass). A phone runs no server beside the page, so the thread-time figure is the one that says whether a change
 * made the page lighter; Lighthouse's TBT stays the target.
 */

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface ThreadBlocking {
  /** Σ max(0, slowdown × wall − 50 ms) over the tasks after FCP, in ms. */
  wallMs: number;
  /** Σ max(0, slowdown × thread time − 50 ms) over the same tasks, in ms. */
  cpuMs: number;
}

/** A task blocks for what it runs over 50 ms once slowed down as Lighthouse's run slows the CPU (4× on mobile). */
const LONG_TASK_MS = 50;
const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/**
 * Both sums for one trace, `slowdown` being the run's CPU slowdown (Lighthouse's `cpuSlowdownMultiplier`); null when
 * the page's main thread or its first paint cannot be found in it.
 */
export function threadBlocking(traceEvents: readonly TraceEvent[], slowdown: number): ThreadBlocking | null {
  const blocking = (us: number) => Math.max(0, (us / 1000) * slowdown - LONG_TASK_MS);
  // The page's renderer: the CrRendererMain thread that ran the most (a navigation may change renderer process).
  const counts = new Map<string, number>();
  for (const e of traceEvents) if (e.ph === 'X') counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const mains = traceEvents.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const main = mains.sort((a, b) => (counts.get(`${b.pid}:${b.tid}`) ?? 0) - (counts.get(`${a.pid}:${a.tid}`) ?? 0))[0];
  if (!main) return null;
  const fcp = traceEvents.find((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid);
  if (!fcp) return null;
  const tasks = traceEvents
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && TASKS.has(e.name))
    .sort((a, b) => a.ts - b.ts);
  let wallMs = 0;
  let cpuMs = 0;
  let end = 0;
  for (const t of tasks) {
    const dur = t.dur ?? 0;
    // Top-level tasks only (a nested RunTask is part of its parent), and those still running after the first paint.
    if (t.ts < end) continue;
    end = t.ts + dur;
    if (end <= fcp.ts) continue;
    wallMs += blocking(dur);
    cpuMs += blocking(t.tdur ?? dur);
  }
  return { wallMs: Math.round(wallMs), cpuMs: Math.round(cpuMs) };
}
