import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { CARD_BRAND_LABEL, maskCardSummary } from '@guarita/domain';
import { PageTitle } from '../../../components/ui/PageTitle';
import { useBills } from '../../../api/get-bills';
import { SelectedContractGuard } from '../../common';
import { VehicleSelector } from '../../shell';
import { QueryError } from '../../../components/ui/QueryError';
import { Skeleton } from '../../../components/ui/Skeleton';
import { OpenTotal } from './OpenTotal';
import { AdvanceLink } from './AdvanceLink';
import { useAdvanceForecast } from '../api/get-advance-forecast';
import { paths } from '../../../lib/paths';
import { useAfterPaint } from '../../../lib/use-after-paint';
import { buttonClass } from '../../../components/ui/Button';
import styles from './PaymentsPage.module.css';
import type { SelectedContractDto } from '../../../hooks/use-selected-contract';

// The history's table comes once the cards are painted: on a phone it is below them (ADR 025, seventh pass).
const PaymentHistory = lazy(() => import('./PaymentHistory'));

/** /pagamentos, /pagamentos/{nCtrId}, /pagamentos/placa/{placa}: card on file, open total and history. */
export function PaymentsPage() {
  return <SelectedContractGuard>{(contract) => <Payments c={contract} />}</SelectedContractGuard>;
}

function Payments({ c }: { c: SelectedContractDto }) {
  const bills = useBills(c.nCtrId);
  // The card shows once with the bills and the advance forecast (asked in parallel): the forecast's note
  // arriving after the rest would push the history down (CLS).
  const forecastPending = useAdvanceForecast(c.nCtrId).isLoading;
  // The history comes with them, not below a card that is still growing (it would be pushed down: CLS).
  const settled = !bills.isLoading && !forecastPending;
  const open = bills.data?.openTotal ?? 0;
  const historyWanted = useAfterPaint(settled);

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
          {bills.isLoading || (forecastPending && bills.data) ? (
            <Skeleton lines={2} label="Carregando faturas…" />
          ) : bills.error || !bills.data ? (
            // Never 'Total em aberto: R$ 0,00' when the bills could not be read (issue 8).
            <QueryError error={bills.error} onRetry={bills.refetch} retrying={bills.isFetching} />
          ) : (
            <>
              <OpenTotal total={open} bills={bills.data.bills} />
            </>
          )}
          {settled && (
            <div className="quick-actions">
              {bills.data && open > 0 && (
                <Link className={buttonClass('primary')} to={paths.payments.openInvoice}>
                  Pagar fatura em aberto
                </Link>
              )}
              <AdvanceLink nCtrId={c.nCtrId} />
            </div>
          )}
        </section>
        <section className="card" aria-labelledby="pix-automatico">
          <h2 id="pix-automatico">Pix Automático</h2>
          <p>A mensalidade debitada da sua conta no vencimento, sem pagar fatura por fatura. Você autoriza uma vez no app do seu banco.</p>
          <p className="links">
            <Link to={paths.payments.pixAutomatico}>Ver Pix Automático</Link>
          </p>
        </section>
      </div>
      {settled && (
        <section className="card" aria-labelledby="historico">
          <h2 id="historico">Histórico de pagamentos</h2>
          {bills.error && !bills.data && <p className="muted">O histórico aparece aqui quando as faturas forem carregadas.</p>}
          {bills.data && bills.data.bills.length === 0 && <p>Nenhuma fatura encontrada.</p>}
          {bills.data && bills.data.bills.length > 0 && historyWanted && (
            // Nothing is below it: when it appears nothing moves.
            <Suspense fallback={null}>
              <PaymentHistory bills={bills.data.bills} />
            </Suspense>
          )}
        </section>
      )}
    </div>
  );
}

export default PaymentsPage;
