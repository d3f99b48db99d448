import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatInstantWithTime, formatMoney, PAYMENT_MSG, pixStatus, type ContractId, type PixConteudoDto } from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { useAfterPayment } from '../api/after-payment';
import { usePixCharge } from '../api/get-pix';
import { paths } from '../../../lib/paths';
import { QrImage } from './QrImage';
import styles from './PixCharge.module.css';

/** Side of the QR image in CSS pixels (rendered at 2× for sharp phone screens). */
const QR_SIZE = 240;

interface Props {
  /** The charge as created (or as the payments summary lists it); then polled until paid or expired. */
  charge: PixConteudoDto;
  /** The contract the charge belongs to: its payments and bills are refreshed when the charge is paid. */
  nCtrId: ContractId;
  /** 'QR code válido por 02 horas' (open invoice) or 'válido por 2 horas' (advance), as the spec words each screen. */
  validityText: string;
  /** Heading of the paid state. */
  paidTitle?: string;
  /** Offered when the charge expired unpaid ('Gerar novo Pix'). */
  onRestart?: () => void;
  /** Whether to state the charge's amount above the QR (off where the screen already shows it). */
  showAmount?: boolean;
}

type CopyState = 'idle' | 'copied' | 'selected';

/**
 * A Pix charge: the QR image (drawn from the BR Code with the `qrcode` library, loaded only here), the
 * "copia e cola" payload with 'Copiar Pix', the validity and the notice. It polls the charge and shows the
 * confirmation by itself when the payment arrives, refreshing the contract's payments and bills.
 */
export function PixCharge({ charge, nCtrId, validityText, paidTitle = PAYMENT_MSG.paymentConfirmed, onRestart, showAmount = true }: Props) {
  const afterPayment = useAfterPayment(nCtrId);
  const polled = usePixCharge(charge.txid, charge);
  const pix = polled.data ?? charge;
  const status = useEffectiveStatus(pix);

  // Paid: the bills left the open total, so everything showing them is refreshed (once).
  const refreshed = useRef(false);
  const paidHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (status !== 'paid' || refreshed.current) return;
    refreshed.current = true;
    afterPayment(true);
    paidHeading.current?.focus();
  }, [status, afterPayment]);

  if (status === 'paid') {
    return (
      <section className={`${styles.pixCharge} ${styles.pixPaid}`} aria-labelledby={`pix-paid-${pix.txid}`}>
        <div role="status">
          <span className={styles.pixCheck} aria-hidden="true">
            ✓
          </span>
          <h2 id={`pix-paid-${pix.txid}`} ref={paidHeading} tabIndex={-1}>
            {paidTitle}
          </h2>
          <p>
            Recebemos o seu Pix de <strong>{formatMoney(pix.valor)}</strong>
            {pix.pagoEm ? ` em ${formatInstantWithTime(pix.pagoEm)}` : ''}.
          </p>
        </div>
        <Link className={buttonClass('primary')} to={paths.payments.pattern}>
          Ver pagamentos
        </Link>
      </section>
    );
  }

  if (status === 'expired') {
    return (
      <section className={`${styles.pixCharge} ${styles.pixExpired}`} aria-label="Pix expirado">
        <Alert>Este Pix expirou sem pagamento. Gere um novo Pix para pagar.</Alert>
        <div className={styles.pixActions}>
          {onRestart && (
            <Button type="button" onClick={onRestart}>
              Gerar novo Pix
            </Button>
          )}
          <Link className={buttonClass('secondary')} to={paths.payments.pattern}>
            Voltar para pagamentos
          </Link>
        </div>
      </section>
    );
  }

  return <PendingPix pix={pix} validityText={validityText} showAmount={showAmount} />;
}

function PendingPix({ pix, validityText, showAmount }: { pix: PixConteudoDto; validityText: string; showAmount: boolean }) {
  const payload = pix.chaveAleatoria;
  const fieldId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');

  useEffect(() => {
    if (copy === 'idle') return;
    const t = window.setTimeout(() => setCopy('idle'), 6_000);
    return () => window.clearTimeout(t);
  }, [copy]);

  const copyPayload = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(payload);
      setCopy('copied');
    } catch {
      // No clipboard access (an insecure context, a denied permission): select the text so the person can copy it.
      const el = field.current;
      el?.focus();
      el?.select();
      let copied = false;
      try {
        copied = document.execCommand?.('copy') ?? false;
      } catch {
        copied = false;
      }
      setCopy(copied ? 'copied' : 'selected');
    }
  };

  return (
    <section className={styles.pixCharge} aria-label="Pagamento por Pix">
      {showAmount && (
        <p className={styles.pixAmount}>
          Valor: <strong>{formatMoney(pix.valor)}</strong>
        </p>
      )}
      <figure className={styles.pixQr}>
        <QrImage
          payload={payload}
          size={QR_SIZE}
          alt={`QR code do Pix de ${formatMoney(pix.valor)}`}
          placeholderClassName={styles.pixQrPlaceholder}
        />
        <figcaption>{validityText}</figcaption>
      </figure>

      <div className={`${styles.field} ${styles.pixCopyField}`}>
        <label htmlFor={fieldId}>Pix copia e cola</label>
        <textarea id={fieldId} ref={field} readOnly rows={4} value={payload} spellCheck={false} onFocus={(e) => e.currentTarget.select()} />
      </div>
      <div className={styles.pixActions}>
        <Button type="button" onClick={() => void copyPayload()}>
          {PAYMENT_MSG.copyPix}
        </Button>
        <p className={styles.pixCopyFeedback} role="status" aria-live="polite">
          {copy === 'copied' && 'Código Pix copiado!'}
          {copy === 'selected' && 'Código selecionado: use a opção copiar do seu aparelho.'}
        </p>
      </div>

      <p className={styles.pixNotice}>{PAYMENT_MSG.pixNotice}</p>
      <p className={`${styles.pixWaiting} muted`}>
        <Spinner label="" size="small" /> Aguardando a confirmação do pagamento…
      </p>
    </section>
  );
}

/**
 * The domain's `pixStatus`: a pending charge past its `dataExpiracao` is expired, shown as such the moment it
 * expires (a timer re-renders then), without waiting for the next poll or when polling has stopped.
 */
function useEffectiveStatus(pix: PixConteudoDto): PixConteudoDto['status'] {
  const [, setExpiredTick] = useState(0);
  useEffect(() => {
    if (pix.status !== 'pending') return;
    const left = new Date(pix.dataExpiracao).getTime() - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => setExpiredTick((n) => n + 1), Math.min(left + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [pix.status, pix.dataExpiracao]);
  return pixStatus(pix.status, pix.dataExpiracao);
}
