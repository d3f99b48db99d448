/**
 * A returning customer's boot request, started by the customer routes' HTML before the app bundle arrives
 * (ADR 025, ADR 058). Not part of the bundle: `scripts/prerender.ts` compiles it to `/assets/early-refresh-<hash>.js`,
 * a classic `async` script. It asks only when the session flag is set (`lib/session.ts` FLAG), under the same
 * Web Lock as the app's refreshes: `POST /api/auth/boot` rotates the refresh cookie as `/api/auth/refresh` does and
 * answers, with the tokens, the first screen's data (the contracts, the customer, the unread count and — on the
 * start page, the payments pages and advance — the data of the contract the page will show). The answer waits in
 * `window.__guaritaEarlyRefresh`, which the app's first `refresh()` adopts instead of asking again (a rotated
 * refresh token presented twice would end the login).
 */
(() => {
  if (localStorage.getItem('guarita.session') !== '1') return;
  const path = location.pathname;
  // The contract the page will show: the route's id (/dashboard/100104, /pagamentos/100104), else the stored choice
  // (lib/storage.ts). A guess only: the server answers the customer's own contracts, and the app checks the id.
  const routeId = /^\/(dashboard|pagamentos)\/(\d{1,12})$/.exec(path)?.[2];
  const nCtrId = Number(routeId ?? localStorage.getItem('guarita.selectedContract'));
  // What the page shows first besides the contracts: the start data (start page, payments, advance) or the payments
  // summary (the open invoice).
  const start = /^\/(dashboard(\/\d+)?|pagamentos(\/\d+|\/placa\/[^/]+)?|antecipacao)$/.test(path);
  const summary = path === '/pagamentos/fatura-em-aberto';
  const id = Number.isSafeInteger(nCtrId) && nCtrId > 0 ? { nCtrId } : {};
  const body = JSON.stringify({ start, summary, ...id });
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
