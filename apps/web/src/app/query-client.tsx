import { createContext, useContext, type ComponentType } from 'react';
import { onlineManager, QueryClient, QueryClientProvider, type Query } from '@tanstack/react-query';
import { ApiError } from '../lib/api';
import { isLoggedIn, type BootAnswer } from '../lib/session';
import { keepForOffline, restoreOffline } from '../lib/offline-cache';
import { caseKeys, contractKeys, meKeys } from '../api/keys';
import { contractsQuery } from '../api/get-contracts';
import { meQuery } from '../api/get-me';
import { notificationKeys } from '../features/notifications/api/keys';
import { paymentKeys } from '../features/payments/api/keys';
import { planKeys } from '../features/plan/api/keys';
import { tripKeys } from '../features/trips/api/keys';
import { claimKeys } from '../features/claims/api/keys';

/**
 * How long what the boot (or the server's render, ADR 059) answered counts as just asked: the first screen mounts
 * within it, a server-rendered one in several passes (its Suspense boundaries hydrate after the shell).
 */
const BOOT_FRESH_MS = 10_000;
/** When the boot's answer went into the cache, until the first navigation (0: not, or no more); see `seedFromBoot`. */
let bootSeededAt = 0;
const seededByBoot = (query: Query) =>
  bootSeededAt > 0 && query.state.dataUpdatedAt === bootSeededAt && Date.now() - bootSeededAt < BOOT_FRESH_MS;

/** The customer left the first screen (main.tsx, at the first navigation): from now on every screen asks as it always did. */
export function endBootWindow(): void {
  bootSeededAt = 0;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Client errors (401/403/404) will not fix themselves by retrying.
        retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
        refetchOnWindowFocus: false,
        // What the boot answered a moment ago is not asked again by the first screen, which mounts with it (ADR 058).
        refetchOnMount: (query) => !seededByBoot(query),
      },
    },
  });
}

/** The browser's one cache (main.tsx warms it with a logged-in page's first requests). */
export const queryClient = createQueryClient();

if (typeof window !== 'undefined') {
  // TanStack Query learns of the connection from its events only: a page loaded offline starts offline, its queries paused.
  onlineManager.setOnline(navigator.onLine);
  // The customer's last data, kept on the device for a reload without a connection (ADR 091); not in a server render.
  keepForOffline(queryClient, isLoggedIn);
}

/** A reload without a connection (main.tsx): the last data kept on this device into the cache; false when none. */
export const restoreOfflineData = () => restoreOffline(queryClient);

/**
 * A logged-in page load's first data (ADR 058): what `POST /api/auth/boot` answered (or what the server rendered the
 * page with, ADR 059) goes into the cache under the keys the screens read, so the first screen renders from it
 * without asking; what it left out (a part the server could not read) is asked at once, as before the boot existed.
 */
export function seedFromBoot(boot: Omit<BootAnswer, 'tokens'> | null): void {
  const now = Date.now();
  bootSeededAt = now;
  seedQueries(queryClient, boot, now);
  if (!boot?.contracts) void queryClient.prefetchQuery(contractsQuery());
  if (!boot?.me) void queryClient.prefetchQuery(meQuery());
}

/** Puts the boot's parts into `client` under the keys the screens read (the browser's cache, or a server render's own). */
export function seedQueries(client: QueryClient, boot: Omit<BootAnswer, 'tokens'> | null, updatedAt: number): void {
  const set = (key: readonly unknown[], data: unknown) => {
    if (data !== undefined) client.setQueryData(key, data, { updatedAt });
  };
  /** An infinite query (the notifications, the trips) starts as its first page, asked with no cursor. */
  const firstPage = (page: unknown) => (page === undefined ? undefined : { pages: [page], pageParams: [null] });
  set(contractKeys.all, boot?.contracts);
  set(meKeys.all, boot?.me);
  set(notificationKeys.unread(), boot?.unread);
  const start = boot?.start;
  if (start) {
    set(contractKeys.detail(start.nCtrId), start.contract);
    set(contractKeys.bills(start.nCtrId), start.bills);
    set(paymentKeys.advance(start.nCtrId), start.advance);
    set(paymentKeys.contract(start.nCtrId), start.summary);
    set(planKeys.view(start.nCtrId), start.plan);
    set(caseKeys.list(start.nCtrId), start.cases);
    set(tripKeys.list(start.nCtrId), firstPage(start.trips));
    set(tripKeys.position(start.nCtrId), start.position);
    set(claimKeys.entry(start.nCtrId), start.claimEntry);
  }
  set(tripKeys.mapConfig(), boot?.mapConfig);
  set(notificationKeys.list(), firstPage(boot?.notifications));
  set(notificationKeys.preferences(), boot?.preferences);
  set(claimKeys.list(), boot?.claims);
  if (boot?.claim) set(claimKeys.view(boot.claim.caso.CaseNumber), boot.claim);
}

/** The client of one server render (entry-server.tsx): the server renders many customers, never from one cache. */
export const ServerQueryClient = createContext<QueryClient | null>(null);

/**
 * The layouts and pages that read data through TanStack Query (the customer area, the staff console, SSO) get
 * the client from here, with their lazy route module: the public pages' first load carries none of it (ADR 025).
 */
export function withQueryClient(Component: ComponentType): ComponentType {
  return function WithQueryClient() {
    const client = useContext(ServerQueryClient) ?? queryClient;
    return (
      <QueryClientProvider client={client}>
        <Component />
      </QueryClientProvider>
    );
  };
}
