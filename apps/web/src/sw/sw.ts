/**
 * The service worker (ADR 091), built by scripts/prerender.ts to /sw.js after the pages, with the build's list of
 * files to keep (`self.__WB_MANIFEST`): the customer area's code, styles and icons and the app's skeleton page.
 * - Those files are answered from the cache (they are content-hashed, or revisioned by their content).
 * - A page is always asked of the server (navigation preload: the request starts while the worker wakes); only when
 *   the network fails does the skeleton answer, and the app shows the customer's last data from IndexedDB
 *   (lib/offline-cache.ts). No page and no API answer is ever stored here: they carry personal data.
 * - Everything else (the API above all) is not touched: the browser sends it as if there were no worker.
 */
import { clientsClaim } from 'workbox-core';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

/** The app's skeleton (apps/web/index.html after the prerender): any route renders in it from the stored data. */
const OFFLINE_SHELL = '/index.html';

// No '/' → '/index.html' nor '/x' → '/x.html': a page is never answered from the cache while the network answers.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();
enableNavigationPreload();

registerRoute(
  new NavigationRoute(
    new NetworkOnly({
      plugins: [{ handlerDidError: async () => (await matchPrecache(OFFLINE_SHELL)) ?? Response.error() }],
    }),
    { denylist: [/^\/api(\/|$)/] },
  ),
);

// A new build's worker takes over at once: its files are the ones the server has now.
void self.skipWaiting();
clientsClaim();
