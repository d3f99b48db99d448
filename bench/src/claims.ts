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

/** Issue 11 §6: the claim view read (case, comments, history, types, photos) and evidence upload throughput. */
const UPLOADERS = 2;

export interface ClaimUploadResult {
  jpegBytes: number;
  uploads: number;
  seconds: number;
  mibPerSecond: number;
  uploadsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
}

export interface ClaimsFigures {
  bare: LoadResult;
  viewPath: string;
  view: LoadResult;
  upload: ClaimUploadResult;
}

type Sharp = typeof import('sharp').default;

/** A photo-like JPEG (gradient + noise, 2400×1800): compresses like a phone photo, about 1–2 MiB. */
async function photo(root: string): Promise<Buffer> {
  const sharp = createRequire(path.join(root, 'apps/api/package.json'))('sharp') as Sharp;
  const width = 2400;
  const height = 1800;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      const n = () => (Math.random() - 0.5) * 40;
      raw[o] = Math.max(0, Math.min(255, (x / width) * 200 + 30 + n()));
      raw[o + 1] = Math.max(0, Math.min(255, (y / height) * 180 + 40 + n()));
      raw[o + 2] = Math.max(0, Math.min(255, 128 + 60 * Math.sin(x / 50 + y / 70) + n()));
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Opens a fresh collision claim on 100104 (no seeded claim there) and answers its case number. */
async function openClaim(base: string, token: string): Promise<string> {
  const d = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  const body = {
    reason: 'Colisão',
    description: 'Bench: batida leve.',
    location: 'Av. Afonso Pena, 1000',
    referencePoint: '',
    date: d,
    time: '10:00',
    driver: 'Maria Aparecida Souza',
    driverCPF: '529.982.247-25',
    driverContact: '(31) 98765-4321',
    isVehicleMoving: 'Sim',
    currentVehicleLocation: '',
    incidentReportCarriedOut: 'Sim',
    involvementWithThirdParties: 'Não',
    isOpenProtocolToThirdParties: '',
    thirdPartyContact: '',
  };
  const res = await fetch(`${base}/api/claims/contracts/100104`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await json<{ CaseNumber: string }>(res, 'open claim')).CaseNumber;
}

/** The same evidence type PUT again and again (each replaces the last): type check, sharp re-encode, storage, one transaction. */
async function uploadFor(base: string, token: string, caseNumber: string, jpeg: Buffer, seconds: number) {
  if (new URL(base).hostname !== HOST) throw new Error(`refusing to load ${base}: only ${HOST} is a target`);
  const end = Date.now() + seconds * 1000;
  const ms: number[] = [];
  let ok = 0;
  let failures = 0;
  const types = ['frente', 'traseira'];
  const worker = async (i: number) => {
    while (Date.now() < end) {
      const t0 = performance.now();
      try {
        const res = await fetch(`${base}/api/claims/cases/${caseNumber}/photos/${types[i % types.length]}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
          body: new Uint8Array(jpeg),
          signal: AbortSignal.timeout(30_000),
        });
        await res.arrayBuffer();
        if (res.status === 200) {
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
}

/** Bare node:http baseline, then the API (PGlite, demo mode): the claim view read under autocannon, and evidence uploads. */
export async function measureClaims(s: Settings, cleanup: Cleanup, cpus: CpuLayout | undefined): Promise<ClaimsFigures> {
  const load = { connections: s.connections, warmup: s.warmup, duration: s.duration };
  const bareServer = await startBare(s.root, cleanup, cpus?.server);
  const bare = await measure({ ...load, label: 'bare node:http', url: `${bareServer.base}/` });
  await bareServer.server.stop();

  const api = await startApi(s.root, undefined, cleanup, cpus?.server, { UPLOAD_QUOTA_MB: '100000' });
  try {
    const token = await logIn(api.base);
    const list = await json<{ sinistros: Array<{ CaseNumber: string; Fase__c: string }> }>(
      await fetch(`${api.base}/api/claims`, { headers: { authorization: `Bearer ${token}` } }),
      'list claims',
    );
    // The seeded collision in Documentação: comments, phase history and nine photos.
    const seeded = list.sinistros.find((c) => c.Fase__c === 'Documentação') ?? list.sinistros[0];
    if (!seeded) throw new Error('no seeded claim to read');
    const viewPath = `/api/claims/cases/${seeded.CaseNumber}`;
    const view = await measure({
      ...load,
      label: `GET ${viewPath}`,
      url: api.base + viewPath,
      headers: { authorization: `Bearer ${token}` },
    });

    const jpeg = await photo(s.root);
    const caseNumber = await openClaim(api.base, token);
    if (s.warmup > 0) await uploadFor(api.base, token, caseNumber, jpeg, s.warmup);
    const t0 = performance.now();
    const run = await uploadFor(api.base, token, caseNumber, jpeg, s.duration);
    const seconds = (performance.now() - t0) / 1000;
    if (run.ok === 0) throw new Error(`no upload was stored (${run.failures} failures)`);
    const sorted = [...run.ms].sort((a, b) => a - b);
    return {
      bare,
      viewPath,
      view,
      upload: {
        jpegBytes: jpeg.length,
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
