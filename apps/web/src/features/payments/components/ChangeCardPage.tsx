import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { CARD_BRAND_LABEL, PAYMENT_MSG, maskCardSummary, type CardOnFileDto, type ContractDto } from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Spinner } from '../../../components/ui/Spinner';
import { useSelectedContract } from '../../../hooks/use-selected-contract';
import { ContractNotFound } from '../../common/components/ContractNotFound';
import { VehicleSelector } from '../../shell/components/VehicleSelector';
import { ChangeCardError, useChangeCard } from '../api/change-card';
import { CardForm, type CardFormValues } from './CardForm';
import { paths } from '../../../lib/paths';

const ADD_PATH = paths.payments.addCard;

/**
 * /pagamentos/cartao and /pagamentos/adicionar-cartao (spec 000 §2 'Change card'): step 1 shows the current
 * card ('**** **** **** ' + last digits) and the form, step 2 the 'Meio de Pagamento' feedback.
 * /pagamentos/cartao shows the card on file and the link 'Adicionar um novo cartão'; /adicionar-cartao opens
 * the form directly. Title 'TROCA DE CARTÃO' on mobile, 'Trocar Cartão' from 768 px (one h1, one visible text).
 */
export function ChangeCardPage() {
  const selected = useSelectedContract();
  const adding = useLocation().pathname === ADD_PATH;

  if (selected.isLoading) return <Spinner />;
  if (selected.error) return <Alert>{selected.error.message}</Alert>;
  if (selected.notFound) return <ContractNotFound />;
  const contract = selected.contract;
  if (!contract) return <Alert kind="info">Você não possui contratos ativos.</Alert>;
  // Another vehicle starts over at step 1.
  return <ChangeCard key={contract.nCtrId} contract={contract} adding={adding} />;
}

type Feedback = { ok: true; card: CardOnFileDto } | { ok: false; message: string };

function ChangeCard({ contract, adding }: { contract: ContractDto; adding: boolean }) {
  const change = useChangeCard(contract.nCtrId);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  // After a failure, what the customer would type the same again; the number and CVV are typed anew.
  const [kept, setKept] = useState<{ validade?: string; nomeTitular?: string }>({});
  const showForm = adding;
  const inFlight = useRef(false);

  const submit = (card: CardFormValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setKept({ validade: `${card.mesExpiracao}/${card.anoExpiracao}`, nomeTitular: card.nomeTitular });
    change.mutate(card, {
      onSuccess: (res) => setFeedback({ ok: true, card: res.conteudo }),
      onError: (err) => setFeedback({ ok: false, message: err instanceof ChangeCardError ? err.message : PAYMENT_MSG.cardChangeException }),
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };

  if (feedback) return <ChangeCardFeedback feedback={feedback} onRetry={() => setFeedback(null)} />;

  return (
    <div className="change-card">
      <PageTitle title="Trocar Cartão">
        <span className="mobile-only">TROCA DE CARTÃO</span>
        <span className="desktop-only">Trocar Cartão</span>
      </PageTitle>
      <VehicleSelector navigateTo={paths.payments.changeCard} />
      <div className={`change-card-layout ${showForm ? 'with-form' : ''}`}>
        <section className="card current-card" aria-labelledby="cartao-atual">
          <h2 id="cartao-atual">Cartão atual</h2>
          {contract.cardSummary && contract.pmCard ? (
            <div className={`credit-card brand-${contract.pmCard}`}>
              <span className="credit-card-brand">{CARD_BRAND_LABEL[contract.pmCard]}</span>
              <span className="credit-card-number">{maskCardSummary(contract.cardSummary)}</span>
            </div>
          ) : (
            <p>Nenhum cartão cadastrado.</p>
          )}
          {!showForm && (
            <p>
              <Link to={ADD_PATH} className="btn btn-secondary add-card-link">
                Adicionar um novo cartão
              </Link>
            </p>
          )}
        </section>
        {showForm && (
          <section className="card new-card" aria-labelledby="novo-cartao">
            <h2 id="novo-cartao">Novo cartão</h2>
            <p className="muted">As próximas mensalidades serão debitadas no cartão informado.</p>
            <CardForm submitLabel="Confirmar troca de cartão" pending={change.isPending} defaultValues={kept} onSubmit={submit} />
          </section>
        )}
      </div>
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
    <div className="change-card">
      <PageTitle>Meio de Pagamento</PageTitle>
      <section className={`card card-feedback ${feedback.ok ? 'feedback-ok' : 'feedback-error'}`} aria-labelledby="resultado-cartao">
        <div className={`result-icon ${feedback.ok ? 'result-icon-ok' : 'result-icon-error'}`} aria-hidden="true">
          {feedback.ok ? '✓' : '!'}
        </div>
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
        <div className="feedback-actions">
          {!feedback.ok && <Button onClick={onRetry}>Tentar novamente</Button>}
          <Link className={`btn ${feedback.ok ? 'btn-primary' : 'btn-secondary'}`} to={paths.payments.pattern}>
            Voltar para pagamentos
          </Link>
        </div>
      </section>
    </div>
  );
}

export default ChangeCardPage;
