/**
 * Where lib/offline-cache.ts keeps the customer's last data (ADR 091): one IndexedDB store, one entry per login under
 * a random key that lives in localStorage, so logging out (which clears localStorage, lib/session.ts) leaves whatever
 * is still stored unreadable before `clearOfflineCache` has even deleted it. No React Query here: session.ts, in every
 * page's entry, loads this module only at logout.
 */
import { clear, createStore, type UseStore } from 'idb-keyval';

const OWNER = 'guarita.offlineKey';

let store: UseStore | undefined;
export const db = () => (store ??= createStore('guarita-offline', 'queries'));
export const available = () => typeof indexedDB !== 'undefined' && typeof localStorage !== 'undefined';

/** This login's key: random, made at the first save, gone with localStorage at logout. */
export function ownerKey(create: boolean): string | null {
  let key = localStorage.getItem(OWNER);
  if (!key && create) localStorage.setItem(OWNER, (key = crypto.randomUUID()));
  return key;
}

/** Deletes every stored copy (logout, a session the server ended). */
export async function clearOfflineCache(): Promise<void> {
  if (typeof indexedDB !== 'undefined') await clear(db()).catch(() => {});
}
