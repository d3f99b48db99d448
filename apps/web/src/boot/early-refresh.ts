/**
 * A returning customer's token refresh, started by the customer routes' HTML before the app bundle arrives
 * (ADR 025). Not part of the bundle: `scripts/prerender.ts` compiles it to `/assets/early-refresh-<hash>.js`,
 * a classic `async` script. It asks only when the session flag is set (`lib/session.ts` FLAG), under the same
 * Web Lock as the app's refreshes, and leaves the answer in `window.__guaritaEarlyRefresh`, which the app's
 * first `refresh()` adopts instead of asking again (a rotated refresh token presented twice would end the login).
 */
(() => {
  if (localStorage.getItem('guarita.session') !== '1') return;
  const call = () =>
    fetch('/api/auth/refresh', { method: 'POST', credentials: 'same-origin', signal: AbortSignal.timeout(90_000) }).then(
      async (res) => ({ status: res.status, body: res.ok ? ((await res.json()) as unknown) : null }),
      () => null,
    );
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  (window as Window & { __guaritaEarlyRefresh?: Promise<unknown> }).__guaritaEarlyRefresh = locks
    ? locks.request('guarita-refresh', call)
    : call();
})();
