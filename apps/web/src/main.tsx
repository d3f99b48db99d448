import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { createRouterForPage } from './app/router';
import { ensureFresh, hadSession } from './lib/session';
import './styles.css';
import './boot-skeleton.css';

// The old product registered a service worker; it must not keep serving stale pages.
void navigator.serviceWorker
  ?.getRegistrations()
  .then((regs) => regs.forEach((r) => void r.unregister()))
  .catch(() => {});
window.addEventListener('unhandledrejection', (e) => console.error(e.reason));

// A returning customer: exchange the refresh cookie for tokens before the first route decides anything,
// while the page's route modules load.
const [router] = await Promise.all([createRouterForPage(), hadSession() ? ensureFresh() : null]);

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App router={router} />
  </StrictMode>
);
// Public pages come prerendered from the build (apps/web/scripts/prerender.ts); the rest replace the skeleton.
if (root.hasAttribute('data-prerendered')) hydrateRoot(root, app);
else createRoot(root).render(app);
