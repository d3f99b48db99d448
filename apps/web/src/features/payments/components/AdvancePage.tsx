import { lazy, Suspense, useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import {
  formatIsoDate,
  formatMoney,
  MSG,
  PAYMENT_MSG,
  type AdvanceForecastDto,
  type AdvanceResultDto,
  type ContractId,
} from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Select } from '../../../components/ui/Select';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Spinner } from '../../../components/ui/Spinner';
import { SelectedContractGuard } from '../../common';
import { VehicleSelector } from '../../shell';
import { useAdvanceForecast } from '../api/get-advance-forecast';
import { isUnavailableReason, unavailableText, type UnavailableReason } from './advance-unavailable';
import { ADVANCE_METHOD_OPTIONS, MethodHint, type AdvanceDraft } from './advance-draft';
import { useOnDemand } from '../../../lib/on-demand';
import { useAfterPaint } from '../../../lib/use-after-paint';
import { paths } from '../../../lib/paths';
import styles from './AdvancePage.module.css';

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

// The first screen is the forecast (the amount, the due date, why it cannot be advanced); the form's code
// (react-hook-form, the request, the Pix confirmation and the results) comes once it is painted, or at the first
// touch of the form shown meanwhile; the sheet when it is shown (ADR 025, seventh pass).
const loadForm = () => import('./AdvanceForm');
const UnavailableSheet = lazy(() => import('./AdvanceUnavailableSheet'));

type Forecast = AdvanceForecastDto['conteudo'];

/** Which blocks are the sheet and which are plain messages is the domain's rule (showsUnavailableSheet). */
const blockedWithMessage = (f: Forecast) => !f.elegivel && f.motivo !== null && !isUnavailableReason(f.motivo);

