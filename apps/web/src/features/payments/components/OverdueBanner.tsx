import { useId } from 'react';
import { Link } from 'react-router';
import { CreditCard, QrCode, TriangleAlert } from 'lucide-react';
import { buttonClass } from '../../../components/ui/Button';
import { paths } from '../../../lib/paths';
import styles from './OverdueBanner.module.css';
import { formatMoney, overdueExplanation, overdueSummary, type BillDto } from '@guarita/domain';

const amounts = (bills: readonly BillDto[]) => bills.map((b) => ({ ...b, idStatus: b.billStatus.idStatus }));

/** The payment method the open-invoice page starts with, when a link chose it (router state). */
export type PayMethodState = { method?: 'pix' | 'card' } | null;

/** Top of the start page when a bill is overdue: the amount, why, and the two ways to pay it now (issue 8). */
export function OverdueBanner({ bills }: { bills: readonly BillDto[] }) {
  const id = useId();
  const s = overdueSummary(amounts(bills));
  if (s.count === 0) return null;
  return (
    <section className={styles.banner} aria-labelledby={id}>
      <TriangleAlert className={styles.icon} aria-hidden="true" size={28} />
      <div>
        <h2 id={id}>
          {s.count > 1 ? 'Faturas vencidas' : 'Fatura vencida'} <span className="nowrap">{formatMoney(s.total)}</span>
        </h2>
        <p>{overdueExplanation(s)}</p>
      </div>
      <div className={styles.actions}>
        <Link
          className={buttonClass('primary', styles.action)}
          to={paths.payments.openInvoice}
          state={{ method: 'pix' } satisfies PayMethodState}
        >
          <QrCode aria-hidden="true" size={18} /> Pagar com Pix
        </Link>
        <Link
          className={buttonClass('secondary', styles.action)}
          to={paths.payments.openInvoice}
          state={{ method: 'card' } satisfies PayMethodState}
        >
          <CreditCard aria-hidden="true" size={18} /> Pagar com cartão
        </Link>
      </div>
    </section>
  );
}
