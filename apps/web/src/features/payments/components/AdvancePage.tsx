import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import {
  ADVANCE_METHOD_LABEL,
  ADVANCE_METHODS,
  formatIsoDate,
  formatMoney,
  MSG,
  PAYMENT_MSG,
  type AdvanceForecastDto,
  type AdvanceMethod,
  type AdvanceResultDto,
  type ContractId,
} from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { Select } from '../../../components/ui/Select';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Spinner } from '../../../components/ui/Spinner';
import { SelectedContractGuard } from '../../common';
import { ApiError } from '../../../lib/api';
import { VehicleSelector } from '../../shell';
import { useAdvanceForecast } from '../api/get-advance-forecast';
import { useRequestAdvance } from '../api/request-advance';
import { AdvanceUnavailableSheet, isUnavailableReason, unavailableText, type UnavailableReason } from './AdvanceUnavailableSheet';
import { PaymentResultModal } from './PaymentResultModal';
import { ResultIcon, resultStyles } from './ResultIcon';
import { LazyPixCharge, warmPixCharge } from './LazyPixCharge';
import { paths } from '../../../lib/paths';
import { lazyResolver, useOnDemand } from '../../../lib/on-demand';
import styles from './AdvancePage.module.css';

/** The spec's wording for the advance's Pix (000 §2): 'válido por 2 horas'. */
export const ADVANCE_PIX_VALIDITY = 'QR code válido por 2 horas';

/** /antecipacao: 'ANTECIPAÇÃO DE FATURA' for the selected contract. */
export function AdvancePage() {
  return (
    <div className={styles.advance}>
      <PageTitle caps>Antecipação de fatura</PageTitle>
      <VehicleSelector navigateTo={paths.advance} className={styles.selector} />
      <SelectedContractGuard>
        {/* A new contract starts a new request (state, Idempotency-Key and result). */}
        {(c) => <Advance key={c.nCtrId} nCtrId={c.nCtrId} />}
      </SelectedContractGuard>
    </div>
  );
}

export default AdvancePage;

type Outcome =
  | { kind: 'success'; title: string; subtitle: string }
  | { kind: 'link'; title: string; subtitle: string; link: string }
  | { kind: 'error'; title: string; subtitle: string; retry: AdvanceMethod | null };

/** Spec 000 §8, advance messages: the server's message when it sent one, else the generic text. */
export function advanceErrorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return PAYMENT_MSG.advanceOtherError;
  if (err.status === 0) return MSG.connection;
  if (err.code === 'ADVANCE_NO_INVOICES') return PAYMENT_MSG.advanceNoInvoices;
  if (err.code === 'ADVANCE_IN_PROGRESS') return PAYMENT_MSG.advanceInProgress;
  // No service envelope (a proxy's error page): nothing from the server worth showing.
  if (err.code.startsWith('HTTP_') || !err.message) return PAYMENT_MSG.advanceOtherError;
  return err.message;
}

const loadChecks = () => import('./advance-checks');
const resolver = lazyResolver(loadChecks, (c) => c.advanceResolver);

