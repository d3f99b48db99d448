import { Link } from 'react-router';
import { billTotal, CARD_BRAND_LABEL, formatIsoDate, formatMoney, maskCardSummary } from '@guarita/domain';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Spinner } from '../../../components/ui/Spinner';
import { Alert } from '../../../components/ui/Alert';
import { useSelectedContract } from '../../../hooks/use-selected-contract';
import { useBills } from '../../../api/get-bills';
import { ContractNotFound } from '../../common/components/ContractNotFound';
import { VehicleSelector } from '../../shell/components/VehicleSelector';
import { QueryError } from '../../../components/ui/QueryError';
import { OverdueExplanation } from './OverdueBanner';
import { AdvanceLink } from './AdvanceLink';
import { paths } from '../../../lib/paths';

const STATUS_CLASS = { I: 'chip chip-danger', A: 'chip chip-warn', P: 'chip chip-ok' } as const;

/** /pagamentos, /pagamentos/{nCtrId}, /pagamentos/placa/{placa}: card on file, open total and history. */
export function PaymentsPage() {
  const selected = useSelectedContract();
  const bills = useBills(selected.contract?.nCtrId);

  if (selected.isLoading) return <Spinner />;
  if (selected.error)
    return (
      <div className="payments">
        <PageTitle>Pagamentos</PageTitle>
        <QueryError error={selected.error} onRetry={selected.refetch} retrying={selected.isFetching} />
      </div>
    );
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
          ) : bills.error || !bills.data ? (
            // Never 'Total em aberto: R$ 0,00' when the bills could not be read (issue 8).
            <QueryError error={bills.error} onRetry={bills.refetch} retrying={bills.isFetching} />
          ) : (
            <>
              <p className="total-open">
                Total em aberto: <strong className={open > 0 ? 'text-danger' : ''}>{formatMoney(open)}</strong>
              </p>
              <OverdueExplanation bills={bills.data.bills} />
            </>
          )}
          <div className="quick-actions">
            {bills.data && open > 0 && (
              <Link className="btn btn-primary" to={paths.payments.openInvoice}>
                Pagar fatura em aberto
              </Link>
            )}
            <AdvanceLink nCtrId={c.nCtrId} />
          </div>
        </section>
      </div>
      <section className="card" aria-labelledby="historico">
        <h2 id="historico">Histórico de pagamentos</h2>
        {bills.isLoading && <Spinner />}
        {bills.error && !bills.data && <p className="muted">O histórico aparece aqui quando as faturas forem carregadas.</p>}
        {bills.data && bills.data.bills.length === 0 && <p>Nenhuma fatura encontrada.</p>}
        {bills.data && bills.data.bills.length > 0 && (
          // Explicit roles: on phones the rows are restyled as stacked cards, and CSS display changes can drop table semantics.
          <table className="history" role="table" aria-labelledby="historico">
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
              {bills.data.bills.map((b) => (
                <tr key={b.docEntry} role="row">
                  <td role="cell" className="history-date">
                    {formatIsoDate(b.docDueDate)}
                  </td>
                  <td role="cell" className="history-amount">
                    {formatMoney(billTotal({ ...b, idStatus: b.billStatus.idStatus }))}
                  </td>
                  <td role="cell" className="history-status">
                    <span className={STATUS_CLASS[b.billStatus.idStatus]}>{b.billStatus.descStatus}</span>
                  </td>
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
