/**
 * The upload manager (ADR 093): sends every outbox entry (./outbox.ts) to the API's tus endpoint (ADR 092) in chunks
 * with tus-js-client, resumes where the server stands after a cut connection or a reload, and creates a support
 * request once all its files are received. A small store (`subscribe`/`getSnapshot`, for useSyncExternalStore) tells
 * the screens each file's state and progress: the 'Aguardando envio' list and the steps that wait for their photo.
 *
 * What the customer sees: 'Enviando… n%' while it goes, 'Aguardando conexão' while the connection is away (or the
 * server is, 5xx), the server's own message when it refuses a file or a request (4xx), with 'Tentar novamente' and
 * 'Descartar'. tus-js-client is loaded on the first upload only: it never weighs on a page that sends nothing.
 */
import type { QueryClient } from '@tanstack/react-query';
import { RESUMABLE_UPLOAD_PATH } from '@guarita/domain';
import type { DetailedError, HttpRequest, Upload } from 'tus-js-client';
import { createCase } from '../../api/create-case';
import { ApiError } from '../api';
import { newIdempotencyKey } from '../api/idempotency-key';
import { ensureFresh, getTokens, isLoggedIn, isOfflineView, subscribe as onSession } from '../session';
import { UploadError } from '../upload';
import { deleteEntry, loadEntries, putEntry, type OutboxEntry, type OutboxFile, type OutboxRequest, type UploadTarget } from './outbox';
import { creating, emit, files, online, progress, refusalOf, requests, running, settle, transient, waiters, waiting } from './state';

export { getServerSnapshot, getSnapshot, subscribe, transient, type PendingStatus, type PendingUpload, type Settled } from './state';

/** The API's tus endpoint (ADR 092). */
export const UPLOAD_ENDPOINT = RESUMABLE_UPLOAD_PATH;
/** Small enough that progress moves and a cut costs little, big enough that a photo is a handful of requests. */
export const CHUNK_BYTES = 256 * 1024;
/** tus-js-client's own retries of a failed request, before the file waits for the connection ('online'). */
const RETRY_DELAYS = [0, 1000, 3000];
/** While files wait with the connection up (the server answered 5xx), they are tried again this often. */
const RETRY_EVERY_MS = 30_000;

let loaded: Promise<void> | null = null;
let queryClient: QueryClient | null = null;
let retryTimer: ReturnType<typeof setInterval> | undefined;
let tus: Promise<typeof import('tus-js-client')> | null = null;

const loadTus = () => (tus ??= import('tus-js-client'));
/** Logged in, or the offline view of a login (ADR 091): the outbox is shown; it is sent once a refresh gives tokens. */
const inSession = () => isLoggedIn() || isOfflineView();

const uploadIdOf = (url: string) => url.split('/').filter(Boolean).pop() ?? '';

function metadataOf(f: OutboxFile): Record<string, string> {
  const t = f.target;
  const fields: Record<string, string> = t.destino === 'foto-sinistro' ? { caso: t.caso, tipo: t.tipo } : { contrato: String(t.contrato) };
  return { destino: t.destino, ...fields, filename: f.name, filetype: f.type };
}

function toWaiting(id: string): void {
  waiting.add(id);
  settle(id, { value: 'guardado' });
  retryTimer ??= setInterval(() => {
    if (online()) resumeAll();
  }, RETRY_EVERY_MS);
}

