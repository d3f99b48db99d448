// Global CSS first (tokens, then reset/base); every component's CSS Module comes after and overrides it.
import './styles/tokens.css';
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { ensureFresh, hadSession } from './lib/session';

// The old product registered a service worker; it must not keep serving stale pages.
void navigator.serviceWorker
  ?.getRegistrations()
  .then((regs) => regs.forEach((r) => void r.unregister()))
  .catch(() => {});
window.addEventListener('unhandledrejection', (e) => console.error(e.reason));

// A returning customer: exchange the refresh cookie for tokens before the first route decides anything.
if (hadSession()) await ensureFresh();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
