/**
 * The outbox (ADR 093): what the customer chose to send and the server has not taken yet, kept on this device in
 * IndexedDB (`guarita-outbox`) so that a cut connection, a closed tab or a reload loses nothing. One entry per file (the
 * prepared Blob itself, written BEFORE its first byte is sent) and one per support request waiting for its files.
 *
 * Per login, like the offline copy (ADR 091): every key starts with this login's random key (lib/offline-store.ts,
 * kept in localStorage), so after a logout (localStorage cleared) nothing here is readable, and `clearOutbox`
 * (lib/session.ts `clearSession`) deletes it all. No React, no tus here: lib/session.ts loads it only at logout.
 */
import { clear, createStore, del, entries, set, type UseStore } from 'idb-keyval';
import { available, ownerKey } from '../offline-store';

/** Where a file goes (tus Upload-Metadata): a claim's photo of one type, or an attachment a request takes later. */
export type UploadTarget = { destino: 'foto-sinistro'; caso: string; tipo: string } | { destino: 'anexo'; contrato: number };

export interface OutboxFile {
  kind: 'arquivo';
  id: string;
  blob: Blob;
  name: string;
  type: string;
  size: number;
  target: UploadTarget;
  /** What the customer reads in 'Aguardando envio', e.g. the photo type's Titulo. */
  titulo: string;
  createdAt: number;
  /** The tus upload's URL once the server created it: the next start resumes there. */
  uploadUrl?: string;
  /** enviado: an attachment fully received, waiting for its request; recusado: the server refused it (`mensagem`). */
  state: 'pendente' | 'enviado' | 'recusado';
  mensagem?: string;
  /** The request (OutboxRequest.id) an attachment belongs to. */
  pedido?: string;
}

/** A support request with attachments: created (once, by its Idempotency-Key) when all its files are received. */
export interface OutboxRequest {
  kind: 'pedido';
  id: string;
  nCtrId: number;
  dados: Record<string, unknown>;
  idempotencyKey: string;
  titulo: string;
  /** Its files' ids, in the order they were chosen. */
  arquivos: string[];
  createdAt: number;
  state: 'pendente' | 'recusado';
  mensagem?: string;
}

export type OutboxEntry = OutboxFile | OutboxRequest;

let store: UseStore | undefined;
const db = () => (store ??= createStore('guarita-outbox', 'entries'));

/** The key of an entry of this login; null logged out (no login key yet is made here: `create`). */
const keyOf = (id: string, create: boolean) => {
  const owner = available() ? ownerKey(create) : null;
  return owner ? `${owner}:${id}` : null;
};

/**
 * Writes (or rewrites) an entry of this login. A device that cannot keep it (no IndexedDB, a full disk, a private
 * window that refuses) still sends it: the file then lives in memory only, as before the outbox, instead of being
 * refused for a reason the customer cannot act on.
 */
export async function putEntry(entry: OutboxEntry): Promise<void> {
  const key = keyOf(entry.id, true);
  if (key) await set(key, entry, db()).catch(() => {});
}

export async function deleteEntry(id: string): Promise<void> {
  const key = keyOf(id, false);
  if (key) await del(key, db()).catch(() => {});
}

/** This login's entries, oldest first (another login's, unreadable without its key, are left for the logout to delete). */
export async function loadEntries(): Promise<OutboxEntry[]> {
  const owner = available() ? ownerKey(false) : null;
  if (!owner) return [];
  const all = await entries<string, OutboxEntry>(db()).catch(() => [] as [string, OutboxEntry][]);
  return all
    .filter(([k]) => k.startsWith(`${owner}:`))
    .map(([, v]) => v)
    .sort((a, b) => a.createdAt - b.createdAt);
}

/** Deletes every entry (logout, a session the server ended). */
export async function clearOutbox(): Promise<void> {
  if (typeof indexedDB !== 'undefined') await clear(db()).catch(() => {});
}
