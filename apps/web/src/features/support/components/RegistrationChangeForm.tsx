import { useEffect, useRef, useState, type BaseSyntheticEvent } from 'react';
import { Controller, useController, useWatch } from 'react-hook-form';
import {
  addressChangeSchema,
  DOCUMENT_TYPES,
  REGISTRATION_CHANGES,
  SUPPORT_MSG,
  VEHICLE_USES,
  type RegistrationChange,
} from '@guarita/domain';
import { ApiError } from '../../../lib/api';
import { useCepLookup } from '../api/lookup-cep';
import { DocumentAttach } from './DocumentAttach';
import { FileSummary } from './file-pickers';
import { emptyToUndefined, LongText, opts, Submit, useSupportForm } from './support-form';
import { Button } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Checkbox';
import { fieldStyles } from '../../../components/ui/Field';
import { MaskedField } from '../../../components/ui/MaskedField';
import { Select } from '../../../components/ui/Select';
import { TextField } from '../../../components/ui/TextField';
import type { RequestFormProps } from './request-forms';
import styles from './SupportPage.module.css';

// ── Alteração de Dados Cadastrais ────────────────────────────────────────────────────────────
const DOCUMENTS: RegistrationChange = 'Alteração de documentos';
/** What a CEP's answer fills; typing another CEP empties them again. */
const LOOKED_UP = ['rua', 'bairro', 'cidade', 'estado', 'codigoIbge'] as const;

/** The CEP's answer: its message ('CEP não encontrado' under the field; a hint when the lookup is away). */
function cepLookupState(lookup: ReturnType<typeof useCepLookup>) {
  const err = lookup.error;
  const message =
    err instanceof ApiError
      ? err.status === 404
        ? SUPPORT_MSG.cepNotFound
        : err.status === 400
          ? SUPPORT_MSG.invalidCep
          : SUPPORT_MSG.cepUnavailable
      : null;
  return { searching: lookup.isFetching, notFound: err instanceof ApiError && err.status === 404, message };
}

/** 'Novo endereço': the CEP looks the address up and fills street, district, city, state and the IBGE code. */
function AddressFields() {
  const { register, control, setValue, errorOf } = useSupportForm();
  const cepValue = useWatch({ control, name: 'endereco.cep' }) ?? '';
  const lookup = useCepLookup(cepValue);
  const filled = useRef<string | null>(null);
  useEffect(() => {
    const a = lookup.data;
    if (!a || filled.current === a.Cep) return;
    filled.current = a.Cep;
    // The IBGE code travels hidden: one the schema would refuse (an adapter's empty or odd value) is left out.
    const codigoIbge = addressChangeSchema.shape.codigoIbge.safeParse(a.CodigoIbge).success ? a.CodigoIbge : '';
    const found = { rua: a.Logradouro, bairro: a.Bairro, cidade: a.Municipio, estado: a.UF, codigoIbge };
    for (const k of LOOKED_UP) setValue(`endereco.${k}`, found[k]);
  }, [lookup.data, setValue]);
  const cep = cepLookupState(lookup);
  return (
    <fieldset className={styles.group}>
      <legend>Novo endereço</legend>
      <Controller
        control={control}
        name="endereco.cep"
        defaultValue=""
        render={({ field }) => (
          <MaskedField
            label="CEP"
            mask="cep"
            inputMode="numeric"
            autoComplete="postal-code"
            {...field}
            onChange={(v) => {
              field.onChange(v);
              filled.current = null;
              for (const k of LOOKED_UP) setValue(`endereco.${k}`, '');
            }}
            hint={cep.searching ? 'Buscando o endereço…' : cep.message && !cep.notFound ? cep.message : undefined}
            error={errorOf('endereco.cep') ?? errorOf('endereco') ?? (cep.notFound ? SUPPORT_MSG.cepNotFound : undefined)}
          />
        )}
      />
      <Controller
        control={control}
        name="endereco.estado"
        defaultValue=""
        render={({ field, fieldState }) => <MaskedField label="Estado (UF)" mask="uf" {...field} error={fieldState.error?.message} />}
      />
      <TextField label="Cidade" {...register('endereco.cidade')} error={errorOf('endereco.cidade')} />
      <TextField label="Bairro" {...register('endereco.bairro')} error={errorOf('endereco.bairro')} />
      <TextField label="Rua" {...register('endereco.rua')} error={errorOf('endereco.rua')} />
      <TextField label="Número" {...register('endereco.numero')} error={errorOf('endereco.numero')} />
      <TextField label="Complemento (opcional)" {...register('endereco.complemento', { setValueAs: emptyToUndefined })} />
      <input type="hidden" {...register('endereco.codigoIbge', { setValueAs: emptyToUndefined })} />
    </fieldset>
  );
}

