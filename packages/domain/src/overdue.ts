import { billTotal, type BillAmounts } from './bills';
import { cents, formatMoney, type Cents } from './money';

/** What the customer owes on overdue bills (idStatus I), and why: fees + multa (fine) + juros (interest). */
export interface OverdueSummary {
  count: number;
  fees: Cents;
  fine: Cents;
  interest: Cents;
  total: Cents;
}

export function overdueSummary(bills: readonly BillAmounts[]): OverdueSummary {
  const overdue = bills.filter((b) => b.idStatus === 'I');
  return {
    count: overdue.length,
    fees: cents(overdue.reduce((s, b) => s + b.docTotal, 0)),
    fine: cents(overdue.reduce((s, b) => s + b.valorMulta, 0)),
    interest: cents(overdue.reduce((s, b) => s + b.valorJuros, 0)),
    total: cents(overdue.reduce((s, b) => s + billTotal(b), 0)),
  };
}

/**
 * The amount explained in one line, as shown beside every overdue total:
 * 'Mensalidade R$ 189,90 + multa R$ 3,80 + juros R$ 1,27' ('Mensalidades' for several bills; a zero fine or
 * interest is left out).
 */
export function overdueExplanation(s: OverdueSummary): string {
  const parts = [`${s.count > 1 ? `${s.count} mensalidades` : 'Mensalidade'} ${formatMoney(s.fees)}`];
  if (s.fine > 0) parts.push(`multa ${formatMoney(s.fine)}`);
  if (s.interest > 0) parts.push(`juros ${formatMoney(s.interest)}`);
  return parts.join(' + ');
}
