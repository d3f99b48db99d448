import { createRequire } from 'node:module';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { startApi } from './api-process';
import { startBare } from './bare-process';
import type { Cleanup } from './cleanup';
import { measure, type LoadResult } from './load';
import { logIn } from './login';
import { HOST } from './net';
import type { CpuLayout } from './pinning';
import type { Settings } from './settings';

/** Issue 9 §7: the case-list read and the upload throughput. */
export const CASES_PATH = '/api/cases/contracts/100101';
const UPLOAD_PATH = '/api/cases/contracts/100102';
/** Uploads in flight at once: image re-encoding is CPU work, more than the cores only queues. */
const UPLOADERS = 2;
const TARGET_JPEG_BYTES = 1024 * 1024;

export interface UploadResult {
  /** Size of the JPEG sent each time. */
  jpegBytes: number;
  jpegSide: string;
  uploads: number;
  seconds: number;
  /** JPEG bytes accepted (201) per second, in MiB/s. */
  mibPerSecond: number;
  uploadsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
}

export interface CasesFigures {
  bare: LoadResult;
  list: LoadResult;
  upload: UploadResult;
}

type Sharp = typeof import('sharp').default;

/** A photo-like JPEG of about 1 MiB: noise resists compression, so its size is steered by the side length. */
async function oneMegabyteJpeg(root: string): Promise<{ data: Buffer; side: string }> {
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

/** Contestations with one JPEG each, `UPLOADERS` at a time, for `seconds`; only 201 answers count. */
async function uploadFor(
  base: string,
  token: string,
  jpeg: Buffer,
  seconds: number,
): Promise<{ ok: number; failures: number; ms: number[] }> {
  if (new URL(base).hostname !== HOST) throw new Error(`refusing to load ${base}: only ${HOST} is a target`);
  const dados = JSON.stringify({ tipo: 'contestacao', telefone: '(31) 98765-4321', descricao: 'Bench: fatura em dobro.' });
  const end = Date.now() + seconds * 1000;
  const ms: number[] = [];
  let ok = 0;
  let failures = 0;
  const worker = async () => {
    while (Date.now() < end) {
      const form = new FormData();
      form.append('dados', dados);
      form.append('arquivos', new Blob([jpeg], { type: 'image/jpeg' }), 'foto.jpg');
      const t0 = performance.now();
      try {
        const res = await fetch(base + UPLOAD_PATH, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
          body: form,
          signal: AbortSignal.timeout(30_000),
        });
        await res.arrayBuffer();
        if (res.status === 201) {
          ok++;
          ms.push(performance.now() - t0);
        } else failures++;
      } catch {
        failures++;
      }
      if (failures > 20 && failures > ok) throw new Error(`uploads failing: ${failures} failures, ${ok} stored`);
    }
  };
  await Promise.all(Array.from({ length: UPLOADERS }, worker));
  return { ok, failures, ms };
}

/**
 * The bare node:http baseline, then the API (PGlite, demo mode, a quota large enough for the run): the
 * 'Minhas solicitações' read under autocannon, and 1 MiB JPEG uploads through the create route (multipart,
 * magic bytes, sharp re-encode, storage, one transaction each).
 */
export async function measureCases(s: Settings, cleanup: Cleanup, cpus: CpuLayout | undefined): Promise<CasesFigures> {
  const load = { connections: s.connections, warmup: s.warmup, duration: s.duration };
  const bareServer = await startBare(s.root, cleanup, cpus?.server);
  const bare = await measure({ ...load, label: 'bare node:http', url: `${bareServer.base}/` });
  await bareServer.server.stop();

  const api = await startApi(s.root, undefined, cleanup, cpus?.server, { UPLOAD_QUOTA_MB: '100000' });
  try {
    const token = await logIn(api.base);
    const list = await measure({
      ...load,
      label: `GET ${CASES_PATH}`,
      url: api.base + CASES_PATH,
      headers: { authorization: `Bearer ${token}` },
    });

    const { data: jpeg, side } = await oneMegabyteJpeg(s.root);
    if (s.warmup > 0) await uploadFor(api.base, token, jpeg, s.warmup);
    const t0 = performance.now();
    const run = await uploadFor(api.base, token, jpeg, s.duration);
    const seconds = (performance.now() - t0) / 1000;
    if (run.ok === 0) throw new Error(`no upload was stored (${run.failures} failures)`);
    const sorted = [...run.ms].sort((a, b) => a - b);
    return {
      bare,
      list,
      upload: {
        jpegBytes: jpeg.length,
        jpegSide: side,
        uploads: run.ok,
        seconds,
        mibPerSecond: (run.ok * jpeg.length) / (1024 * 1024) / seconds,
        uploadsPerSecond: run.ok / seconds,
        p50Ms: Math.round(percentile(sorted, 0.5)),
        p99Ms: Math.round(percentile(sorted, 0.99)),
        failures: run.failures,
      },
    };
  } finally {
    api.rss.stop();
    await api.server.stop();
  }
}
