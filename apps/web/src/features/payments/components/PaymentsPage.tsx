import { Link } from 'react-router';
import { billTotal, CARD_BRAND_LABEL, formatIsoDate, formatMoney, maskCardSummary } from '@guarita/domain';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Spinner } from '../../../components/ui/Spinner';
import { Alert } from '../../../components/ui/Alert';
import { useSelectedContract } from '../../../hooks/use-selected-contract';
import { useBills } from '../../../api/get-bills';
import { ContractNotFound } from '../../common/components/ContractNotFound';
import { VehicleSelector } from '../../shell/components/VehicleSelector';
import { paths } from '../../../lib/paths';

const STATUS_CLASS = { I: 'text-danger', A: 'status-open', P: 'status-paid' } as const;

/** /pagamentos, /pagamentos/{nCtrId}, /pagamentos/placa/{placa}: card on file, open total and history. */
export function PaymentsPage() {
  const selected = useSelectedContract();
  const bills = useBills(selected.contract?.nCtrId);

  if (selected.isLoading) return <Spinner />;
  if (selected.error) return <Alert>{selected.error.message}</Alert>;
  if (selected.notFound) return <ContractNotFound />;
  const c = selected.contract;
  if (!c) return <Alert kind="info">Você não possui contratos ativos.</Alert>;
  const open = bills.data?.openTotal ?? 0;

  return (
    <div className="payments">
      <PageTitle>Pagamentos</PageTitle>
      <VehicleSelector navigateTo={paths.payments.pattern} />
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
              <Link className="btn btn-primary" to={paths.payments.openInvoice}>
                Pagar fatura em aberto
              </Link>
            )}
            <Link className="btn btn-secondary" to={paths.advance}>
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
          <table className="history">
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
