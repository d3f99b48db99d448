import './lib/zod-config';
// Global CSS first (tokens, then reset/base); every component's CSS Module comes after and overrides it.
import './styles/tokens.css';
import './styles/base.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, queryClient } from './app/App';
import { contractsQuery } from './api/get-contracts';
import { meQuery } from './api/get-me';
import { publicConfigQuery } from './api/get-public-config';
import { createRouterForPage } from './app/router';
import { ensureFresh, hadSession } from './lib/session';
import './boot-skeleton.css';

// The old product registered a service worker; it must not keep serving stale pages.
void navigator.serviceWorker
  ?.getRegistrations()
  .then((regs) => regs.forEach((r) => void r.unregister()))
  .catch(() => {});
window.addEventListener('unhandledrejection', (e) => console.error(e.reason));

const root = document.getElementById('root')!;

// A returning customer: exchange the refresh cookie for tokens before the first route decides anything,
// while the page's route modules load (on a customer route the HTML started that refresh already: boot/early-refresh.ts).
const session = hadSession() ? ensureFresh() : null;
// A logged-in page's first requests (the contracts, the header's name and phone lines) go out as soon as the
// token is fresh, while the route's modules run and render, not after.
if (!root.hasAttribute('data-prerendered')) {
  void queryClient.prefetchQuery(publicConfigQuery()); // the header's emergency lines
  void session?.then((ok) => {
    if (!ok) return;
    void queryClient.prefetchQuery(contractsQuery());
    void queryClient.prefetchQuery(meQuery());
  });
}
const [router] = await Promise.all([createRouterForPage(), session]);

const app = (
  <StrictMode>
    <App router={router} />
  </StrictMode>
);
// Public pages come prerendered from the build (apps/web/scripts/prerender.ts); the rest replace the skeleton.
// As a transition, the first render yields to the browser every few milliseconds instead of one long task
// (the page is already painted, from the HTML: what it would block is the first tap).
startTransition(() => {
  if (root.hasAttribute('data-prerendered')) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