export async function runFile(f: OutboxFile): Promise<void> {
  if (running.has(f.id) || f.state !== 'pendente') return;
  if (!online()) {
    toWaiting(f.id);
    return emit();
  }
  waiting.delete(f.id);
  const { Upload } = await loadTus();
  if (running.has(f.id) || !files.has(f.id)) return;
  const upload: Upload = new Upload(f.blob, {
    endpoint: new URL(UPLOAD_ENDPOINT, location.origin).href,
    ...(f.uploadUrl ? { uploadUrl: new URL(f.uploadUrl, location.origin).href } : {}),
    chunkSize: CHUNK_BYTES,
    retryDelays: RETRY_DELAYS,
    metadata: metadataOf(f),
    uploadSize: f.size,
    // The outbox keeps the URL (per login, deleted at logout): tus-js-client's own localStorage record is not used.
    storeFingerprintForResuming: false,
    removeFingerprintOnSuccess: false,
    onBeforeRequest: async (req: HttpRequest) => {
      // Every request with a fresh token, as every customer API call (a photo can take longer than a token lives).
      if (!(await ensureFresh())) throw new Error('sessão encerrada');
      req.setHeader('Authorization', `Bearer ${getTokens()?.AccessToken ?? ''}`);
    },
    onUploadUrlAvailable: () => {
      if (!upload.url || !files.has(f.id)) return;
      f.uploadUrl = new URL(upload.url, location.origin).pathname;
      void putEntry(f).catch(() => {});
    },
    onProgress: (sent: number, total: number) => {
      progress.set(f.id, total ? sent / total : 0);
      emit();
    },
    onShouldRetry: (err: DetailedError) => online() && transient(refusalOf(err)),
    onSuccess: () => void finished(f),
    onError: (err: Error) => {
      running.delete(f.id);
      if (!files.has(f.id)) return;
      const refusal = refusalOf(err);
      const refused = refusal && new ApiError(refusal.status, refusal.erro, refusal.mensagem);
      if (transient(refusal)) toWaiting(f.id);
      else if (f.pedido && waiters.has(f.pedido)) {
        // As a refused request: the screen waiting shows it, the request goes (its other uploads expire on the server).
        const req = requests.get(f.pedido);
        if (req) void discardQuietly(req);
        settle(f.pedido, { error: refused });
      } else if (!f.pedido && waiters.has(f.id)) {
        files.delete(f.id);
        void deleteEntry(f.id);
        settle(f.id, { error: new UploadError(refusal!.mensagem, refusal!.status, refusal) });
      } else {
        f.state = 'recusado';
        f.mensagem = refusal!.mensagem;
        void putEntry(f).catch(() => {});
      }
      emit();
    },
  });
  running.set(f.id, upload);
  emit();
  upload.start();
}

async function finished(f: OutboxFile): Promise<void> {
  running.delete(f.id);
  progress.set(f.id, 1);
  if (!files.has(f.id)) return;
  if (f.target.destino === 'foto-sinistro') {
    files.delete(f.id);
    await deleteEntry(f.id);
    void queryClient?.invalidateQueries({ queryKey: ['claims'] });
    settle(f.id, { value: 'enviado' });
    return emit();
  }
  f.state = 'enviado';
  await putEntry(f).catch(() => {});
  emit();
  const req = f.pedido ? requests.get(f.pedido) : undefined;
  if (req) void runRequest(req);
}

/** Creates the case of a request whose files are all received (once: its Idempotency-Key replays a lost answer). */
export async function runRequest(req: OutboxRequest): Promise<void> {
  if (req.state !== 'pendente' || creating.has(req.id)) return;
  const own = req.arquivos.map((id) => files.get(id));
  if (own.some((f) => !f || f.state !== 'enviado' || !f.uploadUrl)) {
    for (const f of own) if (f?.state === 'pendente') void runFile(f);
    return;
  }
  if (!online()) {
    toWaiting(req.id);
    return emit();
  }
  waiting.delete(req.id);
  creating.add(req.id);
  emit();
  try {
    const anexos = own.map((f) => uploadIdOf(f!.uploadUrl!));
    const created = await createCase(req.nCtrId, req.dados, req.idempotencyKey, anexos);
    creating.delete(req.id);
    await forget(req);
    void queryClient?.invalidateQueries({ queryKey: ['cases', 'contract', req.nCtrId] });
    settle(req.id, { value: created });
  } catch (err) {
    creating.delete(req.id);
    if (!requests.has(req.id)) return;
    const status = err instanceof ApiError ? err.status : 0;
    if (status === 0 || status >= 500 || status === 401) toWaiting(req.id);
    else if (waiters.has(req.id)) {
      // The screen that sent it is waiting and shows the refusal itself (its form is still there): nothing stays.
      await forget(req);
      settle(req.id, { error: err });
    } else {
      req.state = 'recusado';
      req.mensagem = err instanceof Error && err.message ? err.message : 'Não foi possível enviar a solicitação.';
      await putEntry(req).catch(() => {});
      settle(req.id, { error: err });
    }
  }
  emit();
}

/** A refused request out of the outbox, its other files stopped (the screen that waits shows why). */
async function discardQuietly(req: OutboxRequest): Promise<void> {
  for (const id of req.arquivos) {
    const upload = running.get(id);
    running.delete(id);
    if (upload) void upload.abort(true).catch(() => {});
  }
  await forget(req);
  emit();
}

/** A request and its files out of the outbox (created, or given up). */
async function forget(req: OutboxRequest): Promise<void> {
  requests.delete(req.id);
  for (const id of req.arquivos) files.delete(id);
  await Promise.all([deleteEntry(req.id), ...req.arquivos.map(deleteEntry)]);
}

