import { useEffect, useState } from 'react';

/**
 * The queue order the staff member last saw (issue 30 item 17): the queue page writes its case numbers, the case
 * page's next/previous ('j'/'k') walk them. Per tab (sessionStorage): two tabs on two filters walk their own.
 */
const STORAGE_ITEM = 'guarita.console.ordemDaFila';

export function useRememberQueueOrder(caseNumbers: readonly string[]): void {
  const joined = caseNumbers.join(',');
  useEffect(() => {
    try {
      sessionStorage.setItem(STORAGE_ITEM, JSON.stringify(joined ? joined.split(',') : []));
    } catch {
      /* storage off: next/previous are simply not offered */
    }
  }, [joined]);
}

function readOrder(): string[] {
  try {
    const v = JSON.parse(sessionStorage.getItem(STORAGE_ITEM) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** The cases before and after this one in the last queue seen (undefined at either end, or when it was not in it). */
export function useQueueNeighbours(caseNumber: string): { previous?: string; next?: string; position?: { at: number; of: number } } {
  const [order, setOrder] = useState<string[]>([]);
  useEffect(() => setOrder(readOrder()), [caseNumber]);
  const i = order.indexOf(caseNumber);
  if (i < 0) return {};
  return {
    ...(i > 0 ? { previous: order[i - 1]! } : {}),
    ...(i < order.length - 1 ? { next: order[i + 1]! } : {}),
    position: { at: i + 1, of: order.length },
  };
}
