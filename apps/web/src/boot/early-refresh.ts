/**
 * A returning customer's boot request, started by the customer routes' HTML before the app bundle arrives
 * (ADR 025, ADR 058). Not part of the bundle: `scripts/prerender.ts` compiles it to `/assets/early-refresh-<hash>.js`,
 * a classic `async` script. It asks only when the session flag is set (`lib/session.ts` FLAG), under the same
 * Web Lock as the app's refreshes: `POST /api/auth/boot` rotates the refresh cookie as `/api/auth/refresh` does and
 * answers, with the tokens, the first screen's data (the contracts, the customer, the unread count and what the
 * route's first screen reads: the chosen contract's start data, plan, requests or trips, the notifications, the
 * claims). The answer waits in `window.__guaritaEarlyRefresh`, which the app's first `refresh()` adopts instead of asking again (a rotated
 * refresh token presented twice would end the login).
 */
(() => {
  if (localStorage.getItem('guarita.session') !== '1') return;
  const path = location.pathname;
  // The contract the page will show: the route's id (/dashboard/100104, /pagamentos/100104, /sinistros/100104, /suporte/100104[/…]), else
  // the stored choice (lib/storage.ts). A guess only: the server answers the customer's own contracts, and the app checks the id.
  const routeId = /^\/(?:dashboard|pagamentos|sinistros)\/(\d{1,12})$|^\/suporte\/(\d{1,12})(?:\/[^/]+)?$/.exec(path);
  const nCtrId = Number(routeId?.[1] ?? routeId?.[2] ?? localStorage.getItem('guarita.selectedContract'));
  // What the page shows first besides the contracts (ADR 058): the start data (start page, payments, advance), the
  // payments summary (the open invoice), the plan, the support requests, the trips and position, the notifications,
  // the claims, a contract's claim entry (with its open claim) or one claim. Only what the page reads is asked; the
  // server answers what the GET routes would.
  const asked = {
    start: /^\/(dashboard(\/\d+)?|pagamentos(\/\d+|\/placa\/[^/]+)?|antecipacao)$/.test(path),
    summary: path === '/pagamentos/fatura-em-aberto',
    plan: path === '/meu-plano',
    cases: /^\/suporte(\/\d+(\/[^/]+)?)?$/.test(path),
    trips: path === '/mapa',
    notifications: path === '/notificacoes',
    claims: path === '/sinistros',
    claimEntry: /^\/sinistros\/\d+$/.test(path),
  };
  // The server refuses a body it does not expect (400, which ends the session like any refused refresh), so only
  // what its schema accepts is sent: a contract id within int4 (/dashboard/999999999999 is a route like any other),
  // a well-formed case number of at most 20 characters (a claim's tracking page).
  const claim = /^\/sinistros\/consulta\/(\d{4}-\d{6,15})$/.exec(path)?.[1];
  const id = Number.isSafeInteger(nCtrId) && nCtrId > 0 && nCtrId <= 2_147_483_647 ? { nCtrId } : {};
  const wanted = Object.fromEntries(Object.entries(asked).filter(([, on]) => on));
  const body = JSON.stringify({ ...wanted, ...(claim ? { claim } : {}), ...id });
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