function resumeAll(): void {
  if (!inSession()) return;
  for (const f of files.values()) if (f.state === 'pendente' && !f.pedido) void runFile(f);
  for (const r of requests.values()) void runRequest(r);
  if (waiting.size === 0 && retryTimer) {
    clearInterval(retryTimer);
    retryTimer = undefined;
  }
}

function onOffline(): void {
  // The browser knows the connection is gone: stop at once (tus-js-client's retries would fail one after the other)
  // and wait for 'online'; the server keeps what it received.
  for (const [id, upload] of running) {
    running.delete(id);
    void upload.abort(false);
    toWaiting(id);
  }
  emit();
}

function reset(): void {
  for (const upload of running.values()) void upload.abort(false);
  running.clear();
  files.clear();
  requests.clear();
  progress.clear();
  waiting.clear();
  creating.clear();
  for (const id of [...waiters.keys()]) settle(id, { error: new DOMException('Sessão encerrada', 'AbortError') });
  loaded = null;
  emit();
}

let wired = false;
function wire(): void {
  if (wired || typeof window === 'undefined') return;
  wired = true;
  window.addEventListener('online', resumeAll);
  window.addEventListener('offline', onOffline);
  // Logout (or a session the server ended): the outbox is deleted by clearSession; stop and forget here.
  onSession(() => {
    if (!inSession()) {
      if (loaded) reset();
    } else if (loaded) resumeAll();
  });
}

/**
 * Reads this login's outbox and starts (or resumes) everything in it. Called when the customer's pages open (the
 * customer layout) and again harmlessly by every send; the query client refreshes what an upload changes.
 */
export function startUploads(client?: QueryClient): Promise<void> {
  if (client) queryClient = client;
  wire();
  if (!inSession()) return Promise.resolve();
  loaded ??= loadEntries().then((all: OutboxEntry[]) => {
    for (const e of all) {
      if (e.kind === 'arquivo' && !files.has(e.id)) files.set(e.id, e);
      if (e.kind === 'pedido' && !requests.has(e.id)) requests.set(e.id, e);
    }
    resumeAll();
    emit();
  });
  return loaded;
}

/** 'Tentar novamente' of a refused file or request (a refused request is sent under a new key: its answer was final). */
export async function retry(id: string): Promise<void> {
  const req = requests.get(id);
  if (req) {
    for (const fid of req.arquivos) {
      const f = files.get(fid);
      if (!f) continue;
      // Sent again from the device: the server may have dropped what it had (expired, refused).
      if (req.state === 'recusado' || f.state === 'recusado') {
        f.state = 'pendente';
        delete f.uploadUrl;
        delete f.mensagem;
        progress.delete(f.id);
        await putEntry(f).catch(() => {});
      }
    }
    if (req.state === 'recusado') req.idempotencyKey = newIdempotencyKey();
    req.state = 'pendente';
    delete req.mensagem;
    await putEntry(req).catch(() => {});
    emit();
    return runRequest(req);
  }
  const f = files.get(id);
  if (!f) return;
  f.state = 'pendente';
  delete f.uploadUrl;
  delete f.mensagem;
  progress.delete(f.id);
  await putEntry(f).catch(() => {});
  emit();
  return runFile(f);
}

/** 'Descartar' (or 'Cancelar' while it goes): out of the device, and the server's partial upload deleted. */
export async function discard(id: string): Promise<void> {
  const req = requests.get(id);
  const own = req ? req.arquivos.map((fid) => files.get(fid)).filter((f): f is OutboxFile => !!f) : [files.get(id)].filter((f) => !!f);
  for (const f of own) {
    const upload = running.get(f.id);
    running.delete(f.id);
    waiting.delete(f.id);
    files.delete(f.id);
    if (upload) void upload.abort(true).catch(() => {});
    settle(f.id, { error: new DOMException('Envio cancelado', 'AbortError') });
  }
  if (req) {
    waiting.delete(req.id);
    await forget(req);
    settle(req.id, { error: new DOMException('Envio cancelado', 'AbortError') });
  } else await Promise.all(own.map((f) => deleteEntry(f.id)));
  emit();
}

/** Tests: everything in memory forgotten (the outbox itself is the test's). */
export function resetForTests(): void {
  reset();
  if (retryTimer) clearInterval(retryTimer);
  retryTimer = undefined;
}

export type { UploadTarget };
