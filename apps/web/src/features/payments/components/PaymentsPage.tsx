import { Link } from 'react-router';
import { billTotal, CARD_BRAND_LABEL, formatIsoDate, formatMoney, maskCardSummary } from '@guarita/domain';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Spinner } from '../../../components/ui/Spinner';
import { Alert } from '../../../components/ui/Alert';
import { useBills } from '../../../api/get-bills';
import { SelectedContractGuard } from '../../common';
import { VehicleSelector } from '../../shell';
import { paths } from '../../../lib/paths';
import { buttonClass } from '../../../components/ui/Button';
import styles from './PaymentsPage.module.css';
import type { SelectedContractDto } from '../../../hooks/use-selected-contract';

const STATUS_CLASS = { I: 'text-danger', A: 'status-open', P: 'status-paid' } as const;

/** /pagamentos, /pagamentos/{nCtrId}, /pagamentos/placa/{placa}: card on file, open total and history. */
export function PaymentsPage() {
  return <SelectedContractGuard>{(contract) => <Payments c={contract} />}</SelectedContractGuard>;
}

function Payments({ c }: { c: SelectedContractDto }) {
  const bills = useBills(c.nCtrId);
  const open = bills.data?.openTotal ?? 0;

  return (
    <div className={styles.payments}>
      <PageTitle>Pagamentos</PageTitle>
      <VehicleSelector navigateTo={paths.payments.pattern} className={styles.selector} />
      <div className="grid">
        <section className="card" aria-labelledby="cartao">
          <h2 id="cartao">Cartão cadastrado</h2>
          {c.cardSummary ? (
            <p className="card-on-file">
              <span className="card-brand">{c.pmCard ? CARD_BRAND_LABEL[c.pmCard] : CARD_BRAND_LABEL.amex}</span>{' '}
              <span className="nowrap">{maskCardSummary(c.cardSummary)}</span>
            </p>
          ) : (
            <p>Nenhum cartão cadastrado.</p>
          )}
          <p className="links">
            <Link to={paths.payments.changeCard}>Trocar cartão</Link> · <Link to={paths.payments.addCard}>Adicionar um novo cartão</Link>
          </p>
        </section>
        <section className="card" aria-labelledby="em-aberto">
          <h2 id="em-aberto">Em aberto</h2>
          {bills.isLoading ? (
            <Spinner />
          ) : (
            <p className="total-open">
              Total em aberto: <strong className={open > 0 ? 'text-danger' : ''}>{formatMoney(open)}</strong>
            </p>
          )}
          <div className="quick-actions">
            {open > 0 && (
              <Link className={buttonClass('primary')} to={paths.payments.openInvoice}>
                Pagar fatura em aberto
              </Link>
            )}
            <Link className={buttonClass('secondary')} to={paths.advance}>
              Antecipar fatura
            </Link>
          </div>
        </section>
      </div>
      <section className="card" aria-labelledby="historico">
        <h2 id="historico">Histórico de pagamentos</h2>
        {bills.isLoading && <Spinner />}
        {bills.error && <Alert>{bills.error.message}</Alert>}
        {bills.data && bills.data.bills.length === 0 && <p>Nenhuma fatura encontrada.</p>}
        {bills.data && bills.data.bills.length > 0 && (
          <table className={styles.history}>
            <thead>
              <tr>
                <th scope="col">Vencimento</th>
                <th scope="col">Valor</th>
                <th scope="col">Situação</th>
              </tr>
            </thead>
            <tbody>
              {bills.data.bills.map((b) => (
                <tr key={b.docEntry}>
                  <td>{formatIsoDate(b.docDueDate)}</td>
                  <td>{formatMoney(billTotal({ ...b, idStatus: b.billStatus.idStatus }))}</td>
                  <td className={STATUS_CLASS[b.billStatus.idStatus]}>{b.billStatus.descStatus}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

export default PaymentsPage;
