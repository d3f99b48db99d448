import { lazy, Suspense, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { formatIsoDate, formatMoney, billTotal, MSG, PAYMENT_MSG, type ContractId, type PixConteudoDto } from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button, buttonClass } from '../../../components/ui/Button';
import { RadioGroup } from '../../../components/ui/RadioGroup';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Skeleton } from '../../../components/ui/Skeleton';
import { Spinner } from '../../../components/ui/Spinner';
import { QueryError } from '../../../components/ui/QueryError';
import { SelectedContractGuard } from '../../common';
import { ApiError } from '../../../lib/api';
import { useCreatePix } from '../api/create-pix';
import { usePaymentsSummary } from '../api/get-payments-summary';
import { PaymentResultModal } from './PaymentResultModal';
import { LazyPixCharge, warmPixCharge } from './LazyPixCharge';
import { OverdueExplanation } from './OpenTotal';
import type { PayMethodState } from './OverdueBanner';
import { paths } from '../../../lib/paths';

// The card form (react-hook-form, zod, react-imask) loads when the customer picks the card, not with the page (ADR 025).
const PayWithCard = lazy(() => import('./PayWithCard'));
import styles from './PayOpenInvoicePage.module.css';

/** Spec 000 §8: a Pix for bills already in an open negotiation is recognised by this part of the message. */
const NEGOTIATION_OPEN = 'faz parte de uma negociação em aberto';

type Method = 'card' | 'pix';

/** /pagamentos/fatura-em-aberto: 'PAGAMENTO DE FATURA' for the selected contract's overdue bills, by card or Pix. */
export function PayOpenInvoicePage() {
  return (
    <div className={styles.payInvoice}>
      <PageTitle caps>Pagamento de fatura</PageTitle>
      <SelectedContractGuard>
        {(c, selected) => {
          const vehicle = selected.options.find((o) => o.nCtrId === c.nCtrId)?.label;
          return (
            <>
              {vehicle && <p className={`${styles.payInvoiceVehicle} muted`}>Veículo: {vehicle}</p>}
              <PayOpenInvoice key={c.nCtrId} nCtrId={c.nCtrId} />
            </>
          );
        }}
      </SelectedContractGuard>
    </div>
  );
}

export default PayOpenInvoicePage;

type Failure = { kind: 'negotiation' } | { kind: 'error'; message: string; retry: boolean };

