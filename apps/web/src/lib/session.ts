import type { TokensDto } from '@guarita/domain';
import { api } from './api/client';
import { rememberSelectedInCookie } from './storage';
import type { paths } from './api/schema';

/** What `POST /api/auth/boot` answers (ADR 058): the tokens and the first screen's data. */
export type BootAnswer = paths['/api/auth/boot']['post']['responses'][200]['content']['application/json'];

/**
 * Tokens live in memory only; the refresh token is an HttpOnly cookie the script never sees.
 * A flag in localStorage (no personal data) tells a reload that a refresh is worth trying.
 */
const FLAG = 'guarita.session';
const REFRESH_THRESHOLD_S = 300;

export interface Identity {
  username: string;
  exp: number;
}

type Listener = () => void;

let tokens: TokensDto | null = null;
let refreshing: Promise<boolean> | null = null;
let bootData: BootAnswer | null = null;
const listeners = new Set<Listener>();

function emit() {
  for (const l of listeners) l();
}

export function subscribe(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function decodeIdToken(token: string | undefined): Identity | null {
  try {
    const part = token?.split('.')[1];
    if (!part) return null;
    const json = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as Partial<Identity>;
    return typeof json.username === 'string' && typeof json.exp === 'number' ? { username: json.username, exp: json.exp } : null;
  } catch {
    return null;
  }
}

export function getTokens(): TokensDto | null {
  return tokens;
}

export function isLoggedIn(): boolean {
  return tokens !== null;
}

/**
 * A reload without a connection by a customer who had not logged out (ADR 091): no tokens (the refresh could not be
 * asked), but the last data stored on this device (lib/offline-cache.ts) is shown, read-only, until the connection
 * comes back and the refresh says whether the login is still valid.
 */
let offlineView = false;

export function isOfflineView(): boolean {
  return offlineView;
}

export function enterOfflineView(): void {
  if (tokens || offlineView) return;
  offlineView = true;
  // Back online, the refresh says whether the login still holds (a 401 logs out, as ever); no answer: wait again.
  const onOnline = () =>
    void refresh().then((ok) => {
      if (!ok && offlineView) window.addEventListener('online', onOnline, { once: true });
    });
  window.addEventListener('online', onOnline, { once: true });
  emit();
}

export function hadSession(): boolean {
  return localStorage.getItem(FLAG) === '1';
}

export function storeTokens(t: TokensDto): void {
  tokens = t;
  offlineView = false;
  localStorage.setItem(FLAG, '1');
  emit();
}

/**
 * The device's own flags that outlive a logout (issue 31): whether this browser has a passkey for the site, or was
 * asked not to offer one. Flags, no personal data: they make the next login offer the passkey first.
 */
export const DEVICE_FLAGS = ['guarita.passkeyHere', 'guarita.passkeyDeclined'] as const;

/** Clears everything the browser holds for the customer: memory, local and session storage, client-data cookie. */
export function clearSession(): void {
  tokens = null;
  bootData = null;
  offlineView = false;
  const kept = DEVICE_FLAGS.map((k) => [k, localStorage.getItem(k)] as const);
  localStorage.clear();
  for (const [k, v] of kept) if (v !== null) localStorage.setItem(k, v);
  // The last data kept for offline use (ADR 091): already unreadable (its key was in localStorage), now deleted.
  void import('./offline-store').then((m) => m.clearOfflineCache()).catch(() => {});
  // What was waiting to be sent (ADR 093): unreadable too, and deleted; the server's partial uploads expire in 24 h.
  void import('./uploads/outbox').then((m) => m.clearOutbox()).catch(() => {});
  sessionStorage.clear();
  document.cookie = 'clientData=; Max-Age=0; path=/; SameSite=Strict';
  rememberSelectedInCookie(null);
  emit();
}

/** The spec's rule: refresh when the IdToken expires within 300 s or cannot be decoded. */
export function needsRefresh(now = Date.now() / 1000): boolean {
  const id = decodeIdToken(tokens?.IdToken);
  return !id || id.exp - now < REFRESH_THRESHOLD_S;
}

async function callRefresh(): Promise<boolean> {
  // Same-origin with credentials: the refresh token is the HttpOnly cookie.
  const answer = await api.POST('/api/auth/refresh').catch(() => null);
  if (answer?.data) {
    storeTokens(answer.data);
    return true;
  }
  const status = answer?.response.status;
  if (status === 401 || status === 400) clearSession();
  return false;
}

interface EarlyAnswer {
  status: number;
  body: unknown;
}

/** The boot request `boot/early-refresh.ts` started before the bundle (customer routes' HTML), taken once. */
function takeEarlyRefresh(): Promise<EarlyAnswer | null> | undefined {
  if (typeof window === 'undefined') return undefined;
  const w = window as Window & { __guaritaEarlyRefresh?: Promise<EarlyAnswer | null> };
  const early = w.__guaritaEarlyRefresh;
  delete w.__guaritaEarlyRefresh;
  return early;
}

/**
 * The boot answer, handled as callRefresh handles its own: its tokens stored, its data kept for the query cache
 * (`takeBootData`). No answer or a 5xx (null): `refresh` asks once more, as usual (a cookie the server rotated before the answer was
 * lost is accepted again within the grace window), so a failed boot does not log the customer out.
 */
async function adoptEarlyRefresh(early: Promise<EarlyAnswer | null>): Promise<boolean | null> {
  const answer = await early;
  const boot = answer?.status === 200 ? (answer.body as BootAnswer | null) : null;
  if (boot?.tokens) {
    bootData = boot;
    storeTokens(boot.tokens);
    return true;
  }
  if (answer?.status === 401 || answer?.status === 400) {
    clearSession();
    return false;
  }
  return null;
}

/** The first screen's data the boot answered, taken once (main.tsx puts it into the query cache). */
export function takeBootData(): BootAnswer | null {
  const data = bootData;
  bootData = null;
  return data;
}

/**
 * One refresh at a time: within the tab (a shared promise) and across tabs (a Web Lock), because a
 * rotated refresh token presented twice would revoke the whole login.
 */
export function refresh(): Promise<boolean> {
  if (!refreshing) {
    const early = takeEarlyRefresh();
    const run = async () => {
      // Already asked, under the lock, before the bundle arrived (a lost or failed boot: asked again below).
      const adopted = early ? await adoptEarlyRefresh(early) : null;
      if (adopted !== null) return adopted;
      const before = tokens?.AccessToken;
      const locks = (navigator as Navigator & { locks?: LockManager }).locks;
      if (!locks) return callRefresh();
      return locks.request('guarita-refresh', async () => {
        // Another tab may have refreshed while we waited; our cookie is then already the new one, so refreshing is still safe.
        if (tokens && tokens.AccessToken !== before && !needsRefresh()) return true;
        return callRefresh();
      });
    };
    refreshing = run().finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

/** A valid, fresh token set, refreshing first when needed. False means logged out. */
export async function ensureFresh(): Promise<boolean> {
  if (tokens && !needsRefresh()) return true;
  if (!tokens && !hadSession()) return false;
  return refresh();
}