function Advance({ nCtrId }: { nCtrId: ContractId }) {
  const forecast = useAdvanceForecast(nCtrId);
  const selectId = useId();
  const [formModule, warmForm] = useOnDemand(loadForm);
  // The form shown before the code is in use: the code's form waits (see FormBeforeCode).
  const [beforeCodeBusy, setBeforeCodeBusy] = useState(false);
  const draft = useRef<AdvanceDraft>({ method: '', focus: null, submitted: false });
  const [sheet, setSheet] = useState<{ motivo: UnavailableReason; dataAgendada: string | null | undefined } | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [shownFor, setShownFor] = useState<AdvanceForecastDto | null>(null);
  const [result, setResult] = useState<AdvanceResultDto | null>(null);

  const f = forecast.data?.conteudo;
  // The forecast already says the sheet's case: show it as soon as the screen opens (once per answer).
  if (forecast.data && forecast.data !== shownFor) {
    setShownFor(forecast.data);
    if (!result && f && !f.elegivel && isUnavailableReason(f.motivo)) {
      setSheet({ motivo: f.motivo, dataAgendada: f.dataAgendada });
      setSheetOpen(true);
    }
  }

  const formWanted = useAfterPaint(f !== undefined && !blockedWithMessage(f));
  useEffect(() => {
    if (formWanted) warmForm();
  }, [formWanted, warmForm]);

  const showSheet = useCallback((motivo: UnavailableReason, dataAgendada: string | null | undefined) => {
    setSheet({ motivo, dataAgendada });
    setSheetOpen(true);
  }, []);
  const refetch = forecast.refetch;
  const refetchForecast = useCallback(() => void refetch(), [refetch]);

  if (result?.conteudo.pix && formModule) return <formModule.AdvancePix result={result} nCtrId={nCtrId} />;

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

  const unavailable = !f.elegivel && isUnavailableReason(f.motivo) ? f.motivo : null;
  const notice = unavailable && (
    <Alert kind="info">
      {unavailableText(unavailable, f.dataAgendada)}{' '}
      {unavailable === 'OVERDUE_BILLS' && <Link to={paths.payments.openInvoice}>Pagar faturas em atraso</Link>}
    </Alert>
  );

  return (
    <>
      <section className={`card ${styles.advanceForm}`} aria-labelledby={`${selectId}-valor`}>
        <h2 id={`${selectId}-valor`}>Valor a antecipar</h2>
        <p className={styles.advanceAmount}>{formatMoney(f.valor)}</p>
        {f.docDueDate && f.valor > 0 && <p className="muted">Fatura com vencimento em {formatIsoDate(f.docDueDate)}</p>}

        {blockedWithMessage(f) ? (
          <>
            <Alert kind="info">{f.motivo === 'NO_INVOICES' ? PAYMENT_MSG.advanceNoInvoices : PAYMENT_MSG.advanceInProgress}</Alert>
            <Link to={paths.payments.pattern}>Voltar para pagamentos</Link>
          </>
        ) : formModule && !beforeCodeBusy ? (
          <formModule.AdvanceForm
            nCtrId={nCtrId}
            forecast={f}
            draft={draft}
            notice={notice}
            onUnavailable={showSheet}
            onPix={setResult}
            refetchForecast={refetchForecast}
          />
        ) : (
          <FormBeforeCode draft={draft} notice={notice} warm={warmForm} onBusy={setBeforeCodeBusy} />
        )}
      </section>

      {sheet && (
        <Suspense fallback={null}>
          <UnavailableSheet open={sheetOpen} motivo={sheet.motivo} dataAgendada={sheet.dataAgendada} onClose={() => setSheetOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * The advance form as it looks, before its code has arrived: touching it brings the code, and what is done in it
 * (the method, where the focus is, a tap on 'Solicitar Antecipação') is kept in `draft`, where `AdvanceForm` takes
 * it over. It says it is busy while the focus is in it or a pointer is pressed on it (and no submit is held): taking
 * it away then would close an open select list, or drop the click of a tap under way.
 */
function FormBeforeCode({
  draft,
  notice,
  warm,
  onBusy,
}: {
  draft: RefObject<AdvanceDraft>;
  notice: ReactNode;
  warm: () => void;
  onBusy: (busy: boolean) => void;
}) {
  const ref = useRef<HTMLFormElement>(null);
  const [method, setMethod] = useState(draft.current.method);
  const [notReady, setNotReady] = useState(false);
  const use = useRef({ focused: false, pressed: false });
  const report = () => onBusy((use.current.focused || use.current.pressed) && !draft.current.submitted);
  useLayoutEffect(() => {
    const form = ref.current;
    const d = draft.current;
    // Runs as AdvanceForm replaces this form, before these elements leave the page: which one had the focus.
    return () => {
      const active = document.activeElement;
      if (form && active && form.contains(active)) d.focus = active instanceof HTMLSelectElement ? 'method' : 'submit';
    };
  }, [draft]);
  const release = useRef<() => void>(undefined);
  useEffect(() => () => release.current?.(), []);
  const pressed = () => {
    warm();
    use.current.pressed = true;
    report();
    // Until the press has ended in its click (listened to after the form's own handlers), or was dropped.
    release.current?.();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      window.removeEventListener('click', done);
      window.removeEventListener('pointercancel', done);
      window.removeEventListener('pointerup', later);
      clearTimeout(timer);
    };
    const done = () => {
      stop();
      release.current = undefined;
      use.current.pressed = false;
      report();
    };
    const later = () => {
      timer = setTimeout(done, 500);
    };
    window.addEventListener('click', done);
    window.addEventListener('pointercancel', done);
    window.addEventListener('pointerup', later);
    release.current = stop;
  };
  return (
    <form
      ref={ref}
      onSubmit={(e) => {
        e.preventDefault();
        draft.current.submitted = true;
        report();
        warm();
        // The code could not be loaded (the connection dropped): say so, as a form whose checks could not be loaded
        // does, and drop the held tap (it is not sent later by itself); the next tap asks again.
        loadForm().then(
          () => setNotReady(false),
          () => {
            draft.current.submitted = false;
            setNotReady(true);
            report();
          },
        );
      }}
      onFocus={() => {
        warm();
        use.current.focused = true;
        report();
      }}
      onBlur={(e) => {
        if (e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget)) return;
        use.current.focused = false;
        report();
      }}
      onPointerDown={pressed}
      noValidate
    >
      {notice}
      <Select
        label="Método de pagamento"
        placeholder="Selecione"
        options={ADVANCE_METHOD_OPTIONS}
        name="metodoPagamento"
        value={method}
        onChange={(e) => {
          draft.current.method = e.target.value;
          setMethod(e.target.value);
        }}
      />
      <MethodHint method={method} />
      {notReady && <Alert>{MSG.formNotReady}</Alert>}
      <Button type="submit">Solicitar Antecipação</Button>
    </form>
  );
}
