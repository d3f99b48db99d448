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

/** Issue 9 §7: the case-list read and the upload throughput. */
export const CASES_PATH = '/api/cases/contracts/100101';
const UPLOAD_PATH = '/api/cases/contracts/100102';
export interface CasesFigures {
  /** One result per round, alternately (issue 29 item 4): result i of each list was measured in round i. */
  bare: LoadResult[];
  list: LoadResult[];
  upload: UploadFigures;
}

/**
 * The API (PGlite, demo mode, a quota large enough for the run) and the bare node:http baseline beside it: the
 * 'Minhas solicitações' read and the bare server alternately under autocannon (`settings.pairs` rounds, for the
 * ratio), then 1 MiB JPEG uploads through the create route (multipart,
 * magic bytes, sharp re-encode, storage, one transaction each).
 */
export async function measureCases(s: Settings, cleanup: Cleanup, cpus: CpuLayout | undefined): Promise<CasesFigures> {
  const load = { connections: s.connections, warmup: s.warmup, duration: s.duration };
  const bareServer = await startBare(s.root, cleanup, cpus?.server);
  const api = await startApi(s.root, undefined, cleanup, cpus?.server, { UPLOAD_QUOTA_MB: '100000' });
  try {
    const token = await logIn(api.base);
    const { list, bare } = await alternate(s.pairs, {
      list: () =>
        measure({ ...load, label: `GET ${CASES_PATH}`, url: api.base + CASES_PATH, headers: { authorization: `Bearer ${token}` } }),
      bare: () => measure({ ...load, label: 'bare node:http', url: `${bareServer.base}/` }),
    });
    await bareServer.server.stop();

    const jpeg = await oneMegabyteJpeg(s.root);
    const dados = JSON.stringify({ tipo: 'contestacao', telefone: '(31) 98765-4321', descricao: 'Bench: fatura em dobro.' });
    const upload = await measureUploads({
      base: api.base,
      jpeg,
      warmup: s.warmup,
      seconds: s.duration,
      okStatus: 201,
      // A contestation with one JPEG each: multipart, magic bytes, sharp re-encode, storage, one transaction.
      send: () => {
        const form = new FormData();
        form.append('dados', dados);
        form.append('arquivos', new Blob([jpeg.data], { type: 'image/jpeg' }), 'foto.jpg');
        return fetch(api.base + UPLOAD_PATH, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
          body: form,
          signal: AbortSignal.timeout(30_000),
        });
      },
    });
    return { bare, list, upload };
  } finally {
    await bareServer.server.stop();
    api.rss.stop();
    await api.server.stop();
  }
}
