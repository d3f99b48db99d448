import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert } from '../../../../components/ui/Alert';
import { Button } from '../../../../components/ui/Button';
import { Checkbox } from '../../../../components/ui/Checkbox';
import { mountAdyenCard, type AdyenClientConfig, type AdyenEncryptedCard, type MountedAdyenCard } from './adyen-web';
import { TermsLabel } from '../TermsLabel';
import styles from './AdyenCardForm.module.css';

interface Props {
  config: AdyenClientConfig;
  /** 'Confirmar troca de cartão' or 'Confirmar pagamento'. */
  submitLabel: string;
  onSubmit: (card: AdyenEncryptedCard) => void;
  pending?: boolean;
  /** A new payment needs the terms checkbox ticked (spec 000 §5). */
  requireTerms?: boolean;
  disabled?: boolean;
  children?: ReactNode;
}

/** Adyen's card component could not load (network, a blocked script): the customer may retry. */
export const ADYEN_LOAD_FAILED = 'Não foi possível carregar o formulário do cartão. Verifique sua conexão e recarregue a página.';

/**
 * The card form when the provider is Adyen (CARD_GATEWAY=adyen, ADR 075): Adyen's card component (number, expiry,
 * CVV in Adyen's iframes, and the holder's name) mounted into our form, our terms checkbox and submit button around
 * it. The confirm button stays disabled until the component says the card is valid (and the terms are ticked);
 * the encrypted fields it yields are all that leaves the page.
 */
export function AdyenCardForm({ config, submitLabel, onSubmit, pending = false, requireTerms = false, disabled = false, children }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const card = useRef<MountedAdyenCard | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [valid, setValid] = useState(false);
  const [terms, setTerms] = useState(false);

  useEffect(() => {
    const stop = new AbortController();
    setState('loading');
    mountAdyenCard(host.current!, config, (v) => !stop.signal.aborted && setValid(v), stop.signal).then(
      (mounted) => {
        if (!mounted) return;
        if (stop.signal.aborted) return mounted.unmount();
        card.current = mounted;
        setState('ready');
      },
      () => !stop.signal.aborted && setState('failed'),
    );
    return () => {
      stop.abort();
      card.current?.unmount();
      card.current = null;
    };
  }, [config.clientKey, config.environment]); // eslint-disable-line react-hooks/exhaustive-deps -- the config's values, not its identity

  const ready = state === 'ready' && valid && (!requireTerms || terms);

  return (
    <form
      className={styles.form}
      method="post"
      noValidate
      aria-busy={pending || state === 'loading' || undefined}
      onSubmit={(e) => {
        e.preventDefault();
        if (pending || disabled || !card.current) return;
        const encrypted = card.current.encryptedCard();
        if (!encrypted) return card.current.showValidation();
        if (requireTerms && !terms) return;
        onSubmit(encrypted);
      }}
    >
      <div ref={host} className={styles.card} aria-label="Dados do cartão" role="group" />
      {state === 'loading' && <p className={styles.loading}>Carregando o formulário do cartão…</p>}
      {state === 'failed' && <Alert>{ADYEN_LOAD_FAILED}</Alert>}
      {requireTerms && <Checkbox checked={terms} onChange={(e) => setTerms(e.target.checked)} label={<TermsLabel />} />}
      <div className={styles.actions}>
        <Button type="submit" disabled={!ready || disabled} loading={pending}>
          {submitLabel}
        </Button>
        {children}
      </div>
    </form>
  );
}

export default AdyenCardForm;
