import { useEffect, useSyncExternalStore } from 'react';
import { api, ApiError, unwrap, type ApiData } from '../lib/api';
import { renderedOnServer } from '../lib/server-render';

/**
 * GET /api/config: brand name, phones, e-mail, address. It never changes while the page is open, so it is read
 * once and kept here, not through TanStack Query: the public shell shows it on every public page, and those pages
 * load no TanStack Query on a first visit (ADR 025). Logged-in screens use the same hook and the same answer.
 */
export type PublicConfig = ApiData<'/api/config', 'get'>;

let config: PublicConfig | undefined;
let pending: Promise<PublicConfig> | null = null;
const listeners = new Set<() => void>();

// As the app's queries do: no answer or a 5xx is retried twice (1 s, then 2 s later), a 4xx is not.
const RETRY_DELAYS_MS = [1000, 2000];
const retryable = (err: unknown) => !(err instanceof ApiError && err.status >= 400 && err.status < 500);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchWithRetries(): Promise<PublicConfig> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await unwrap(api.GET('/api/config'));
    } catch (err) {
      if (attempt >= RETRY_DELAYS_MS.length || !retryable(err)) throw err;
      await wait(RETRY_DELAYS_MS[attempt]!);
    }
  }
}

/** The config, asked once (a failed attempt is forgotten, so the next screen that needs it asks again). */
export function getPublicConfig(): Promise<PublicConfig> {
  if (config) return Promise.resolve(config);
  if (pending) return pending;
  const request: Promise<PublicConfig> = fetchWithRetries().then(
    (c) => {
      if (pending === request) {
        config = c;
        pending = null;
        listeners.forEach((l) => l());
      }
      return c;
    },
    (err: unknown) => {
      if (pending === request) pending = null;
      throw err;
    },
  );
  pending = request;
  return request;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => config;
// Prerendered at build: no config yet (the page shows its placeholders, then the answer); a customer page the server
// rendered has it (ADR 059).
const serverSnapshot = () => renderedOnServer().publicConfig;

/** `data` is undefined until the config has arrived (and stays so if it cannot be read). */
export function usePublicConfig(): { data: PublicConfig | undefined } {
  const data = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  useEffect(() => {
    if (!config) getPublicConfig().catch(() => {});
  }, []);
  return { data };
}

/** The config a server-rendered page came with (main.tsx): kept as if it had been asked. */
export function adoptPublicConfig(c: PublicConfig): void {
  config ??= c;
}

/** Tests only: forget the config between tests (each declares its own GET /api/config answer). */
export function resetPublicConfigForTests() {
  config = undefined;
  pending = null;
}
