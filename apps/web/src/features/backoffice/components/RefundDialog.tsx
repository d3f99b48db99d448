import { useState, type FormEvent } from 'react';
import { DESK_PAYMENT_MSG, formatMoney, parseReaisInput } from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { TextArea } from '../../../components/ui/TextArea';
import { TextField } from '../../../components/ui/TextField';
import { apiErrorText } from '../../../lib/api';
import { useRefundPayment, type DeskPaymentDetail, type RefundVars } from '../api/payments';
import styles from './Backoffice.module.css';

const toReais = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/**
 * 'Estornar' (issue 27 item 7): the amount (up to what may still be refunded) and the reason, then a confirmation
 * that says what goes back through which provider. Errors stay in the dialog; an attempt with no answer (or a 503)
 * can be sent again with 'Tentar novamente', under the same Idempotency-Key, so the provider never refunds twice.
 */
export function RefundDialog({
  open,
  payment,
  title,
  onClose,
  onDone,
}: {
  open: boolean;
  payment: DeskPaymentDetail;
  title: string;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const refund = useRefundPayment(payment.metodo, payment.id);
  const [amount, setAmount] = useState(toReais(payment.estornavel));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ valor?: string; motivo?: string }>({});
  const [confirming, setConfirming] = useState<RefundVars | null>(null);
  const [failure, setFailure] = useState<{ text: string; retryable: boolean } | null>(null);

  const close = () => {
    setConfirming(null);
    setFailure(null);
    setErrors({});
    onClose();
  };

  const review = (e: FormEvent) => {
    e.preventDefault();
    const valor = parseReaisInput(amount);
    const next: typeof errors = {};
    if (valor === null || valor <= 0) next.valor = DESK_PAYMENT_MSG.amountRequired;
    else if (valor > payment.estornavel) next.valor = DESK_PAYMENT_MSG.overRefund.replace('{restante}', formatMoney(payment.estornavel));
    if (reason.trim().length < 3) next.motivo = DESK_PAYMENT_MSG.reasonRequired;
    setErrors(next);
    if (next.valor || next.motivo) return;
    setFailure(null);
    setConfirming({ valor: valor!, motivo: reason.trim() });
  };

  const callbacks = {
    onSuccess: (r: { estorno: { valor: number; status: string } }) => {
      setConfirming(null);
      setReason('');
      onDone(
        r.estorno.status === 'refunded'
          ? `Estorno de ${formatMoney(r.estorno.valor)} confirmado pelo provedor.`
          : `Estorno de ${formatMoney(r.estorno.valor)} enviado ao provedor; aguardando a confirmação.`,
      );
    },
    onError: (err: Error, retryable: boolean) => setFailure({ text: apiErrorText(err, DESK_PAYMENT_MSG.providerUnavailable), retryable }),
  };

  const confirm = () => {
    if (confirming) refund.send(confirming, callbacks);
  };

  return (
    <Modal
      open={open}
      title={title}
      onClose={close}
      actions={
        confirming ? (
          <>
            {failure?.retryable ? (
              <Button type="button" loading={refund.isPending} onClick={() => refund.retry(callbacks)}>
                Tentar novamente
              </Button>
            ) : (
              !failure && (
                <Button type="button" loading={refund.isPending} onClick={confirm}>
                  Confirmar estorno
                </Button>
              )
            )}
            <Button type="button" variant="secondary" disabled={refund.isPending} onClick={() => (setConfirming(null), setFailure(null))}>
              Voltar
            </Button>
          </>
        ) : (
          <>
            <Button type="submit" form="refund-form">
              Continuar
            </Button>
            <Button type="button" variant="secondary" onClick={close}>
              Cancelar
            </Button>
          </>
        )
      }
    >
      {failure && <Alert>{failure.text}</Alert>}
      {confirming ? (
        <p>
          Estornar <strong>{formatMoney(confirming.valor)}</strong> de {formatMoney(payment.valor)} pelo provedor{' '}
          <strong>{payment.provedor}</strong> (referência <code>{payment.referencia}</code>)? O dinheiro volta ao pagador e a ação fica
          registrada na auditoria. Motivo: {confirming.motivo}
        </p>
      ) : (
        <form id="refund-form" className={styles.stack} onSubmit={review} noValidate>
          <TextField
            label="Valor a estornar (R$)"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            hint={`Até ${formatMoney(payment.estornavel)}.`}
            error={errors.valor}
            onChange={(e) => setAmount(e.target.value)}
          />
          <TextArea
            label="Motivo do estorno"
            maxLength={500}
            counter
            value={reason}
            error={errors.motivo}
            onChange={(e) => setReason(e.target.value)}
          />
        </form>
      )}
    </Modal>
  );
}
