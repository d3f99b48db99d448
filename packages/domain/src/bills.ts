import { cents, sumCents, type Cents } from './money';

/** I: overdue (Inadimplente); A: open; P: paid. */
export type BillStatusId = 'I' | 'A' | 'P';

/** A bill's amounts as a row or a DTO holds them: integers counting cents. */
export interface BillAmounts {
  idStatus: BillStatusId;
  docTotal: number;
  valorMulta: number;
  valorJuros: number;
}

export const BILL_STATUS_LABEL: Record<BillStatusId, string> = {
  I: 'Inadimplente',
  A: 'Em aberto',
  P: 'Pago',
};

/** What one bill costs today: principal plus fine plus interest. */
export function billTotal(b: BillAmounts): Cents {
  return cents(b.docTotal + b.valorMulta + b.valorJuros);
}

/** The spec's open total: Σ (docTotal + valorMulta + valorJuros) of the bills with idStatus I. */
export function openTotal(bills: readonly BillAmounts[]): Cents {
  return sumCents(bills.filter((b) => b.idStatus === 'I').map(billTotal));
}

/** The dashboard's 'Próxima fatura': the last open ('A') bill in the order the API lists them; undefined when none. */
export function nextBill<T extends { billStatus: { idStatus: BillStatusId } }>(bills: readonly T[]): T | undefined {
  return bills.filter((b) => b.billStatus.idStatus === 'A').at(-1);
}
