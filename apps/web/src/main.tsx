import './lib/zod-config';
// Global CSS first (tokens, then reset/base); every component's CSS Module comes after and overrides it.
import './styles/tokens.css';
import './styles/base.css';
import { StrictMode, startTransition, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, useLocation } from 'react-router';
import { App } from './app/App';
import { adoptPublicConfig, getPublicConfig } from './api/get-public-config';
import { preloadRoute } from './app/router';
import { registerServiceWorker, unregisterServiceWorkers } from './lib/service-worker';
import { enterOfflineView, ensureFresh, hadSession, refresh, takeBootData } from './lib/session';
import { readServerRender, setRenderedOnServer } from './lib/server-render';
import { syncSelectedWithCookie } from './lib/storage';
import './boot-skeleton.css';

// The app's own service worker (ADR 091), in the production build only; any other one is removed.
if (import.meta.env.PROD) registerServiceWorker();
else unregisterServiceWorkers();
window.addEventListener('unhandledrejection', (e) => console.error(e.reason));

const root = document.getElementById('root')!;

// A logged-in page the server rendered with its first screen (ADR 059): the browser's first render uses what the
// server used (the hooks' server snapshots, lib/server-render.ts) and the same data, so React hydrates its HTML.
const serverRender = readServerRender();
if (serverRender) {
  setRenderedOnServer(serverRender);
  if (serverRender.publicConfig) adoptPublicConfig(serverRender.publicConfig);
}
// A returning customer: exchange the refresh cookie for tokens before the first route decides anything,
// while the page's route modules load (on a customer route the HTML started that request already: boot/early-refresh.ts
// asks POST /api/auth/boot, which answers the first screen's data with the tokens, ADR 058).
const prerendered = root.hasAttribute('data-prerendered');
if (!prerendered && !serverRender) getPublicConfig().catch(() => {}); // the header's emergency lines
if (hadSession()) syncSelectedWithCookie(); // the server's next render of a route without a contract in it uses the cookie
// On a logged-in page the boot's data (or the server's) goes into the query cache before the first render, so the
// first screen renders from it at once. TanStack Query comes with the customer layout's chunk (a public page loads
// none of it): imported here, in parallel with the route's modules, it is the same chunk the layout then finds loaded.
let endBootWindow: (() => void) | undefined;
const seed = async (ok: boolean) => {
  const bootData = takeBootData();
  if ((ok && !prerendered) || serverRender) {
    const cache = await import('./app/query-client');
    cache.seedFromBoot(serverRender?.data ?? bootData);
    endBootWindow = cache.endBootWindow;
  } else if (!ok && hadSession() && !navigator.onLine) {
    // A reload without a connection (the service worker answered the skeleton): the last data kept on this device.
    const cache = await import('./app/query-client');
    if (await cache.restoreOfflineData()) enterOfflineView();
  }
  return ok;
};
// The server renders only for a live login: the session is asked for even if this device's flag was lost.
const session = hadSession() || serverRender ? (hadSession() ? ensureFresh() : refresh()).then(seed) : null;
await Promise.all([preloadRoute(), session]);

/**
 * The first screen's data is not asked again while it mounts; the first navigation ends that (query-client.tsx). A
 * layout effect: it runs before the new page's queries subscribe (in their passive effects), so the new page asks.
 */
function FirstScreen({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  const first = useRef(key);
  useLayoutEffect(() => {
    if (key !== first.current) endBootWindow?.();
  }, [key]);
  return children;
}

const app = (
  <StrictMode>
    <BrowserRouter>
      <FirstScreen>
        <App />
      </FirstScreen>
    </BrowserRouter>
  </StrictMode>
);
// Public pages come prerendered from the build (apps/web/scripts/prerender.ts), a logged-in page's first screen
// from the server (ADR 059); the rest replace the skeleton.
// As a transition, the first render yields to the browser every few milliseconds instead of one long task
// (the page is already painted, from the HTML: what it would block is the first tap).
startTransition(() => {
  // A hydration that did not match (React then renders that part in the browser) is a bug to see, not a silent cost.
  if (prerendered || serverRender) hydrateRoot(root, app, { onRecoverableError: (err) => console.error('hydration:', err) });
  else createRoot(root).render(app);
});
