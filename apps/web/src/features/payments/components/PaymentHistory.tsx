import { billTotal, formatIsoDate, formatMoney, type BillDto } from '@guarita/domain';
import styles from './PaymentHistory.module.css';

const STATUS_CLASS = {
  I: `${styles.chip} ${styles.danger}`,
  A: `${styles.chip} ${styles.warn}`,
  P: `${styles.chip} ${styles.ok}`,
} as const;

/**
 * /pagamentos' 'Histórico de pagamentos' table (labelled by the section's heading `historico`): a module of its
 * own, loaded once the cards above are painted (ADR 025, seventh pass).
 */
export function PaymentHistory({ bills }: { bills: readonly BillDto[] }) {
  return (
    // Explicit roles: on phones the rows are restyled as stacked cards, and CSS display changes can drop table semantics.
    <table className={styles.history} role="table" aria-labelledby="historico">
      <thead role="rowgroup">
        <tr role="row">
          <th scope="col" role="columnheader">
            Vencimento
          </th>
          <th scope="col" role="columnheader">
            Valor
          </th>
          <th scope="col" role="columnheader">
            Situação
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup">
        {bills.map((b) => (
          <tr key={b.docEntry} role="row">
            <td role="cell" className={styles.date}>
              {formatIsoDate(b.docDueDate)}
            </td>
            <td role="cell" className={styles.amount}>
              {formatMoney(billTotal({ ...b, idStatus: b.billStatus.idStatus }))}
            </td>
            <td role="cell" className={styles.status}>
              <span className={STATUS_CLASS[b.billStatus.idStatus]}>{b.billStatus.descStatus}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default PaymentHistory;
