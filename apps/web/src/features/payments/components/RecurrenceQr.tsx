import { useId, useRef, useState } from 'react';
import { formatMoney } from '@guarita/domain';
import { Button } from '../../../components/ui/Button';
import { QrImage } from './QrImage';
import styles from './RecurrenceQr.module.css';

/** Side of the QR image in CSS pixels (drawn at 2× for sharp phone screens). */
const QR_SIZE = 220;

/**
 * The Pix Automático authorisation's BR Code (journey 2: the recurrence's location, no amount): the QR the bank app
 * reads, the "copia e cola" and 'Copiar código'. The QR library loads only here, in its own chunk.
 */
export function RecurrenceQr({ payload, amount }: { payload: string; amount: number }) {
  const fieldId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState<'idle' | 'copied' | 'selected'>('idle');

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(payload);
      setCopied('copied');
    } catch {
      field.current?.focus();
      field.current?.select();
      setCopied('selected');
    }
  };

  return (
    <div className={styles.qr}>
      <figure>
        <QrImage
          payload={payload}
          size={QR_SIZE}
          alt={`QR code para autorizar o Pix Automático de ${formatMoney(amount)} por mês`}
          placeholderClassName={styles.placeholder}
        />
      </figure>
      <div className={styles.field}>
        <label htmlFor={fieldId}>Pix copia e cola da autorização</label>
        <textarea id={fieldId} ref={field} readOnly rows={3} value={payload} spellCheck={false} onFocus={(e) => e.currentTarget.select()} />
      </div>
      <Button variant="secondary" onClick={() => void copy()}>
        Copiar código
      </Button>
      <p className={styles.feedback} role="status" aria-live="polite">
        {copied === 'copied' && 'Código copiado!'}
        {copied === 'selected' && 'Código selecionado: use a opção copiar do seu aparelho.'}
      </p>
    </div>
  );
}
