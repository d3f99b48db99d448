import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
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
import { ApiError } from '../../../lib/api';
import { checksError, lazyResolver, useOnDemand } from '../../../lib/on-demand';
import { useRequestAdvance } from '../api/request-advance';
import { isUnavailableReason, type UnavailableReason } from './advance-unavailable';
import { ADVANCE_METHOD_OPTIONS, MethodHint, type AdvanceDraft } from './advance-draft';
import { PaymentResultModal } from './PaymentResultModal';
import { ResultIcon, resultStyles } from './ResultIcon';
import { LazyPixCharge, warmPixCharge } from './LazyPixCharge';
import { paths } from '../../../lib/paths';
import styles from './AdvanceForm.module.css';

/**
 * The advance form and what follows it (the Pix confirmation, the result, the Pix charge): a module of its own,
 * loaded once the forecast is on the screen or at the first touch of the form, not with the page (ADR 025,
 * seventh pass). Until it arrives `AdvancePage` shows the same form without its code; what the customer did there
 * (`AdvanceDraft`: the method chosen, the focus, 'Solicitar Antecipação' tapped) carries over.
 */

/** The spec's wording for the advance's Pix (000 §2): 'válido por 2 horas'. */
export const ADVANCE_PIX_VALIDITY = 'QR code válido por 2 horas';

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

interface Props {
  nCtrId: ContractId;
  forecast: AdvanceForecastDto['conteudo'];
  /** What was done in the form before this module arrived. */
  draft: RefObject<AdvanceDraft>;
  /** The 'Antecipação não disponível' reason, shown above the method. */
  notice: ReactNode;
  onUnavailable: (motivo: UnavailableReason, dataAgendada: string | null | undefined) => void;
  onPix: (result: AdvanceResultDto) => void;
  refetchForecast: () => void;
}

export function AdvanceForm({ nCtrId, forecast: f, draft, notice, onUnavailable, onPix, refetchForecast }: Props) {
  const navigate = useNavigate();
  const request = useRequestAdvance(nCtrId);
  // The domain's advanceRequestSchema (advance-checks.ts, loaded on the form's first touch): a method is required,
  // with the spec's message.
  const [checks, warmChecks] = useOnDemand(loadChecks);
  const form = useForm<{ metodoPagamento: string }, unknown, { metodoPagamento: AdvanceMethod }>({
    resolver,
    defaultValues: { metodoPagamento: draft.current.method },
  });
  const method = form.watch('metodoPagamento');
  const submitButton = useRef<HTMLButtonElement>(null);
  const [confirmPix, setConfirmPix] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const send = (metodoPagamento: AdvanceMethod) => {
    // A double click sends one request; without an answer (network, 5xx) the request may have been done: a retry reuses the key.
    request.send(metodoPagamento, {
      onSuccess: (r) => {
        setConfirmPix(false);
        if (r.metodoPagamento === 'PI' && r.conteudo.pix) {
          onPix(r);
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
          onUnavailable(err.detalhes.motivo, err.detalhes.dataAgendada as string | null | undefined);
          refetchForecast();
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
    if (!f.elegivel && isUnavailableReason(f.motivo)) {
      onUnavailable(f.motivo, f.dataAgendada);
      return;
    }
    if (metodoPagamento === 'PI') {
      warmPixCharge();
      setConfirmPix(true);
    } else send(metodoPagamento);
  });

  // Takes over from the form shown before this module: the method chosen there (also one chosen after this form had
  // rendered with the draft, before it replaced that form), the focus where it was (it left with the old elements),
  // and a tap on 'Solicitar Antecipação' made meanwhile is this form's submit. Once: the draft is spent.
  const takeOver = useRef(submit);
  takeOver.current = submit;
  useEffect(() => {
    const d = draft.current;
    if (d.method && form.getValues('metodoPagamento') !== d.method) form.setValue('metodoPagamento', d.method);
    const focusLost = !document.activeElement || document.activeElement === document.body;
    if (d.focus === 'method' && focusLost) form.setFocus('metodoPagamento');
    if (d.focus === 'submit' && focusLost) submitButton.current?.focus();
    if (d.focus || d.submitted || d.method) warmChecks();
    if (d.submitted) void takeOver.current();
    d.submitted = false;
    d.focus = null;
  }, [draft, form, warmChecks]);

  return (
    <>
      <form onSubmit={submit} onFocus={checks ? undefined : warmChecks} onPointerDown={checks ? undefined : warmChecks} noValidate>
        {notice}
        <Select
          label="Método de pagamento"
          placeholder="Selecione"
          options={ADVANCE_METHOD_OPTIONS}
          error={form.formState.errors.metodoPagamento?.message}
          {...form.register('metodoPagamento')}
        />
        <MethodHint method={method} />
        {checksError(form.formState.errors) && <Alert>{checksError(form.formState.errors)}</Alert>}
        <Button ref={submitButton} type="submit" loading={request.isPending && !confirmPix}>
          Solicitar Antecipação
        </Button>
      </form>

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
    </>
  );
}

/** The Pix the advance generated, in place of the form. */
export function AdvancePix({ result, nCtrId }: { result: AdvanceResultDto; nCtrId: ContractId }) {
  if (!result.conteudo.pix) return null;
  return (
    <section className={`card ${styles.advanceResult}`} aria-label="Antecipação por Pix">
      <p className={styles.advanceValue}>
        Valor a antecipar: <strong>{formatMoney(result.conteudo.valor)}</strong>
      </p>
      <LazyPixCharge charge={result.conteudo.pix} nCtrId={nCtrId} validityText={ADVANCE_PIX_VALIDITY} showAmount={false} />
    </section>
  );
}
