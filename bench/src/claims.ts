import { randomUUID } from 'node:crypto';
import { startApi } from './api-process';
import { startBare } from './bare-process';
import type { Cleanup } from './cleanup';
import { measure, type LoadResult } from './load';
import { logIn } from './login';
import { alternate } from './pairs';
import type { CpuLayout } from './pinning';
import type { Settings } from './settings';
import { measureUploads, oneMegabyteJpeg, type UploadFigures } from './uploads';

/** Issue 11 §6: the claim view read (case, comments, history, types, photos) and evidence upload throughput. */

export interface ClaimsFigures {
  /** One result per round, alternately (issue 29 item 4): result i of each list was measured in round i. */
  bare: LoadResult[];
  viewPath: string;
  view: LoadResult[];
  upload: UploadFigures;
}

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

/**
 * The API (PGlite, demo mode) and the bare node:http baseline beside it: the claim view read and the bare server
 * alternately under autocannon (`settings.pairs` rounds, for the ratio), then evidence uploads.
 */
export async function measureClaims(s: Settings, cleanup: Cleanup, cpus: CpuLayout | undefined): Promise<ClaimsFigures> {
  const load = { connections: s.connections, warmup: s.warmup, duration: s.duration };
  const bareServer = await startBare(s.root, cleanup, cpus?.server);
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
    const { view, bare } = await alternate(s.pairs, {
      view: () => measure({ ...load, label: `GET ${viewPath}`, url: api.base + viewPath, headers: { authorization: `Bearer ${token}` } }),
      bare: () => measure({ ...load, label: 'bare node:http', url: `${bareServer.base}/` }),
    });
    await bareServer.server.stop();

    const jpeg = await oneMegabyteJpeg(s.root);
    const caseNumber = await openClaim(api.base, token);
    const types = ['frente', 'traseira'];
    const upload = await measureUploads({
      base: api.base,
      jpeg,
      warmup: s.warmup,
      seconds: s.duration,
      okStatus: 200,
      // The same evidence types PUT again and again (each replaces the last): type check, re-encode, storage, one transaction.
      send: (worker) =>
        fetch(`${api.base}/api/claims/cases/${caseNumber}/photos/${types[worker % types.length]}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
          body: new Uint8Array(jpeg.data),
          signal: AbortSignal.timeout(30_000),
        }),
    });
    return { bare, viewPath, view, upload };
  } finally {
    await bareServer.server.stop();
    api.rss.stop();
    await api.server.stop();
  }
}
