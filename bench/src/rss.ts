import { readFileSync } from 'node:fs';

/** Samples a process's resident memory from /proc every `intervalMs`; the peaks survive the process. */
export interface RssSampler {
  /** Peak resident set, in bytes: the kernel's high-water mark (VmHWM), or the highest VmRSS seen. Undefined without /proc. */
  peakBytes(): number | undefined;
  /** Highest VmRSS actually sampled, in bytes. */
  maxSampledRssBytes(): number | undefined;
  stop(): void;
}

function readKb(status: string, field: string): number | undefined {
  const m = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
  return m ? Number(m[1]) : undefined;
}

const max = (a: number | undefined, b: number | undefined) => (a === undefined ? b : b === undefined ? a : Math.max(a, b));

export function sampleRss(pid: number, intervalMs = 100): RssSampler {
  let hwmKb: number | undefined;
  let rssKb: number | undefined;
  let stopped = false;
  const sample = () => {
    let status: string;
    try {
      status = readFileSync(`/proc/${pid}/status`, 'utf8');
    } catch {
      return; // not Linux, or the process is gone
    }
    hwmKb = max(hwmKb, readKb(status, 'VmHWM'));
    rssKb = max(rssKb, readKb(status, 'VmRSS'));
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  const kbToBytes = (kb: number | undefined) => (kb === undefined ? undefined : kb * 1024);
  return {
    peakBytes: () => kbToBytes(max(hwmKb, rssKb)),
    maxSampledRssBytes: () => kbToBytes(rssKb),
    stop: () => {
      if (stopped) return;
      stopped = true;
      sample();
      clearInterval(timer);
    },
  };
}
