import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { PAYMENT_MSG, formatMoney } from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { clearSession } from '../../../lib/session';
import { usePaymentsSummary } from '../api/get-payments-summary';
import { useAfterPayment } from '../api/after-payment';
import { completeCardAction, usePayByCard, type CardPaymentOutcome, type CardPaymentRequest } from '../api/pay-by-card';
import type { EncryptedCard } from '../card-encryption';
import { CardActionDialog, type CardAction } from './CardActionDialog';
import { CardForm, type KeptCardValues } from './CardForm';
import { PaymentResultModal, type PaymentResultModalProps } from './PaymentResultModal';
import { paths } from '../../../lib/paths';
import styles from './PayWithCard.module.css';
import type { ContractId } from '@guarita/domain';

export interface PayWithCardProps {
  nCtrId: ContractId;
  /** docEntry of the bills being paid (the open, 'I', ones). */
  faturas: number[];
  /** The total the customer sees, in cents. */
  valorTotal: number;
}

/** How long 'Sessão expirada. Redirecionando para login...' stays before storage is cleared and '/' opens. */
export const SESSION_EXPIRED_REDIRECT_MS = 2500;

type Result = Omit<PaymentResultModalProps, 'open' | 'onClose'> & { then: 'payments' | 'stay' | 'login' };

/**
 * Pay the open invoice by card (spec 000 §2 'Pay open invoice', card branch): the card on file with
 * 'Trocar cartão' and 'Confirmar pagamento', or a new card typed in place (terms required). Each payment
 * attempt has one Idempotency-Key, reused when the same attempt is retried (no answer, gateway down), so a
 * double click, a retry or a StrictMode re-render never charges twice. The outcomes of 000 §8 are shown in
 * the result modal; success closes to /pagamentos. The host page must keep this mounted until the modal closes.
 */
