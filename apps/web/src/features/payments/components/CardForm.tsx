import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  CARD_BRAND_LABEL,
  detectCardBrand,
  MSG,
  PAYMENT_MSG,
  splitExpiry,
  stripDigits,
  toPlainCardFields,
  type CardFormFields,
} from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Checkbox';
import { MaskedField } from '../../../components/ui/MaskedField';
import { TextField } from '../../../components/ui/TextField';
import { lazyResolver, useOnDemand } from '../../../lib/on-demand';
import { Spinner } from '../../../components/ui/Spinner';
import { useCardClientConfig } from '../api/card-client-config';
import { encryptCard, type EncryptedCard } from '../card-encryption';
import { loadAdyenCardForm } from './adyen';
import { TermsLabel } from './TermsLabel';
import styles from './CardForm.module.css';

/** What a failed attempt keeps on screen (the number and CVV are typed again). Never the number or the CVV. */
export interface KeptCardValues {
  validade?: string;
  nomeTitular?: string;
}

const AdyenCardForm = lazy(async () => ({ default: (await loadAdyenCardForm()).AdyenCardForm }));

interface Props {
  /** 'Confirmar troca de cartão' or 'Confirmar pagamento'. */
  submitLabel: string;
  /** The card encrypted in the browser by the configured provider (the API's `dadosDoCartao`), and what to keep. */
  onSubmit: (card: EncryptedCard, kept: KeptCardValues) => void;
  /** A request is under way: the button spins and cannot be pressed again. */
  pending?: boolean;
  /** A new payment needs the terms checkbox ticked (spec 000 §5). */
  requireTerms?: boolean;
  /** Kept after a failed attempt so only the number and CVV must be typed again. */
  defaultValues?: { validade?: string; nomeTitular?: string; termsAccepted?: boolean };
  /** The submit button stays disabled (e.g. the contract cannot be paid by card). */
  disabled?: boolean;
  /** Extra actions next to the submit button (e.g. 'Cancelar'). */
  children?: ReactNode;
}

type Fields = CardFormFields & { terms: boolean };

const loadChecks = () => import('./card-checks');
const resolver = lazyResolver(loadChecks, (c) => c.cardResolver);

/**
 * The card form of the configured provider (GET /api/payments/card/client-config): Adyen's component when the
 * provider is Adyen, else ours, whose fields the browser encrypts for the sandbox before anything is sent.
 */
export function CardForm(props: Props) {
  const config = useCardClientConfig();
  if (config.data?.provider === 'adyen') {
    const { submitLabel, onSubmit, pending, requireTerms, disabled, children } = props;
    return (
      <Suspense fallback={<Spinner />}>
        <AdyenCardForm
          config={config.data}
          submitLabel={submitLabel}
          onSubmit={(card) => onSubmit(card, {})}
          {...{ pending, requireTerms, disabled, children }}
        />
      </Suspense>
    );
  }
  return <FieldsCardForm {...props} configFailed={config.isError} />;
}

/**
 * Our card form (number, expiry MM/AA, CVV, name on card): react-hook-form over the domain's `cardFormSchema`,
 * so the spec's messages show on the field they are about. Messages appear once a field has been left, then
 * follow the typing; the confirm button stays disabled until the whole card is valid (and the terms ticked,
 * when required). Inputs have no `name`, so even a script-less submit could not put card data in a URL, and
 * nothing is stored or logged. On confirm the number, expiry and CVV are encrypted here (`encryptCard`): only the
 * encrypted fields and the holder name leave the page.
 */
