import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Which CPU the load generator (this process) and the servers under test run on. */
export interface CpuLayout {
  load: number;
  server: number;
}

/** CPUs this process may run on, from /proc/self/status (e.g. "0-1,4"). */
function allowedCpus(): number[] {
  const list = /^Cpus_allowed_list:\s*(\S+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? '';
  return list.split(',').flatMap((part) => {
    const [a, b] = part.split('-').map(Number);
    if (a === undefined || Number.isNaN(a)) return [];
    const end = b === undefined || Number.isNaN(b) ? a : b;
    return Array.from({ length: end - a + 1 }, (_, i) => a + i);
  });
}

/**
 * With ≥ 2 CPUs and taskset: this process (every thread) on one CPU, the servers on another, so load
 * and server never share a core. Otherwise nothing is pinned and the scheduler decides.
 */
export function pinCpus(enabled: boolean): CpuLayout | undefined {
  if (!enabled || process.platform !== 'linux') return undefined;
  let cpus: number[];
  try {
    cpus = allowedCpus();
  } catch {
    return undefined;
  }
  const [load, server] = cpus;
  if (load === undefined || server === undefined) return undefined;
  const pinned = spawnSync('taskset', ['-a', '-p', '-c', String(load), String(process.pid)], { stdio: 'ignore', timeout: 5000 });
  return pinned.status === 0 ? { load, server } : undefined;
}
