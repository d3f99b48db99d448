import './lib/zod-config';
// Global CSS first (tokens, then reset/base); every component's CSS Module comes after and overrides it.
import './styles/tokens.css';
import './styles/base.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { getPublicConfig } from './api/get-public-config';
import { createRouterForPage } from './app/router';
import { ensureFresh, hadSession } from './lib/session';
import { BootHandOff } from './lib/boot-handoff';
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
// TanStack Query comes with the customer layout's chunk (a public page loads none of it): imported here, in
// parallel with the route's modules, it is the same chunk the layout then finds loaded.
if (!root.hasAttribute('data-prerendered')) {
  getPublicConfig().catch(() => {}); // the header's emergency lines
  void session?.then(async (ok) => {
    if (!ok) return;
    const [{ queryClient }, { contractsQuery }, { meQuery }] = await Promise.all([
      import('./app/query-client'),
      import('./api/get-contracts'),
      import('./api/get-me'),
    ]);
    void queryClient.prefetchQuery(contractsQuery());
    void queryClient.prefetchQuery(meQuery());
  });
}
const [router] = await Promise.all([createRouterForPage(), session]);

const app = (
  <StrictMode>
    <App router={router} />
    <BootHandOff navigate={(to) => router.navigate(to)} />
  </StrictMode>
);
// Public pages come prerendered from the build (apps/web/scripts/prerender.ts); the rest replace the skeleton.
// As a transition, the first render yields to the browser every few milliseconds instead of one long task
// (the page is already painted, from the HTML: what it would block is the first tap).
startTransition(() => {
  if (root.hasAttribute('data-prerendered')) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