function FieldsCardForm({
  submitLabel,
  onSubmit,
  pending = false,
  requireTerms = false,
  defaultValues,
  disabled = false,
  children,
  configFailed,
}: Props & { configFailed: boolean }) {
  const config = useCardClientConfig();
  const [encrypting, setEncrypting] = useState(false);
  const [encryptFailed, setEncryptFailed] = useState(false);
  const { control, handleSubmit, register, trigger } = useForm<Fields>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      numero: '',
      validade: defaultValues?.validade ?? '',
      cvv: '',
      nomeTitular: defaultValues?.nomeTitular ?? '',
      terms: defaultValues?.termsAccepted ?? false,
    },
  });
  const values = useWatch({ control });
  // The schema (zod) arrives with the first focus or tap in the form, or the first value (autofill, kept values).
  const [checks, warmChecks, checksFailed] = useOnDemand(loadChecks);
  const typed = !!(values.numero || values.validade || values.cvv || values.nomeTitular);
  useEffect(() => {
    if (typed && !checks) warmChecks();
  }, [typed, checks, warmChecks]);

  // Kept values count as visited: their messages (if any) show at once.
  useEffect(() => {
    const kept = (['validade', 'nomeTitular'] as const).filter((f) => defaultValues?.[f]);
    if (kept.length) void trigger(kept);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the values the form started with
  }, []);

  const brand = detectCardBrand(values.numero ?? '');
  const ready = !!checks?.cardComplete(values) && (!requireTerms || !!values.terms) && !!config.data;
  const busy = pending || encrypting;

  const submit = handleSubmit(async (v) => {
    if (!ready || busy || disabled || !config.data) return;
    const { month, year } = splitExpiry(v.validade);
    setEncrypting(true);
    setEncryptFailed(false);
    let card: EncryptedCard;
    try {
      const plain = toPlainCardFields({
        numeroCartao: v.numero,
        mesExpiracao: month,
        anoExpiracao: year,
        cvv: v.cvv,
        nomeTitular: v.nomeTitular,
      });
      card = await encryptCard(config.data, plain);
    } catch {
      setEncryptFailed(true);
      return;
    } finally {
      setEncrypting(false);
    }
    onSubmit(card, { validade: v.validade, nomeTitular: v.nomeTitular });
  });

  return (
    <form
      className={styles.form}
      method="post"
      noValidate
      onSubmit={submit}
      onFocus={checks ? undefined : warmChecks}
      onPointerDown={checks ? undefined : warmChecks}
      aria-busy={busy || undefined}
    >
      <div className={styles.numberRow}>
        <Controller
          name="numero"
          control={control}
          render={({ field: { ref, value, onChange, onBlur }, fieldState }) => (
            <MaskedField
              ref={ref}
              label="Número do cartão"
              mask="cardNumber"
              value={value}
              onChange={onChange}
              onBlur={onBlur}
              error={fieldState.error?.message}
              autoComplete="cc-number"
              inputMode="numeric"
              placeholder="0000 0000 0000 0000"
              className={styles.numberField}
            />
          )}
        />
        <span className={styles.brandSlot} aria-live="polite">
          {brand && (
            <span className={`${styles.badge} ${styles[brand]}`}>
              <span className="sr-only">Bandeira: </span>
              {CARD_BRAND_LABEL[brand]}
            </span>
          )}
        </span>
      </div>
      <div className={styles.row}>
        <Controller
          name="validade"
          control={control}
          render={({ field: { ref, value, onChange, onBlur }, fieldState }) => (
            <MaskedField
              ref={ref}
              label="Validade (MM/AA)"
              mask="expiry"
              value={value}
              onChange={onChange}
              onBlur={onBlur}
              error={fieldState.error?.message}
              autoComplete="cc-exp"
              inputMode="numeric"
              placeholder="MM/AA"
            />
          )}
        />
        <Controller
          name="cvv"
          control={control}
          render={({ field: { ref, value, onChange, onBlur }, fieldState }) => (
            <MaskedField
              ref={ref}
              label="CVV"
              mask="cvv"
              value={value}
              onChange={onChange}
              onBlur={onBlur}
              error={fieldState.error?.message}
              autoComplete="cc-csc"
              inputMode="numeric"
              placeholder="000"
            />
          )}
        />
      </div>
      <Controller
        name="nomeTitular"
        control={control}
        render={({ field: { ref, value, onChange, onBlur }, fieldState }) => (
          <TextField
            ref={ref}
            label="Nome impresso no cartão"
            value={value}
            onChange={(e) => onChange(stripDigits(e.target.value))}
            onBlur={onBlur}
            error={fieldState.error?.message}
            autoComplete="cc-name"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={60}
          />
        )}
      />
      {requireTerms && <Checkbox {...register('terms')} label={<TermsLabel />} />}
      {checksFailed && !checks && <Alert>{MSG.formNotReady}</Alert>}
      {(encryptFailed || configFailed) && <Alert>{PAYMENT_MSG.cardEncryptionFailed}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" disabled={!ready || disabled} loading={busy}>
          {submitLabel}
        </Button>
        {children}
      </div>
    </form>
  );
}
