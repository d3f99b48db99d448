/**
 * The upload manager's memory (ADR 093): what ./manager.ts is sending, how far each file is, who waits for it, and the
 * snapshot the screens read ('Aguardando envio'). Its own module so the manager reads as what it does.
 */
import type { DetailedError, Upload } from 'tus-js-client';
import type { OutboxFile, OutboxRequest } from './outbox';

export type PendingStatus = 'aguardando' | 'enviando' | 'recusado';

/** One file of the 'Aguardando envio' list. */
export interface PendingUpload {
  id: string;
  titulo: string;
  nome: string;
  status: PendingStatus;
  /** 0..100 of the bytes the server has. */
  percent: number;
  /** The server's refusal (recusado). */
  mensagem?: string;
  /** The support request it goes with: its actions (retry, discard) act on the whole request. */
  pedido?: string;
}

/** How a send the screen waits for ended: stored by the server, or kept on the device until the connection returns. */
export type Settled = 'enviado' | 'guardado';

export interface Waiter<T> {
  resolve: (v: T | 'guardado') => void;
  reject: (e: unknown) => void;
}

export const files = new Map<string, OutboxFile>();
export const requests = new Map<string, OutboxRequest>();
export const progress = new Map<string, number>();
export const running = new Map<string, Upload>();
export const creating = new Set<string>();
/** Entries not running now because the connection (or the server) is away. */
export const waiting = new Set<string>();
export const waiters = new Map<string, Waiter<unknown>>();
const listeners = new Set<() => void>();
let snapshot: readonly PendingUpload[] = [];

export const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

function statusOf(f: OutboxFile): PendingStatus {
  const req = f.pedido ? requests.get(f.pedido) : undefined;
  if (f.state === 'recusado' || req?.state === 'recusado') return 'recusado';
  if (!online() || waiting.has(f.id) || (req && waiting.has(req.id))) return 'aguardando';
  return 'enviando';
}

export function emit(): void {
  snapshot = [...files.values()]
    .sort((a, b) => a.createdAt - b.createdAt)
    .map((f) => {
      const req = f.pedido ? requests.get(f.pedido) : undefined;
      const status = statusOf(f);
      const mensagem = f.state === 'recusado' ? f.mensagem : req?.state === 'recusado' ? req.mensagem : undefined;
      const percent = f.state === 'enviado' ? 100 : Math.round((progress.get(f.id) ?? 0) * 100);
      return {
        id: f.id,
        titulo: f.titulo,
        nome: f.name,
        status,
        percent,
        ...(mensagem ? { mensagem } : {}),
        ...(f.pedido ? { pedido: f.pedido } : {}),
      };
    });
  for (const l of listeners) l();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const getSnapshot = (): readonly PendingUpload[] => snapshot;
const EMPTY: readonly PendingUpload[] = [];
export const getServerSnapshot = (): readonly PendingUpload[] => EMPTY;

export function settle(id: string, how: { value: unknown } | { error: unknown }): void {
  const w = waiters.get(id);
  if (!w) return;
  waiters.delete(id);
  if ('value' in how) w.resolve(how.value);
  else w.reject(how.error);
}

/** The answer's envelope message of a failed tus request, or null (no answer: the connection). */
export function refusalOf(err: Error): { status: number; mensagem: string; erro: string } | null {
  const res = (err as DetailedError).originalResponse;
  const status = res?.getStatus() ?? 0;
  if (!res || status === 0) return null;
  let body: { mensagem?: unknown; erro?: unknown } = {};
  try {
    body = JSON.parse(res.getBody() || '{}') as typeof body;
  } catch {
    // not our envelope (a proxy's page): the status decides alone
  }
  return {
    status,
    erro: typeof body.erro === 'string' ? body.erro : `HTTP_${status}`,
    mensagem: typeof body.mensagem === 'string' ? body.mensagem : 'Não foi possível enviar o arquivo. Tente novamente.',
  };
}

/** Whether a failed request may succeed by itself later: no answer, the server away (5xx), a lock, an offset race. */
export function transient(r: { status: number; erro: string } | null): boolean {
  if (!r) return true;
  if (r.status >= 500 || r.status === 423 || r.status === 401) return true;
  return r.status === 409 && r.erro === 'UPLOAD_OFFSET_CONFLICT';
}