function Advance({ nCtrId }: { nCtrId: ContractId }) {
  const forecast = useAdvanceForecast(nCtrId);
  const navigate = useNavigate();
  const request = useRequestAdvance(nCtrId);
  const selectId = useId();
  // The domain's advanceRequestSchema (advance-checks.ts, loaded on the form's first touch): a method is required,
  // with the spec's message.
  const [checks, warmChecks] = useOnDemand(loadChecks);
  const form = useForm<{ metodoPagamento: string }, unknown, { metodoPagamento: AdvanceMethod }>({
    resolver,
    defaultValues: { metodoPagamento: '' },
  });
  const method = form.watch('metodoPagamento');
  const [confirmPix, setConfirmPix] = useState(false);
  const [sheet, setSheet] = useState<{ motivo: UnavailableReason; dataAgendada: string | null | undefined } | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [shownFor, setShownFor] = useState<AdvanceForecastDto | null>(null);
  const [result, setResult] = useState<AdvanceResultDto | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const f = forecast.data?.conteudo;
  // The forecast already says the sheet's case: show it as soon as the screen opens (once per answer).
  if (forecast.data && forecast.data !== shownFor) {
    setShownFor(forecast.data);
    if (!result && f && !f.elegivel && isUnavailableReason(f.motivo)) {
      setSheet({ motivo: f.motivo, dataAgendada: f.dataAgendada });
      setSheetOpen(true);
    }
  }

  const send = (metodoPagamento: AdvanceMethod) => {
    // A double click sends one request; without an answer (network, 5xx) the request may have been done: a retry reuses the key.
    request.send(metodoPagamento, {
      onSuccess: (r) => {
        setConfirmPix(false);
        if (r.metodoPagamento === 'PI' && r.conteudo.pix) {
          setResult(r);
        } else if (r.metodoPagamento === 'LP' && r.conteudo.link) {
          window.open(r.conteudo.link, '_blank', 'noopener,noreferrer');
          setOutcome({ kind: 'link', title: 'Link de pagamento gerado', subtitle: r.mensagem, link: r.conteudo.link });
        } else {
          setOutcome({ kind: 'success', title: 'Antecipação realizada', subtitle: r.mensagem });
        }
      },
      onError: (err, retryable) => {
        setConfirmPix(false);
        if (err instanceof ApiError && err.code === 'ADVANCE_UNAVAILABLE' && isUnavailableReason(err.detalhes?.motivo)) {
          setSheet({ motivo: err.detalhes.motivo, dataAgendada: err.detalhes.dataAgendada as string | null | undefined });
          setSheetOpen(true);
          void forecast.refetch();
          return;
        }
        setOutcome({
          kind: 'error',
          title: 'Não foi possível solicitar a antecipação',
          subtitle: advanceErrorMessage(err),
          retry: retryable ? metodoPagamento : null,
        });
      },
    });
  };

  const toPayments = () => navigate(paths.payments.pattern);
  const retry = () => {
    if (outcome?.kind !== 'error' || !outcome.retry) return;
    const again = outcome.retry;
    setOutcome(null);
    send(again);
  };

  const submit = form.handleSubmit(({ metodoPagamento }) => {
    if (f && !f.elegivel && isUnavailableReason(f.motivo)) {
      setSheet({ motivo: f.motivo, dataAgendada: f.dataAgendada });
      setSheetOpen(true);
      return;
    }
    if (metodoPagamento === 'PI') {
      warmPixCharge();
      setConfirmPix(true);
    } else send(metodoPagamento);
  });

  const sheetView = sheet && (
    <AdvanceUnavailableSheet open={sheetOpen} motivo={sheet.motivo} dataAgendada={sheet.dataAgendada} onClose={() => setSheetOpen(false)} />
  );

  if (result?.conteudo.pix) {
    return (
      <section className={`card ${styles.advanceResult}`} aria-label="Antecipação por Pix">
        <p className={styles.advanceValue}>
          Valor a antecipar: <strong>{formatMoney(result.conteudo.valor)}</strong>
        </p>
        <LazyPixCharge charge={result.conteudo.pix} nCtrId={nCtrId} validityText={ADVANCE_PIX_VALIDITY} showAmount={false} />
      </section>
    );
  }

  if (forecast.isLoading) return <Spinner label="Verificando faturas para antecipação…" />;
  if (forecast.error || !f) {
    return (
      <section className="card">
        <Alert>{PAYMENT_MSG.advanceCheckFailed}</Alert>
        <Button type="button" variant="secondary" onClick={() => void forecast.refetch()} loading={forecast.isFetching}>
          Tentar novamente
        </Button>
      </section>
    );
  }

  // Which blocks are the sheet and which are plain messages is the domain's rule (showsUnavailableSheet).
  const blockedWithMessage = !f.elegivel && f.motivo !== null && !isUnavailableReason(f.motivo);
  const unavailable = !f.elegivel && isUnavailableReason(f.motivo) ? f.motivo : null;

  return (
    <>
      <section className={`card ${styles.advanceForm}`} aria-labelledby={`${selectId}-valor`}>
        <h2 id={`${selectId}-valor`}>Valor a antecipar</h2>
        <p className={styles.advanceAmount}>{formatMoney(f.valor)}</p>
        {f.docDueDate && f.valor > 0 && <p className="muted">Fatura com vencimento em {formatIsoDate(f.docDueDate)}</p>}

        {blockedWithMessage ? (
          <>
            <Alert kind="info">{f.motivo === 'NO_INVOICES' ? PAYMENT_MSG.advanceNoInvoices : PAYMENT_MSG.advanceInProgress}</Alert>
            <Link to={paths.payments.pattern}>Voltar para pagamentos</Link>
          </>
        ) : (
          <form onSubmit={submit} onFocus={checks ? undefined : warmChecks} onPointerDown={checks ? undefined : warmChecks} noValidate>
            {unavailable && (
              <Alert kind="info">
                {unavailableText(unavailable, f.dataAgendada)}{' '}
                {unavailable === 'OVERDUE_BILLS' && <Link to={paths.payments.openInvoice}>Pagar faturas em atraso</Link>}
              </Alert>
            )}
            <Select
              label="Método de pagamento"
              placeholder="Selecione"
              options={ADVANCE_METHODS.map((m) => ({ value: m, label: ADVANCE_METHOD_LABEL[m] }))}
              error={form.formState.errors.metodoPagamento?.message}
              {...form.register('metodoPagamento')}
            />
            {method === 'CC' && <p className="muted">A cobrança é feita no cartão cadastrado.</p>}
            {method === 'LP' && <p className="muted">O link de pagamento abre em uma nova aba.</p>}
            <Button type="submit" loading={request.isPending && !confirmPix}>
              Solicitar Antecipação
            </Button>
          </form>
        )}
      </section>

      <Modal
        open={confirmPix}
        title="Antecipar com Pix"
        onClose={() => !request.isPending && setConfirmPix(false)}
        actions={
          <>
            <Button type="button" variant="secondary" onClick={() => setConfirmPix(false)} disabled={request.isPending}>
              Cancelar
            </Button>
            <Button type="button" onClick={() => send('PI')} loading={request.isPending}>
              Gerar Pix
            </Button>
          </>
        }
      >
        <p>
          Será gerado um Pix de <strong>{formatMoney(f.valor)}</strong>
          {f.docDueDate ? ` para antecipar a fatura com vencimento em ${formatIsoDate(f.docDueDate)}` : ''}.
        </p>
        <p className={styles.advanceWarning}>
          <strong>{PAYMENT_MSG.advancePixWarning}</strong>
        </p>
      </Modal>

      {outcome?.kind === 'link' ? (
        <Modal
          open
          title={outcome.title}
          tone="success"
          icon={<ResultIcon ok />}
          onClose={toPayments}
          actions={
            <>
              <a className={buttonClass('secondary')} href={outcome.link} target="_blank" rel="noopener noreferrer">
                Abrir link de pagamento
              </a>
              <Button type="button" onClick={toPayments} autoFocus>
                Fechar
              </Button>
            </>
          }
        >
          <p className={resultStyles.subtitle}>{outcome.subtitle}</p>
          <p className={resultStyles.detail}>O link foi aberto em uma nova aba. Se ela não abriu, use o botão abaixo.</p>
        </Modal>
      ) : (
        outcome && (
          <PaymentResultModal
            open
            error={outcome.kind === 'error'}
            title={outcome.title}
            subtitle={outcome.subtitle}
            onClose={toPayments}
            onRetry={outcome.kind === 'error' && outcome.retry ? retry : undefined}
          />
        )
      )}
      {sheetView}
    </>
  );
}