export function RegistrationChangeForm({ pending, send }: RequestFormProps) {
  const { register, control, errorOf } = useSupportForm();
  // The one or two choices, as the schema's `alteracoes`; 'Alterar mais dados' only shows the second select.
  const { field: choices } = useController({ control, name: 'alteracoes', defaultValue: [''] as never });
  const [first = '', second = ''] = choices.value as string[];
  const [more, setMore] = useState(false);
  const documento = useWatch({ control, name: 'documento' }) ?? '';
  const [files, setFiles] = useState<File[]>([]);
  const [attaching, setAttaching] = useState(false);
  const [fileError, setFileError] = useState<string | undefined>();

  const docFirst = first === DOCUMENTS;
  const choose = (one: string, two: string) => choices.onChange([one, ...(two ? [two] : [])]);
  const has = (c: RegistrationChange) => first === c || second === c;
  const documents = has(DOCUMENTS);

  const submit = (e?: BaseSyntheticEvent) => {
    setFileError(documents && files.length === 0 ? `Anexe a ${documento || 'CNH ou o CRLV'}.` : undefined);
    return send(documents ? files : [])(e);
  };

  return (
    <form noValidate aria-label="Alteração de Dados Cadastrais" onSubmit={submit}>
      <Select
        ref={choices.ref}
        label="O que você quer alterar?"
        placeholder="Selecione"
        options={opts(REGISTRATION_CHANGES)}
        value={first}
        onChange={(e) => {
          const docs = e.target.value === DOCUMENTS;
          if (docs) setMore(false);
          choose(e.target.value, docs ? '' : second);
        }}
        onBlur={choices.onBlur}
        error={errorOf('alteracoes') ?? errorOf('alteracoes.0') ?? errorOf('alteracoes.1')}
      />
      <Checkbox
        label="Alterar mais dados"
        checked={more}
        disabled={docFirst}
        onChange={(e) => {
          setMore(e.target.checked);
          if (!e.target.checked) choose(first, '');
        }}
      />
      {more && !docFirst && (
        <Select
          label="O que mais você quer alterar?"
          placeholder="Selecione"
          options={opts(REGISTRATION_CHANGES.filter((c) => c !== first && c !== DOCUMENTS))}
          value={second}
          onChange={(e) => choose(first, e.target.value)}
        />
      )}
      {has('Endereço') && <AddressFields />}
      {has('Telefone') && (
        <Controller
          control={control}
          name="novoTelefone"
          defaultValue=""
          render={({ field, fieldState }) => (
            <MaskedField label="Novo telefone" mask="phone" type="tel" inputMode="tel" {...field} error={fieldState.error?.message} />
          )}
        />
      )}
      {has('E-mail') && <TextField label="Novo e-mail" type="email" {...register('novoEmail')} error={errorOf('novoEmail')} />}
      {has('Utilização do veículo') && (
        <Select
          label="Utilização do veículo"
          placeholder="Selecione"
          options={opts(VEHICLE_USES)}
          {...register('utilizacao')}
          error={errorOf('utilizacao')}
        />
      )}
      {has('Outros') && <LongText label="Descreva a alteração" name="outros" maxLength={2000} />}
      {documents && (
        <fieldset className={styles.group}>
          <legend>Documento</legend>
          <Select
            label="Tipo de documento"
            placeholder="Selecione"
            options={opts(DOCUMENT_TYPES)}
            {...register('documento', {
              onChange: (e: { target: { value: string } }) => {
                setFiles([]);
                // Choosing CNH or CRLV opens the full-screen attach flow (001 §2).
                setAttaching(e.target.value !== '');
              },
            })}
            error={errorOf('documento')}
          />
          {documento && (
            <div className={styles.attach}>
              {!attaching && <FileSummary files={files} onRemove={(i) => setFiles((fs) => fs.filter((_, j) => j !== i))} />}
              <Button variant="secondary" type="button" onClick={() => setAttaching(true)}>
                {files.length === 0 ? `Anexar ${documento}` : `Revisar ${documento} anexada`}
              </Button>
              {fileError && (
                <small className={fieldStyles.error} role="alert">
                  {fileError}
                </small>
              )}
              <DocumentAttach
                open={attaching}
                documento={documento}
                files={files}
                onAdd={(f) => {
                  setFileError(undefined);
                  setFiles((fs) => [...fs, f].slice(0, 5));
                }}
                onRemove={(i) => setFiles((fs) => fs.filter((_, j) => j !== i))}
                onClose={() => setAttaching(false)}
                onConfirm={() => {
                  setAttaching(false);
                  void submit();
                }}
              />
            </div>
          )}
        </fieldset>
      )}
      {documents ? !documento && <Submit pending={pending}>Continuar</Submit> : <Submit pending={pending} />}
    </form>
  );
}
