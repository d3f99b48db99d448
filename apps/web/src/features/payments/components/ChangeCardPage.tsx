import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { CARD_BRAND_LABEL, PAYMENT_MSG, maskCardSummary, type CardOnFileDto } from '@guarita/domain';
import { Button, buttonClass } from '../../../components/ui/Button';
import { PageTitle } from '../../../components/ui/PageTitle';
import { SelectedContractGuard } from '../../common';
import { VehicleSelector } from '../../shell';
import { ChangeCardError, useChangeCard } from '../api/change-card';
import type { KeptCardValues } from './CardForm';
import type { EncryptedCard } from '../card-encryption';
import { CardActionDialog, type CardAction } from './CardActionDialog';
import { Spinner } from '../../../components/ui/Spinner';
import { paths } from '../../../lib/paths';
import { ResultIcon } from './ResultIcon';
import styles from './ChangeCardPage.module.css';
import type { SelectedContractDto } from '../../../hooks/use-selected-contract';

const ADD_PATH = paths.payments.addCard;

/**
 * The form (react-hook-form, react-imask) is not on /pagamentos/cartao's first screen: it loads when the customer
 * heads for 'Adicionar um novo cartão' (pointer over it, focus, tap), and with the page on /adicionar-cartao
 * (app/router.tsx loads both; ADR 025).
 */
const loadCardForm = () => import('./CardForm');
const CardForm = lazy(async () => ({ default: (await loadCardForm()).CardForm }));
const warmCardForm = () => void loadCardForm();

/**
 * /pagamentos/cartao and /pagamentos/adicionar-cartao (spec 000 §2 'Change card'): step 1 shows the current
 * card ('**** **** **** ' + last digits) and the form, step 2 the 'Meio de Pagamento' feedback.
 * /pagamentos/cartao shows the card on file and the link 'Adicionar um novo cartão'; /adicionar-cartao opens
 * the form directly. Title 'TROCA DE CARTÃO' on mobile (upper case as a style), 'Trocar Cartão' from 768 px (one h1, one visible text).
 */
export function ChangeCardPage() {
  const adding = useLocation().pathname === ADD_PATH;
  return (
    <SelectedContractGuard>
      {/* Another vehicle starts over at step 1. */}
      {(contract) => <ChangeCard key={contract.nCtrId} contract={contract} adding={adding} />}
    </SelectedContractGuard>
  );
}

type Feedback = { ok: true; card: CardOnFileDto } | { ok: false; message: string };