function PayOpenInvoice({ nCtrId }: { nCtrId: ContractId }) {
  const navigate = useNavigate();
  const summary = usePaymentsSummary(nCtrId);
  const createPix = useCreatePix(nCtrId);
  const groupId = useId();
  // 'Pagar com Pix' / 'Pagar com cartão' on the start page choose the method on the way here.
  const chosen = (useLocation().state as PayMethodState)?.method;
  const [method, setMethod] = useState<Method | null>(chosen ?? null);
  const [pix, setPix] = useState<PixConteudoDto | null>(null);
  const [dismissedTxid, setDismissedTxid] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [bills, setBills] = useState<{ key: string; faturas: number[]; valorTotal: number } | null>(null);

  const data = summary.data;
  // An open Pix for these bills is shown at once (a reload keeps it); once shown it stays, even when paid.
  if (data?.pixEmAberto && !pix && data.pixEmAberto.txid !== dismissedTxid) setPix(data.pixEmAberto);
  // The bills being paid: kept while a payment's result is on screen, even after the summary says they are paid.
  if (data && data.faturasEmAberto.length > 0) {
    const faturas = data.faturasEmAberto.map((b) => b.docEntry);
    const key = `${faturas.join(',')}:${data.totalEmAberto}`;
    if (bills?.key !== key) setBills({ key, faturas, valorTotal: data.totalEmAberto });
  }

  const generatePix = () => {
    if (!bills) return;
    warmPixCharge();
    // A double click creates one charge; a retry after no answer (network, 5xx) reuses this attempt's key.
    createPix.send(
      { faturas: bills.faturas, valorTotal: bills.valorTotal },
      {
        onSuccess: (r) => setPix(r.conteudo),
        onError: (err, retry) => {
          if (err instanceof ApiError && (err.code === 'PIX_NEGOTIATION_OPEN' || err.message.includes(NEGOTIATION_OPEN))) {
            setFailure({ kind: 'negotiation' });
            return;
          }
          if (err instanceof ApiError && (err.code === 'AMOUNT_CHANGED' || err.code === 'BILL_NOT_OPEN')) void summary.refetch();
          const message = err instanceof ApiError ? (err.status === 0 ? MSG.connection : err.message) : MSG.unexpected;
          setFailure({ kind: 'error', message, retry });
        },
      },
    );
  };

  const restart = () => {
    if (pix) setDismissedTxid(pix.txid);
    setPix(null);
    setMethod(null);
    void summary.refetch();
  };

  const toPayments = () => navigate(paths.payments.pattern);

  if (summary.isLoading) return <Skeleton shape="block" label="Carregando faturas em aberto…" />;
  if (summary.error || !data) {
    return (
      <section className="card">
        <QueryError error={summary.error} onRetry={summary.refetch} retrying={summary.isFetching} />
      </section>
    );
  }

  const nothingOpen = data.faturasEmAberto.length === 0;

  return (
    <>
      <section className={`card ${styles.payInvoiceTotal}`} aria-label="Faturas em aberto">
        <p className="total-open">
          Total em aberto: <strong className={data.totalEmAberto > 0 ? 'text-danger' : ''}>{formatMoney(data.totalEmAberto)}</strong>
        </p>
        <OverdueExplanation bills={data.faturasEmAberto} />
        {!nothingOpen && !pix && (
          <ul className={styles.openBills}>
            {data.faturasEmAberto.map((b) => (
              <li key={b.docEntry}>
                Vencimento {formatIsoDate(b.docDueDate)} ·{' '}
                <span className="nowrap">{formatMoney(billTotal({ ...b, idStatus: b.billStatus.idStatus }))}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {pix ? (
        <section className="card">
          <h2>Pagamento por Pix</h2>
          <LazyPixCharge charge={pix} nCtrId={nCtrId} validityText={PAYMENT_MSG.pixValidity} onRestart={restart} />
        </section>
      ) : nothingOpen && !(method === 'card' && bills) ? (
        <section className={`card ${styles.payInvoiceEmpty}`}>
          <Alert kind="info">Você não possui faturas em aberto.</Alert>
          <Link className={buttonClass('secondary')} to={paths.payments.pattern}>
            Voltar para pagamentos
          </Link>
        </section>
      ) : (
        <>
          <RadioGroup
            variant="tiles"
            className="card"
            legend="Forma de pagamento"
            name={`${groupId}-method`}
            value={method}
            onChange={setMethod}
            options={[
              { value: 'card', label: 'Cartão de Crédito' },
              { value: 'pix', label: 'Pix' },
            ]}
          />

          {method === 'card' && bills && (
            <Suspense fallback={<Spinner />}>
              <PayWithCard nCtrId={nCtrId} faturas={bills.faturas} valorTotal={bills.valorTotal} />
            </Suspense>
          )}

          {method === 'pix' && bills && (
            <section className={`card ${styles.pixConfirm}`} aria-label="Confirmar Pix">
              <p>
                Será gerado um Pix de <strong>{formatMoney(bills.valorTotal)}</strong> para pagar{' '}
                {bills.faturas.length === 1 ? 'a fatura em aberto' : `as ${bills.faturas.length} faturas em aberto`}.
              </p>
              <Button type="button" onClick={generatePix} loading={createPix.isPending}>
                Gerar Pix
              </Button>
            </section>
          )}
        </>
      )}

      <PaymentResultModal
        open={failure?.kind === 'negotiation'}
        error
        support={false}
        title={PAYMENT_MSG.pixInNegotiation}
        subtitle="Conclua ou aguarde a negociação em andamento antes de gerar um novo pagamento."
        primaryLabel="Continuar"
        onClose={toPayments}
      />
      <PaymentResultModal
        open={failure?.kind === 'error'}
        error
        title="Não foi possível gerar o Pix"
        subtitle={failure?.kind === 'error' ? failure.message : undefined}
        onClose={toPayments}
        onRetry={
          failure?.kind === 'error' && failure.retry
            ? () => {
                setFailure(null);
                generatePix();
              }
            : undefined
        }
      />
    </>
  );
}
