/**
 * What the screens hand to the upload manager (ADR 093): a claim photo, a support request with its files. Each is
 * written to the outbox (./outbox.ts) before its first byte goes, then sent by ./manager.ts; the promise answers how
 * the send the screen waits for ended.
 */
import type { CaseCreatedDto } from '@guarita/domain';
import { newIdempotencyKey } from '../api/idempotency-key';
import { discard, runFile, runRequest, startUploads } from './manager';
import { putEntry, type OutboxFile, type OutboxRequest } from './outbox';
import { files, progress, requests, settle, subscribe, waiters, type Settled, type Waiter } from './state';

const newId = () => newIdempotencyKey();

/**
 * A claim photo: kept on the device first, then sent. Resolves 'enviado' when the server stored it, 'guardado' when the
 * connection went first (it goes when it returns); rejects with UploadError (the server's message) when refused.
 */
export async function sendPhoto(p: {
  blob: Blob;
  name: string;
  caso: string;
  tipo: string;
  titulo: string;
  /** This file's bytes the server has (the step's own progress bar). */
  onProgress?: (p: { loaded: number; total: number }) => void;
  /** Aborting gives the photo up ('Cancelar'): out of the device and off the server. */
  signal?: AbortSignal;
}): Promise<Settled> {
  await startUploads();
  const f: OutboxFile = {
    kind: 'arquivo',
    id: newId(),
    blob: p.blob,
    name: p.name,
    type: p.blob.type,
    size: p.blob.size,
    target: { destino: 'foto-sinistro', caso: p.caso, tipo: p.tipo },
    titulo: p.titulo,
    createdAt: Date.now(),
    state: 'pendente',
  };
  // A photo of the same type still waiting is replaced by the new one (one photo per type, the server keeps the last).
  for (const old of [...files.values()]) {
    if (old.target.destino === 'foto-sinistro' && old.target.caso === p.caso && old.target.tipo === p.tipo) await discard(old.id);
  }
  await putEntry(f);
  files.set(f.id, f);
  const done = new Promise<Settled>((resolve, reject) => waiters.set(f.id, { resolve, reject } as Waiter<unknown>));
  const onProgress = p.onProgress;
  const stop = onProgress
    ? subscribe(() => onProgress({ loaded: Math.round((progress.get(f.id) ?? 0) * f.size), total: f.size }))
    : () => {};
  p.signal?.addEventListener('abort', () => void discard(f.id), { once: true });
  void runFile(f);
  return done.finally(stop);
}

/**
 * A support request with attachments: the request and its files kept on the device, the files sent as tus uploads,
 * then the case created with their ids. Resolves with the case, or 'guardado' when the connection went first;
 * rejects with ApiError (the server's refusal of a file or of the request).
 */
export async function sendRequest(p: {
  nCtrId: number;
  dados: Record<string, unknown>;
  idempotencyKey: string;
  titulo: string;
  files: Array<{ blob: Blob; name: string }>;
  /** Each file's fraction (0..1) the server has, in order (the form's progress bars). */
  onProgress?: (fractions: number[]) => void;
  /** Aborting gives the request up ('Cancelar envio'): out of the device, its uploads off the server. */
  signal?: AbortSignal;
}): Promise<CaseCreatedDto | 'guardado'> {
  await startUploads();
  const now = Date.now();
  const req: OutboxRequest = {
    kind: 'pedido',
    id: newId(),
    nCtrId: p.nCtrId,
    dados: p.dados,
    idempotencyKey: p.idempotencyKey,
    titulo: p.titulo,
    arquivos: [],
    createdAt: now,
    state: 'pendente',
  };
  const own = p.files.map<OutboxFile>((file, i) => ({
    kind: 'arquivo',
    id: newId(),
    blob: file.blob,
    name: file.name,
    type: file.blob.type,
    size: file.blob.size,
    target: { destino: 'anexo', contrato: p.nCtrId },
    titulo: `${p.titulo}: ${file.name}`,
    createdAt: now + i,
    state: 'pendente',
    pedido: req.id,
  }));
  req.arquivos = own.map((f) => f.id);
  await Promise.all(own.map(putEntry));
  await putEntry(req);
  for (const f of own) files.set(f.id, f);
  requests.set(req.id, req);
  const done = new Promise<CaseCreatedDto | 'guardado'>((resolve, reject) => waiters.set(req.id, { resolve, reject } as Waiter<unknown>));
  // A file that waits for the connection makes the request wait: the screen learns it once.
  for (const f of own) waiters.set(f.id, { resolve: () => settle(req.id, { value: 'guardado' }), reject: () => {} });
  const onProgress = p.onProgress;
  const stop = onProgress ? subscribe(() => onProgress(own.map((f) => (f.state === 'enviado' ? 1 : (progress.get(f.id) ?? 0))))) : () => {};
  p.signal?.addEventListener('abort', () => void discard(req.id), { once: true });
  void runRequest(req);
  return done.finally(stop);
}
