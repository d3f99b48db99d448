/** The only customer data kept in localStorage: the selected contract id (DESIGN.md §5). */
const SELECTED = 'guarita.selectedContract';
const listeners = new Set<() => void>();

export function getSelectedContractId(): number | null {
  const v = Number(localStorage.getItem(SELECTED));
  return Number.isSafeInteger(v) && v > 0 ? v : null;
}

export function setSelectedContractId(id: number): void {
  if (getSelectedContractId() === id) return;
  localStorage.setItem(SELECTED, String(id));
  for (const l of listeners) l();
}

export function subscribeSelected(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
