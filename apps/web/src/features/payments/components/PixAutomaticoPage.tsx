import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  RECURRENCE_LABEL,
  formatIsoDate,
  formatMoney,
  pixAutomaticoAuthoriseSchema,
  type PixAutomaticoAuthoriseInput,
  type PixAutomaticoDto,
} from '@guarita/domain';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Checkbox';
import { Modal } from '../../../components/ui/Modal';
import { QueryError } from '../../../components/ui/QueryError';
import { Skeleton } from '../../../components/ui/Skeleton';
import { Spinner } from '../../../components/ui/Spinner';
import { apiErrorText } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { SelectedContractGuard } from '../../common';
import { VehicleSelector } from '../../shell';
import type { SelectedContractDto } from '../../../hooks/use-selected-contract';
import { useAuthorisePixAutomatico, useCancelPixAutomatico, usePixAutomatico, usePixAutomaticoSettled } from '../api/pix-automatico';
import { RecurrenceQr } from './RecurrenceQr';
import styles from './PixAutomaticoPage.module.css';

const FAILED = 'Não foi possível concluir agora. Tente novamente em instantes.';

/** /pagamentos/pix-automatico (issue 27 item 6): authorise the monthly fee's Pix Automático, follow it, cancel it. */
export function PixAutomaticoPage() {
  return <SelectedContractGuard>{(contract) => <PixAutomatico c={contract} />}</SelectedContractGuard>;
}

function PixAutomatico({ c }: { c: SelectedContractDto }) {
  const q = usePixAutomatico(c.nCtrId);
  const rec = q.data?.recorrencia ?? null;
  return (
    <div className={styles.page}>
      <PageTitle>Pix Automático</PageTitle>
      <VehicleSelector navigateTo={paths.payments.pixAutomatico} className={styles.selector} />
      <section className="card" aria-labelledby="pix-automatico-situacao" aria-busy={q.isLoading}>
        <h2 id="pix-automatico-situacao">Débito automático da mensalidade</h2>
        {q.isLoading ? (
          <Skeleton lines={3} label="Carregando Pix Automático…" />
        ) : q.error || !q.data ? (
          <QueryError error={q.error} onRetry={q.refetch} retrying={q.isFetching} />
        ) : rec && (rec.status === 'CRIADA' || rec.status === 'APROVADA') ? (
          <Live c={c} rec={rec} />
        ) : (
          <Authorise c={c} ended={rec} />
        )}
      </section>
      <p className={styles.back}>
        <Link to={paths.payments.pattern}>Voltar para pagamentos</Link>
      </p>
    </div>
  );
}

function StatusLine({ rec }: { rec: PixAutomaticoDto }) {
  return (
    <p className={styles.status}>
      Situação: <strong className={styles[`status${rec.status}`]}>{RECURRENCE_LABEL[rec.status]}</strong>
    </p>
  );
}

/** No recurrence (or one that ended): what Pix Automático does, the consent and 'Autorizar'. */
function Authorise({ c, ended }: { c: SelectedContractDto; ended: PixAutomaticoDto | null }) {
  const authorise = useAuthorisePixAutomatico(c.nCtrId);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PixAutomaticoAuthoriseInput>({ resolver: zodResolver(pixAutomaticoAuthoriseSchema) });
  return (
    <form noValidate onSubmit={handleSubmit(() => authorise.mutate())} className={styles.form}>
      {ended && <StatusLine rec={ended} />}
      <p>
        Com o Pix Automático, a mensalidade de <strong>{formatMoney(c.monthlyFee)}</strong> do contrato {c.nCtrId} é debitada da sua conta
        no vencimento de cada fatura, sem você precisar pagar uma a uma. Você autoriza uma vez no app do seu banco e pode cancelar quando
        quiser.
      </p>
      <Checkbox
        label={`Autorizo o débito automático mensal de ${formatMoney(c.monthlyFee)} pelo Pix Automático.`}
        {...register('aceite')}
        error={errors.aceite?.message}
      />
      {authorise.error && <Alert>{apiErrorText(authorise.error, FAILED)}</Alert>}
      <Button type="submit" loading={authorise.isPending} className={styles.submit}>
        Autorizar Pix Automático
      </Button>
    </form>
  );
}

/** Waiting for the bank (the QR to approve) or active (the bills debited); both can be cancelled. */
function Live({ c, rec }: { c: SelectedContractDto; rec: PixAutomaticoDto }) {
  const cancel = useCancelPixAutomatico(c.nCtrId);
  const [confirming, setConfirming] = useState(false);
  const settled = usePixAutomaticoSettled(c.nCtrId);
  const paidCount = rec.cobrancas.filter((x) => x.status === 'paid').length;
  const seenPaid = useRef(paidCount);
  useEffect(() => {
    // A debit the bank made while the screen was open: the open total and the history change too.
    if (paidCount > seenPaid.current) settled();
    seenPaid.current = paidCount;
  }, [paidCount, settled]);

  return (
    <div className={styles.live}>
      <StatusLine rec={rec} />
      {rec.status === 'CRIADA' ? (
        <>
          <p>
            Abra o app do seu banco e leia o QR code, ou use o Pix copia e cola, para aprovar o débito automático de{' '}
            <strong>{formatMoney(rec.valor)}</strong> por mês a partir de {formatIsoDate(rec.dataInicial)}.
          </p>
          {rec.pixCopiaECola && <RecurrenceQr payload={rec.pixCopiaECola} amount={rec.valor} />}
          {rec.linkAprovacao && (
            <p className={styles.sandbox}>
              Demonstração: <a href={rec.linkAprovacao}>aprovar no banco de demonstração</a>
            </p>
          )}
          <p className={`${styles.waiting} muted`} role="status">
            <Spinner label="" size="small" /> Aguardando a aprovação no seu banco…
          </p>
        </>
      ) : (
        <>
          <p>
            A mensalidade de <strong>{formatMoney(rec.valor)}</strong> é debitada automaticamente no vencimento de cada nova fatura.
          </p>
          <h3 className={styles.listTitle}>Faturas debitadas pelo Pix Automático</h3>
          {rec.cobrancas.length === 0 ? (
            <p className="muted">Nenhuma fatura ainda. As próximas faturas do contrato aparecem aqui.</p>
          ) : (
            <ul className={styles.charges} aria-live="polite">
              {rec.cobrancas.map((x) => (
                <li key={x.txid}>
                  <span>
                    Fatura com vencimento em {formatIsoDate(x.dataDeVencimento)}: <strong>{formatMoney(x.valor)}</strong>
                  </span>
                  <span className={styles[`charge_${x.status}`]}>{x.statusTexto}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {cancel.error && <Alert>{apiErrorText(cancel.error, FAILED)}</Alert>}
      <Button variant="secondary" onClick={() => setConfirming(true)} className={styles.cancel}>
        {rec.status === 'CRIADA' ? 'Cancelar autorização' : 'Cancelar Pix Automático'}
      </Button>
      <Modal
        open={confirming}
        title="Cancelar o Pix Automático?"
        onClose={() => setConfirming(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Voltar
            </Button>
            <Button loading={cancel.isPending} onClick={() => cancel.mutate(undefined, { onSettled: () => setConfirming(false) })}>
              Sim, cancelar
            </Button>
          </>
        }
      >
        <p>As próximas faturas não serão mais debitadas automaticamente. Você poderá pagá-las por cartão ou Pix.</p>
      </Modal>
    </div>
  );
}

export default PixAutomaticoPage;
