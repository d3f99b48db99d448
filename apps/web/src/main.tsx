import './lib/zod-config';
// Global CSS first (tokens, then reset/base); every component's CSS Module comes after and overrides it.
import './styles/tokens.css';
import './styles/base.css';
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/App';
import { getPublicConfig } from './api/get-public-config';
import { preloadRoute } from './app/router';
import { ensureFresh, hadSession, takeBootData } from './lib/session';
import './boot-skeleton.css';

// The old product registered a service worker; it must not keep serving stale pages.
void navigator.serviceWorker
  ?.getRegistrations()
  .then((regs) => regs.forEach((r) => void r.unregister()))
  .catch(() => {});
window.addEventListener('unhandledrejection', (e) => console.error(e.reason));

const root = document.getElementById('root')!;

// A returning customer: exchange the refresh cookie for tokens before the first route decides anything,
// while the page's route modules load (on a customer route the HTML started that request already: boot/early-refresh.ts
// asks POST /api/auth/boot, which answers the first screen's data with the tokens, ADR 058).
const prerendered = root.hasAttribute('data-prerendered');
if (!prerendered) getPublicConfig().catch(() => {}); // the header's emergency lines
// On a logged-in page the boot's data goes into the query cache before the first render, so the first screen
// renders from it at once. TanStack Query comes with the customer layout's chunk (a public page loads none of
// it): imported here, in parallel with the route's modules, it is the same chunk the layout then finds loaded.
let endBootWindow: (() => void) | undefined;
const session = hadSession()
  ? ensureFresh().then(async (ok) => {
      if (ok && !prerendered) {
        const cache = await import('./app/query-client');
        cache.seedFromBoot(takeBootData());
        endBootWindow = cache.endBootWindow;
      }
      return ok;
    })
  : null;
await Promise.all([preloadRoute(), session]);

/** Its effect runs after every effect of the first commit (children first): the first screen has subscribed to its data by then. */
function FirstCommit({ children }: { children: ReactNode }) {
  useEffect(() => endBootWindow?.(), []);
  return children;
}

const app = (
  <StrictMode>
    <FirstCommit>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </FirstCommit>
  </StrictMode>
);
// Public pages come prerendered from the build (apps/web/scripts/prerender.ts); the rest replace the skeleton.
// As a transition, the first render yields to the browser every few milliseconds instead of one long task
// (the page is already painted, from the HTML: what it would block is the first tap).
startTransition(() => {
  if (root.hasAttribute('data-prerendered')) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
