/**
 * A returning customer's boot request, started by the customer routes' HTML before the app bundle arrives
 * (ADR 025, ADR 058). Not part of the bundle: `scripts/prerender.ts` bundles it (with the domain's first-screen rule
 * only) to `/assets/early-refresh-<hash>.js`, a classic `defer` script placed before the app's module script (so it
 * always runs first: deferred and module scripts run in document order). It asks only when the session flag is set
 * (`lib/session.ts` FLAG), under the same Web Lock as the app's refreshes: `POST /api/auth/boot` rotates the refresh
 * cookie as `/api/auth/refresh` does and answers, with the tokens, the first screen's data (the contracts, the
 * customer, the unread count and what the route's first screen reads). The answer waits in
 * `window.__guaritaEarlyRefresh`, which the app's first `refresh()` adopts instead of asking again (a rotated
 * refresh token presented twice would end the login). A page the server already rendered with its data
 * (`<html data-ssr>`, ADR 059) asks only for the tokens.
 */
import { firstScreenRequest } from '@guarita/domain/first-screen';

(() => {
  if (localStorage.getItem('guarita.session') !== '1') return;
  const rendered = document.documentElement.hasAttribute('data-ssr');
  const stored = Number(localStorage.getItem('guarita.selectedContract')) || null;
  const body = JSON.stringify(rendered ? {} : firstScreenRequest(location.pathname, stored));
  const call = () =>
    fetch('/api/auth/boot', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(90_000),
    }).then(
      async (res) => ({ status: res.status, body: res.ok ? ((await res.json()) as unknown) : null }),
      () => null,
    );
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  (window as Window & { __guaritaEarlyRefresh?: Promise<unknown> }).__guaritaEarlyRefresh = locks
    ? locks.request('guarita-refresh', call)
    : call();
})();
