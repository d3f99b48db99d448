import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  CARD_BRAND_LABEL,
  cardDigits,
  cardFormErrors,
  detectCardBrand,
  formatCardNumberInput,
  formatExpiryInput,
  splitExpiry,
  stripDigits,
  type CardFormField,
} from '@guarita/domain';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { paths } from '../../../lib/paths';

/** What the form hands over: the `dadosDoCartao` of the API (number as digits, month and year as typed). */
export interface CardFormValues {
  numeroCartao: string;
  mesExpiracao: string;
  anoExpiracao: string;
  cvv: string;
  nomeTitular: string;
}

interface Props {
  /** 'Confirmar troca de cartão' or 'Confirmar pagamento'. */
  submitLabel: string;
  onSubmit: (values: CardFormValues) => void;
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

type UiField = 'numero' | 'validade' | 'cvv' | 'nome';
const UI_FIELD: Record<CardFormField, UiField> = {
  numeroCartao: 'numero',
  mesExpiracao: 'validade',
  anoExpiracao: 'validade',
  cvv: 'cvv',
  nomeTitular: 'nome',
};

/**
 * The card form (number, expiry MM/AA, CVV, name on card) with the domain's rules and the spec's messages
 * on the field they are about. Messages appear once a field has been left, then follow the typing; the
 * confirm button stays disabled until the whole card is valid (and the terms ticked, when required).
 * The values live only in this component's state: inputs have no `name`, so even a script-less submit
 * could not put them in a URL, and nothing is stored or logged.
 */
export function CardForm({
  submitLabel,
  onSubmit,
  pending = false,
  requireTerms = false,
  defaultValues,
  disabled = false,
  children,
}: Props) {
  const termsId = useId();
  const [numero, setNumero] = useState('');
  const [validade, setValidade] = useState(defaultValues?.validade ?? '');
  const [cvv, setCvv] = useState('');
  const [nome, setNome] = useState(defaultValues?.nomeTitular ?? '');
  const [terms, setTerms] = useState(defaultValues?.termsAccepted ?? false);
  const [touched, setTouched] = useState<Record<UiField, boolean>>({
    numero: false,
    validade: !!defaultValues?.validade,
    cvv: false,
    nome: !!defaultValues?.nomeTitular,
  });

  const { month, year } = splitExpiry(validade);
  const values: CardFormValues = { numeroCartao: cardDigits(numero), mesExpiracao: month, anoExpiracao: year, cvv, nomeTitular: nome };
  const errors: Partial<Record<UiField, string>> = {};
  for (const e of cardFormErrors(values)) errors[UI_FIELD[e.field]] ??= e.message;
  const shown = (f: UiField) => (touched[f] ? errors[f] : undefined);
  const leave = (f: UiField) => () => setTouched((t) => (t[f] ? t : { ...t, [f]: true }));

  const brand = detectCardBrand(numero);
  const ready = Object.keys(errors).length === 0 && (!requireTerms || terms);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready) {
      setTouched({ numero: true, validade: true, cvv: true, nome: true });
      return;
    }
    if (!pending && !disabled) onSubmit(values);
  };

  return (
    <form className="card-form" method="post" noValidate onSubmit={submit} aria-busy={pending || undefined}>
      <div className="card-number-row">
        <TextField
          label="Número do cartão"
          value={numero}
          onChange={(e) => setNumero(formatCardNumberInput(e.target.value))}
          onBlur={leave('numero')}
          error={shown('numero')}
          autoComplete="cc-number"
          inputMode="numeric"
          maxLength={23}
          placeholder="0000 0000 0000 0000"
          className="card-number-field"
        />
        <span className="card-brand-slot" aria-live="polite">
          {brand && (
            <span className={`card-brand-badge brand-${brand}`}>
              <span className="sr-only">Bandeira: </span>
              {CARD_BRAND_LABEL[brand]}
            </span>
          )}
        </span>
      </div>
      <div className="card-form-row">
        <TextField
          label="Validade (MM/AA)"
          value={validade}
          onChange={(e) => setValidade(formatExpiryInput(e.target.value))}
          onBlur={leave('validade')}
          error={shown('validade')}
          autoComplete="cc-exp"
          inputMode="numeric"
          maxLength={5}
          placeholder="MM/AA"
        />
        <TextField
          label="CVV"
          value={cvv}
          onChange={(e) => setCvv(cardDigits(e.target.value).slice(0, 4))}
          onBlur={leave('cvv')}
          error={shown('cvv')}
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
          placeholder="000"
        />
      </div>
      <TextField
        label="Nome impresso no cartão"
        value={nome}
        onChange={(e) => setNome(stripDigits(e.target.value))}
        onBlur={leave('nome')}
        error={shown('nome')}
        autoComplete="cc-name"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={60}
      />
      {requireTerms && (
        <div className="terms-check">
          <input id={termsId} type="checkbox" checked={terms} onChange={(e) => setTerms(e.target.checked)} />
          <label htmlFor={termsId}>
            Li e concordo com os{' '}
            <Link to={paths.terms} target="_blank" rel="noopener">
              Termos do Uso
            </Link>{' '}
            e a{' '}
            <Link to={paths.privacy} target="_blank" rel="noopener">
              Política de Privacidade
            </Link>
          </label>
        </div>
      )}
      <div className="card-form-actions">
        <Button type="submit" disabled={!ready || disabled} loading={pending}>
          {submitLabel}
        </Button>
        {children}
      </div>
    </form>
  );
}
