import { formatMoney, overdueExplanation, overdueSummary, type BillDto } from '@guarita/domain';
import styles from './OpenTotal.module.css';

const amounts = (bills: readonly BillDto[]) => bills.map((b) => ({ ...b, idStatus: b.billStatus.idStatus }));

/** The overdue amount explained: fee + multa + juros, computed in packages/domain. */
export function OverdueExplanation({ bills }: { bills: readonly BillDto[] }) {
  const s = overdueSummary(amounts(bills));
  if (s.count === 0) return null;
  return <small className={styles.explanation}>{overdueExplanation(s)}</small>;
}

/**
 * 'Total em aberto' (the API's openTotal) with the overdue part explained beneath it; the start page and
 * /pagamentos. Apart from the start page's banner (`OverdueBanner`, its icons), which /pagamentos does not show.
 */
export function OpenTotal({ total, bills }: { total: number; bills: readonly BillDto[] }) {
  return (
    <>
      <p className="total-open">
        Total em aberto: <strong className={total > 0 ? 'text-danger' : ''}>{formatMoney(total)}</strong>
      </p>
      <OverdueExplanation bills={bills} />
    </>
  );
}
