import { SELECTED_CONTRACT_COOKIE } from '@guarita/domain/first-screen';

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
      : `${SELECTED_CONTRACT_COOKIE}=${id}; Max-Age=31536000; path=/; SameSite=Strict${secure}`;
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
