import { SELECTED_CONTRACT_COOKIE, SELECTED_CONTRACT_COOKIE_MAX_AGE, selectedContractFromCookie } from '@guarita/domain/first-screen';

/** The only customer data kept in localStorage: the selected contract id (DESIGN.md §5). */
const SELECTED = 'guarita.selectedContract';
const listeners = new Set<() => void>();

export function getSelectedContractId(): number | null {
  const v = Number(localStorage.getItem(SELECTED));
  return Number.isSafeInteger(v) && v > 0 ? v : null;
}

/**
 * The choice also goes into a cookie (an id, no personal data) so the server renders a reload of a route without a
 * contract in it (/pagamentos, /meu-plano) for the same contract (ADR 059). Secure when the page is.
 */
export function rememberSelectedInCookie(id: number | null = getSelectedContractId()): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    id === null
      ? `${SELECTED_CONTRACT_COOKIE}=; Max-Age=0; path=/; SameSite=Strict${secure}`
      : `${SELECTED_CONTRACT_COOKIE}=${id}; Max-Age=${SELECTED_CONTRACT_COOKIE_MAX_AGE}; path=/; SameSite=Strict${secure}`;
}

/**
 * At the app's start: the cookie's choice, if any, is the latest (the app writes both at once, and the server sets the
 * cookie alone when it renders a route with the customer's contract in it before the app ran, ADR 059); else the
 * stored one goes into the cookie for the server's next render.
 */
export function syncSelectedWithCookie(): void {
  const prefix = `${SELECTED_CONTRACT_COOKIE}=`;
  const raw = document.cookie
    .split('; ')
    .find((c) => c.startsWith(prefix))
    ?.slice(prefix.length);
  const fromCookie = selectedContractFromCookie(raw);
  if (fromCookie === null) rememberSelectedInCookie();
  else if (fromCookie !== getSelectedContractId()) localStorage.setItem(SELECTED, String(fromCookie));
}

export function setSelectedContractId(id: number): void {
  if (getSelectedContractId() === id) return;
  localStorage.setItem(SELECTED, String(id));
  rememberSelectedInCookie(id);
  for (const l of listeners) l();
}

export function subscribeSelected(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