export function PayWithCard({ nCtrId, faturas, valorTotal }: PayWithCardProps) {
  const formId = useId();
  const navigate = useNavigate();
  const afterPayment = useAfterPayment(nCtrId);
  const summary = usePaymentsSummary(nCtrId);
  const pay = usePayByCard();
  const [changing, setChanging] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [keptForRetry, setKeptForRetry] = useState<KeptCardValues & { termsAccepted?: boolean }>({});
  /** A 3-D Secure step the provider asked for (202), shown in a dialog until it yields its details. */
  const [action, setAction] = useState<{ gatewayId: string; acao: CardAction } | null>(null);
  const [completing, setCompleting] = useState(false);
  /** Whether the attempt on screen typed a new card (the success text then says it became the card on file). */
  const newCard = useRef(false);
  const logoutTimer = useRef<number | undefined>(undefined);

  // Leaving the page while 'Sessão expirada' is on screen still ends the session.
  useEffect(
    () => () => {
      if (logoutTimer.current === undefined) return;
      window.clearTimeout(logoutTimer.current);
      clearSession();
    },
    [],
  );

  const cartao = summary.data?.cartao ?? null;
  const sellerMissing = summary.data !== undefined && !summary.data.possuiVendedor;
  const showForm = changing || (summary.data !== undefined && cartao === null);
  const busy = pay.isPending || completing || action !== null;

  const leaveToLogin = () => {
    window.clearTimeout(logoutTimer.current);
    logoutTimer.current = undefined;
    clearSession();
    navigate(paths.home, { replace: true });
  };

  const show = (outcome: CardPaymentOutcome) => {
    switch (outcome.kind) {
      case 'action':
        setAction({ gatewayId: outcome.gatewayId, acao: outcome.acao });
        return;
      case 'success': {
        const mensagem = outcome.result.mensagem || PAYMENT_MSG.paymentSuccess;
        const { valor, cardSummary } = outcome.result.conteudo;
        const paid = `${formatMoney(valor)} no cartão final ${cardSummary}.`;
        setResult(
          newCard.current
            ? {
                title: PAYMENT_MSG.paymentConfirmed,
                subtitle: `${mensagem} ${paid}`,
                detail: PAYMENT_MSG.cardChangedText,
                error: false,
                primaryLabel: 'Continuar',
                then: 'payments',
              }
            : { title: mensagem, subtitle: paid, error: false, primaryLabel: 'Continuar', then: 'payments' },
        );
        return;
      }
      case 'failed':
        setResult({
          title: PAYMENT_MSG.paymentFailedTitle,
          subtitle: PAYMENT_MSG.paymentFailedText,
          detail: outcome.mensagem ?? undefined,
          error: true,
          then: 'stay',
        });
        return;
      case 'undecodable':
        setResult({ title: PAYMENT_MSG.paymentUndecodableTitle, subtitle: PAYMENT_MSG.paymentUndecodableText, error: true, then: 'stay' });
        return;
      case 'session-expired':
        setResult({
          title: PAYMENT_MSG.paymentSessionExpired,
          error: true,
          support: false,
          primaryLabel: 'Ir para o login',
          then: 'login',
        });
        window.clearTimeout(logoutTimer.current);
        logoutTimer.current = window.setTimeout(leaveToLogin, SESSION_EXPIRED_REDIRECT_MS);
        return;
      case 'error':
        setResult({
          title: PAYMENT_MSG.paymentOtherError,
          subtitle: 'Verifique sua conexão e tente novamente. Se a cobrança já tiver sido feita, ela não será repetida.',
          error: true,
          onRetry: retry,
          then: 'stay',
        });
        return;
    }
  };

  /** A new attempt gets a new key, unless it is the same request as the unfinished one (then it is its retry). */
  const start = (body: CardPaymentRequest, withNewCard: boolean) => {
    if (sellerMissing) return;
    if (pay.send({ nCtrId, body }, { onSuccess: show })) newCard.current = withNewCard;
  };

  function retry() {
    setResult(null);
    pay.retry({ onSuccess: show });
  }

  const baseBody = (): CardPaymentRequest => ({ ...(faturas.length > 0 ? { faturas } : {}), valorTotal });

  const payWithNewCard = (card: EncryptedCard, kept: KeptCardValues) => {
    setKeptForRetry({ ...kept, termsAccepted: true });
    start({ ...baseBody(), dadosDoCartao: card }, true);
  };

  /** The provider's 3-D Secure step is done: our API asks the provider for the outcome. */
  const actionDone = (details: Record<string, unknown>) => {
    const pending = action;
    setAction(null);
    if (!pending) return;
    setCompleting(true);
    void completeCardAction(nCtrId, pending.gatewayId, details)
      .then(show)
      .finally(() => setCompleting(false));
  };

  /** Closed without finishing: the payment is not made (the provider's challenge expires); the customer may try again. */
  const actionCancelled = () => {
    setAction(null);
    show({ kind: 'failed', status: 402, code: 'CARD_DECLINED', mensagem: PAYMENT_MSG.card3dsFailed });
  };

  const close = () => {
    const then = result?.then;
    setResult(null);
    if (then === 'login') return leaveToLogin();
    afterPayment(then !== 'payments');
    if (then === 'payments') navigate(paths.payments.pattern);
    else if (showForm) setFormKey((k) => k + 1); // a failed new card: type the number and CVV again
  };

  const { then: _then, ...modalProps }: Result = result ?? { title: '', error: false, then: 'stay' };

  if (summary.isLoading) return <Spinner />;
  if (summary.error) return <Alert>{summary.error.message}</Alert>;

  return (
    <section className={`card ${styles.payWithCard}`} aria-labelledby={`${formId}-title`}>
      <h2 id={`${formId}-title`}>Pagamento com cartão de crédito</h2>
      {sellerMissing && <Alert>{PAYMENT_MSG.sellerCodeMissing}</Alert>}
      <p className={styles.payAmount}>
        Valor a pagar: <strong>{formatMoney(valorTotal)}</strong>
      </p>
      <div className={styles.payCardOnFile}>
        {cartao ? (
          <p className="card-on-file">
            <span className="card-brand">{cartao.bandeira}</span> <span className="card-digits">{cartao.mascarado}</span>
          </p>
        ) : (
          <p>Nenhum cartão cadastrado. Informe os dados de um cartão para pagar.</p>
        )}
        {cartao && (
          <Button
            variant="link"
            type="button"
            aria-expanded={changing}
            aria-controls={formId}
            onClick={() => setChanging((c) => !c)}
            disabled={busy}
          >
            Trocar cartão
          </Button>
        )}
      </div>
      {showForm ? (
        <div id={formId} className={styles.payNewCard}>
          <CardForm
            key={formKey}
            submitLabel="Confirmar pagamento"
            requireTerms
            pending={busy}
            defaultValues={keptForRetry}
            disabled={sellerMissing}
            onSubmit={payWithNewCard}
          >
            {cartao && (
              <Button variant="secondary" type="button" onClick={() => setChanging(false)} disabled={busy}>
                Usar o cartão cadastrado
              </Button>
            )}
          </CardForm>
        </div>
      ) : (
        <div className={styles.payActions}>
          <Button onClick={() => start(baseBody(), false)} loading={busy} disabled={sellerMissing || !cartao}>
            Confirmar pagamento
          </Button>
        </div>
      )}
      {action && <CardActionDialog action={action.acao} onDetails={actionDone} onCancel={actionCancelled} />}
      <PaymentResultModal open={result !== null} {...modalProps} onClose={close} />
    </section>
  );
}

export default PayWithCard;
