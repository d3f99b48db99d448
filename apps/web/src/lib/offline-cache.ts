/**
 * The customer's last data for offline use (ADR 091): the screens' answers (start page, bills, plan, cases, claims) are
 * kept in IndexedDB while the customer is logged in, under this login's own key; a reload without a connection shows
 * them with the time they were loaded. Nothing else of the cache is kept (a Pix code, the notifications), nothing
 * older than MAX_AGE_MS is shown, and logging out (or a session the server ended) deletes it all (`clearOfflineCache`,
 * from lib/session.ts). Personal data stays out of localStorage (DESIGN.md §5): it holds only the login's random key.
 */
import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { get, set } from 'idb-keyval';
import { available, db, ownerKey } from './offline-store';

/** The cache's queries kept for offline use, by the first part of their key (api/keys.ts and the features' keys). */
const KEPT = new Set(['contracts', 'me', 'payments', 'plan', 'cases', 'claims']);
/** A Pix code expires within the hour; showing it offline would only mislead. */
const isKept = (query: Query) => query.state.status === 'success' && KEPT.has(String(query.queryKey[0])) && query.queryKey[1] !== 'pix';
/** Older data is not shown: a week without a connection is not "the last screen". */
export const MAX_AGE_MS = 7 * 24 * 3600 * 1000;
/** A change of what is stored (not of the screens' data) makes old entries unreadable. */
const FORMAT = 1;
const WRITE_EVERY_MS = 1000;

interface Stored {
  format: number;
  savedAt: number;
  state: DehydratedState;
}

/**
 * Saves the kept queries whenever one of them gets an answer (at most once a second), while `loggedIn()` says so.
 * Answers the function that stops it.
 */
export function keepForOffline(client: QueryClient, loggedIn: () => boolean): () => void {
  if (!available()) return () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    if (!loggedIn()) return;
    const key = ownerKey(true)!;
    const entry: Stored = { format: FORMAT, savedAt: Date.now(), state: dehydrate(client, { shouldDehydrateQuery: isKept }) };
    set(key, entry, db()).catch(() => {}); // a full or blocked disk costs the offline copy only
  };
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !isKept(event.query) || timer) return;
    timer = setTimeout(save, WRITE_EVERY_MS);
  });
}

/** Puts this login's stored data into `client`; true when there was some (young enough) to show. */
export async function restoreOffline(client: QueryClient, now = Date.now()): Promise<boolean> {
  const key = available() ? ownerKey(false) : null;
  if (!key) return false;
  const entry = await get<Stored>(key, db()).catch(() => undefined);
  if (!entry || entry.format !== FORMAT || now - entry.savedAt > MAX_AGE_MS) return false;
  hydrate(client, entry.state);
  return entry.state.queries.length > 0;
}
