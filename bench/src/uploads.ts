import { createRequire } from 'node:module';
import path from 'node:path';
import { HOST } from './net';

/** Uploads in flight at once: image re-encoding is CPU work, more than the cores only queues. */
export const UPLOADERS = 2;
const TARGET_JPEG_BYTES = 1024 * 1024;

type Sharp = typeof import('sharp').default;

export interface UploadFigures {
  /** Size of the JPEG sent each time, and its dimensions. */
  jpegBytes: number;
  jpegSide: string;
  uploads: number;
  seconds: number;
  /** JPEG bytes accepted per second, in MiB/s. */
  mibPerSecond: number;
  uploadsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
}

/** A photo-like JPEG of about 1 MiB: noise resists compression, so its size is steered by the side length. */
export async function oneMegabyteJpeg(root: string): Promise<{ data: Buffer; side: string }> {
  // sharp is the API's dependency (the bench measures the API's own re-encoding with it).
  const sharp = createRequire(path.join(root, 'apps/api/package.json'))('sharp') as Sharp;
  let width = 2400;
  for (let i = 0; i < 8; i++) {
    const height = Math.round((width * 3) / 4);
    // Smooth colour gradients plus sensor-like noise: compresses like a phone photo, not like a flat colour.
    const raw = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const o = (y * width + x) * 3;
        const n = () => (Math.random() - 0.5) * 40;
        raw[o] = Math.max(0, Math.min(255, (x / width) * 200 + 30 + n()));
        raw[o + 1] = Math.max(0, Math.min(255, (y / height) * 180 + 40 + n()));
        raw[o + 2] = Math.max(0, Math.min(255, 128 + 60 * Math.sin(x / 50 + y / 70) + n()));
      }
    const data = await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer();
    const ratio = data.length / TARGET_JPEG_BYTES;
    if (ratio > 0.95 && ratio < 1.05) return { data, side: `${width}×${height}` };
    width = Math.round(width / Math.sqrt(ratio));
  }
  throw new Error('could not make a JPEG of about 1 MiB');
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/**
 * `UPLOADERS` workers send uploads one after the other for `seconds` (a warm-up first when `warmup` > 0); only
 * answers with `okStatus` count. `send(worker)` makes one request against `base` (127.0.0.1 only).
 */
export async function measureUploads(opts: {
  base: string;
  jpeg: { data: Buffer; side: string };
  warmup: number;
  seconds: number;
  okStatus: number;
  send: (worker: number) => Promise<Response>;
}): Promise<UploadFigures> {
  if (new URL(opts.base).hostname !== HOST) throw new Error(`refusing to load ${opts.base}: only ${HOST} is a target`);
  const run = async (seconds: number) => {
    const end = Date.now() + seconds * 1000;
    const ms: number[] = [];
    let ok = 0;
    let failures = 0;
    const worker = async (i: number) => {
      while (Date.now() < end) {
        const t0 = performance.now();
        try {
          const res = await opts.send(i);
          await res.arrayBuffer();
          if (res.status === opts.okStatus) {
            ok++;
            ms.push(performance.now() - t0);
          } else failures++;
        } catch {
          failures++;
        }
        if (failures > 20 && failures > ok) throw new Error(`uploads failing: ${failures} failures, ${ok} stored`);
      }
    };
    await Promise.all(Array.from({ length: UPLOADERS }, (_, i) => worker(i)));
    return { ok, failures, ms };
  };
  if (opts.warmup > 0) await run(opts.warmup);
  const t0 = performance.now();
  const r = await run(opts.seconds);
  const seconds = (performance.now() - t0) / 1000;
  if (r.ok === 0) throw new Error(`no upload was stored (${r.failures} failures)`);
  const sorted = [...r.ms].sort((a, b) => a - b);
  return {
    jpegBytes: opts.jpeg.data.length,
    jpegSide: opts.jpeg.side,
    uploads: r.ok,
    seconds,
    mibPerSecond: (r.ok * opts.jpeg.data.length) / (1024 * 1024) / seconds,
    uploadsPerSecond: r.ok / seconds,
    p50Ms: Math.round(percentile(sorted, 0.5)),
    p99Ms: Math.round(percentile(sorted, 0.99)),
    failures: r.failures,
  };
}
