/**
 * What a logged-in page shows first (ADR 058, ADR 059): the parts of `POST /api/auth/boot` a route asks for. One rule
 * for the three places that need it: the early script of the customer routes' HTML (apps/web/src/boot/early-refresh.ts,
 * bundled with this file only), the server rendering a customer's first screen, and the tests. No imports: the early
 * script is a classic script of a few hundred bytes.
 */
export interface FirstScreenRequest {
  /** The chosen contract's detail, bills and advance forecast (start page, payments, advance). */
  start?: true;
  /** The chosen contract's payments summary (the open invoice page). */
  summary?: true;
  /** Meu plano. */
  plan?: true;
  /** Suporte's requests. */
  cases?: true;
  /** Mapa: first trips page, position, map config. */
  trips?: true;
  /** Notificações: first page and e-mail choices. */
  notifications?: true;
  /** Sinistros: every claim of the customer. */
  claims?: true;
  /** A contract's claim screen: its entry and its open claim's view. */
  claimEntry?: true;
  /** A claim's tracking page: that claim's view. */
  claim?: string;
  /** The contract the page will show: the route's id, else the stored choice (the server checks it is the customer's). */
  nCtrId?: number;
}

/** The largest id the API's schema accepts (int4): a longer number in a route is a route like any other, never sent. */
const MAX_CONTRACT_ID = 2_147_483_647;

/**
 * The boot body for `pathname`, given the contract id stored on this device (`guarita.selectedContract`). Only what
 * the server's schema accepts is put in: a refused body (400) would end the session like a refused refresh.
 */
export function firstScreenRequest(pathname: string, storedContractId: number | null): FirstScreenRequest {
  const path = pathname;
  const routeId = /^\/(?:dashboard|pagamentos|sinistros)\/(\d{1,12})$|^\/suporte\/(\d{1,12})(?:\/[^/]+)?$/.exec(path);
  const nCtrId = Number(routeId?.[1] ?? routeId?.[2] ?? storedContractId);
  const asked: Record<Exclude<keyof FirstScreenRequest, 'claim' | 'nCtrId'>, boolean> = {
    start: /^\/(dashboard(\/\d+)?|pagamentos(\/\d+|\/placa\/[^/]+)?|antecipacao)$/.test(path),
    summary: path === '/pagamentos/fatura-em-aberto',
    plan: path === '/meu-plano',
    cases: /^\/suporte(\/\d+(\/[^/]+)?)?$/.test(path),
    trips: path === '/mapa',
    notifications: path === '/notificacoes',
    claims: path === '/sinistros',
    claimEntry: /^\/sinistros\/\d+$/.test(path),
  };
  const request: FirstScreenRequest = {};
  for (const [part, on] of Object.entries(asked)) if (on) request[part as keyof typeof asked] = true;
  const claim = /^\/sinistros\/consulta\/(\d{4}-\d{6,15})$/.exec(path)?.[1];
  if (claim) request.claim = claim;
  if (Number.isSafeInteger(nCtrId) && nCtrId > 0 && nCtrId <= MAX_CONTRACT_ID) request.nCtrId = nCtrId;
  return request;
}

/**
 * The cookie mirroring the contract chosen on this device (`guarita.selectedContract` in localStorage): a plain id,
 * no personal data, so the server renders a route without an id in it for the contract the customer chose.
 */
export const SELECTED_CONTRACT_COOKIE = 'guarita_ctr';
/** How long that cookie is kept, in seconds (a year; set by the app, and by the server for a route with an id in it). */
export const SELECTED_CONTRACT_COOKIE_MAX_AGE = 31_536_000;

/** The stored choice from that cookie's value: a positive int4, else none. */
export function selectedContractFromCookie(value: string | undefined): number | null {
  const id = value && /^\d{1,10}$/.test(value) ? Number(value) : 0;
  return id > 0 && id <= MAX_CONTRACT_ID ? id : null;
}
