import type { Cents } from './money';

/** I: overdue (Inadimplente); A: open; P: paid. */
export type BillStatusId = 'I' | 'A' | 'P';

export interface BillAmounts {
  idStatus: BillStatusId;
  docTotal: Cents;
  valorMulta: Cents;
  valorJuros: Cents;
}

export const BILL_STATUS_LABEL: Record<BillStatusId, string> = {
  I: 'Inadimplente',
  A: 'Em aberto',
  P: 'Pago',
};

/** What one bill costs today: principal plus fine plus interest. */
export function billTotal(b: BillAmounts): Cents {
  return b.docTotal + b.valorMulta + b.valorJuros;
}

/** The spec's open total: Σ (docTotal + valorMulta + valorJuros) of the bills with idStatus I. */
export function openTotal(bills: readonly BillAmounts[]): Cents {
  return bills.filter((b) => b.idStatus === 'I').reduce((sum, b) => sum + billTotal(b), 0);
}

/** The dashboard's 'Próxima fatura': the last open ('A') bill in the order the API lists them; undefined when none. */
export function nextBill<T extends { billStatus: { idStatus: BillStatusId } }>(bills: readonly T[]): T | undefined {
  return bills.filter((b) => b.billStatus.idStatus === 'A').at(-1);
}