function ChangeCard({ contract, adding }: { contract: SelectedContractDto; adding: boolean }) {
  const change = useChangeCard(contract.nCtrId);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  // After a failure, what the customer would type the same again; the number and CVV are typed anew.
  const [kept, setKept] = useState<KeptCardValues>({});
  /** The provider's 3-D Secure step (202), in a dialog until it yields its details. */
  const [action, setAction] = useState<{ gatewayId: string; acao: CardAction } | null>(null);
  const showForm = adding;
  const inFlight = useRef(false);

  const send = (vars: Parameters<typeof change.mutate>[0]) => {
    if (inFlight.current) return;
    inFlight.current = true;
    change.mutate(vars, {
      onSuccess: (res) =>
        'acaoNecessaria' in res ? setAction({ gatewayId: res.gatewayId, acao: res.acao }) : setFeedback({ ok: true, card: res.conteudo }),
      onError: (err) => setFeedback({ ok: false, message: err instanceof ChangeCardError ? err.message : PAYMENT_MSG.cardChangeException }),
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };

  const submit = (card: EncryptedCard, keep: KeptCardValues) => {
    setKept(keep);
    send({ card });
  };

  const actionDone = (detalhes: Record<string, unknown>) => {
    const pending = action;
    setAction(null);
    if (pending) send({ gatewayId: pending.gatewayId, detalhes });
  };

  if (feedback) return <ChangeCardFeedback feedback={feedback} onRetry={() => setFeedback(null)} />;

  return (
    <div className={styles.changeCard}>
      <PageTitle title="Trocar Cartão">
        <span className={`mobile-only ${styles.caps}`}>Troca de cartão</span>
        <span className="desktop-only">Trocar Cartão</span>
      </PageTitle>
      <VehicleSelector navigateTo={paths.payments.changeCard} className={styles.selector} />
      <div className={showForm ? `${styles.changeCardLayout} ${styles.withForm}` : styles.changeCardLayout}>
        <section className="card current-card" aria-labelledby="cartao-atual">
          <h2 id="cartao-atual">Cartão atual</h2>
          {contract.cardSummary && contract.pmCard ? (
            <div className={`${styles.creditCard} brand-${contract.pmCard}`}>
              <span className={styles.creditCardBrand}>{CARD_BRAND_LABEL[contract.pmCard]}</span>
              <span className={styles.creditCardNumber}>{maskCardSummary(contract.cardSummary)}</span>
            </div>
          ) : (
            <p>Nenhum cartão cadastrado.</p>
          )}
          {!showForm && (
            <p>
              <Link
                to={ADD_PATH}
                className={buttonClass('secondary', styles.addCardLink)}
                onPointerEnter={warmCardForm}
                onPointerDown={warmCardForm}
                onFocus={warmCardForm}
              >
                Adicionar um novo cartão
              </Link>
            </p>
          )}
        </section>
        {showForm && (
          <section className={`card ${styles.newCard}`} aria-labelledby="novo-cartao">
            <h2 id="novo-cartao">Novo cartão</h2>
            <p className="muted">As próximas mensalidades serão debitadas no cartão informado.</p>
            <Suspense fallback={<Spinner />}>
              <CardForm
                submitLabel="Confirmar troca de cartão"
                pending={change.isPending || action !== null}
                defaultValues={kept}
                onSubmit={submit}
              />
            </Suspense>
          </section>
        )}
      </div>
      {action && (
        <CardActionDialog
          action={action.acao}
          onDetails={actionDone}
          onCancel={() => {
            setAction(null);
            setFeedback({ ok: false, message: `${PAYMENT_MSG.cardChangeFailed} ${PAYMENT_MSG.card3dsFailed}` });
          }}
        />
      )}
      <p>
        <Link to={paths.payments.pattern}>Voltar para pagamentos</Link>
      </p>
    </div>
  );
}

/** Step 2, 'Meio de Pagamento': the outcome, with focus moved to it so it is read out. */
function ChangeCardFeedback({ feedback, onRetry }: { feedback: Feedback; onRetry: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={styles.changeCard}>
      <PageTitle>Meio de Pagamento</PageTitle>
      <section
        className={`card ${styles.cardFeedback} ${feedback.ok ? styles.feedbackOk : styles.feedbackError}`}
        aria-labelledby="resultado-cartao"
      >
        <ResultIcon ok={feedback.ok} />
        <h2 id="resultado-cartao" ref={heading} tabIndex={-1}>
          {feedback.ok ? PAYMENT_MSG.cardChanged : PAYMENT_MSG.cardChangeFailedTitle}
        </h2>
        {feedback.ok ? (
          <>
            <p>{PAYMENT_MSG.cardChangedText}</p>
            <p className="card-on-file">
              <span className="card-brand">{feedback.card.bandeira}</span> <span className="card-digits">{feedback.card.mascarado}</span>
            </p>
          </>
        ) : (
          <p>{feedback.message}</p>
        )}
        <div className={styles.feedbackActions}>
          {!feedback.ok && <Button onClick={onRetry}>Tentar novamente</Button>}
          <Link className={buttonClass(feedback.ok ? 'primary' : 'secondary')} to={paths.payments.pattern}>
            Voltar para pagamentos
          </Link>
        </div>
      </section>
    </div>
  );
}

export default ChangeCardPage;
