import { useEffect, useRef, useState, type BaseSyntheticEvent, type ReactNode } from 'react';
import { Controller, get, useController, useFormContext, useWatch, type FieldError } from 'react-hook-form';
import {
  addressChangeSchema,
  cancellationLockIn,
  CONTESTATION_TYPES,
  DOCUMENT_TYPES,
  lockInText,
  MAX_UPLOAD_BYTES,
  REGISTRATION_CHANGES,
  SUPPORT_MSG,
  todayInSaoPaulo,
  TRACKER_CASES,
  VEHICLE_USES,
  type RegistrationChange,
} from '@guarita/domain';
import { ApiError } from '../../../lib/api';
import { fileIsOneOf } from '../../../lib/file-type';
import { useCepLookup } from '../api/lookup-cep';
import { DocumentAttach } from './DocumentAttach';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Checkbox';
import { fieldStyles } from '../../../components/ui/Field';
import { MaskedField } from '../../../components/ui/MaskedField';
import { Select } from '../../../components/ui/Select';
import { TextArea } from '../../../components/ui/TextArea';
import { TextField } from '../../../components/ui/TextField';
import type { RequestFormProps, SupportFormValues } from './request-forms';
import styles from './SupportPage.module.css';

const opts = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

/** An optional field left empty is not sent (the schema's optional fields refuse ''). */
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** The page's form (see `SupportFormValues`) and the message of a field by path ('descricao', 'endereco.cep'). */
function useSupportForm() {
  const form = useFormContext<SupportFormValues>();
  const { errors } = form.formState;
  const errorOf = (path: string) => (get(errors, path) as FieldError | undefined)?.message;
  return { ...form, errorOf };
}

function Submit({ pending, children = 'Enviar solicitação' }: { pending: boolean; children?: ReactNode }) {
  return (
    <Button type="submit" loading={pending}>
      {children}
    </Button>
  );
}

/** The support forms' long text: four rows. */
function LongText({ label, name, maxLength }: { label: string; name: 'detalhe' | 'descricao' | 'outros'; maxLength: number }) {
  const { register, errorOf } = useSupportForm();
  return <TextArea label={label} rows={4} maxLength={maxLength} {...register(name)} error={errorOf(name)} />;
}

// ── Cancelamento ─────────────────────────────────────────────────────────────────────────────
export function CancellationForm({ contract, pending, send }: RequestFormProps) {
  const { register, errorOf } = useSupportForm();
  const lockIn = cancellationLockIn(contract.dataInicioVigencia, todayInSaoPaulo());
  return (
    <form noValidate onSubmit={send([])} aria-label="Cancelamento">
      <TextField label="MOTIVO DO CANCELAMENTO" maxLength={200} {...register('motivo')} error={errorOf('motivo')} />
      <LongText label="Explique mais sobre sua decisão" name="detalhe" maxLength={2000} />
      <section className={styles.lockIn} aria-label="Condições de cancelamento">
        <h3>Antes de confirmar</h3>
        {lockInText(lockIn).map((t) => (
          <p key={t}>{t}</p>
        ))}
      </section>
      <Submit pending={pending} />
    </form>
  );
}

// ── Suporte Rastreador ───────────────────────────────────────────────────────────────────────
export function TrackerForm({ pending, send }: RequestFormProps) {
  const { register, errorOf } = useSupportForm();
  return (
    <form noValidate onSubmit={send([])} aria-label="Suporte Rastreador">
      <Select label="CASO" placeholder="Selecione" options={opts(TRACKER_CASES)} {...register('caso')} error={errorOf('caso')} />
      <LongText label="Explique o ocorrido" name="descricao" maxLength={2000} />
      <Submit pending={pending} />
    </form>
  );
}

// ── File picking (contestation, ombudsman, documents) ────────────────────────────────────────
const PDF_OR_JPG = /\.(pdf|jpe?g)$/i;

/** Images are resized before upload; anything else (a PDF) must already fit in 5 MB (001 §5). */
const tooLargeToSend = (f: File) => !f.type.startsWith('image/') && f.size > MAX_UPLOAD_BYTES;

/**
 * One PDF or JPG attachment (contestation, ombudsman): a file of another type ('Selecione um arquivo PDF ou JPG!'),
 * by its name or by its first bytes (a renamed file), or a PDF over 5 MB is refused with its message when chosen
 * and replaces no earlier choice.
 */
function usePdfOrJpg() {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const pick = async (f: File) => {
    const problem = tooLargeToSend(f)
      ? SUPPORT_MSG.fileTooLarge
      : PDF_OR_JPG.test(f.name) && (await fileIsOneOf(f, ['application/pdf', 'image/jpeg']))
        ? undefined
        : SUPPORT_MSG.pdfOrJpg;
    setFileError(problem);
    if (!problem) setFile(f);
  };
  return { file, setFile, fileError, setFileError, pick };
}

/** The attachment of `usePdfOrJpg`: pick a file, or take a photo (phones open the camera), and the chosen file. */
function PdfOrJpgAttachment({
  label,
  photoLabel,
  attachment,
}: {
  label: string;
  photoLabel: string;
  attachment: ReturnType<typeof usePdfOrJpg>;
}) {
  const { file, setFile, fileError, pick } = attachment;
  return (
    <>
      <FilePicker label={label} accept=".pdf,.jpg,.jpeg,application/pdf,image/jpeg" error={fileError} onPick={pick} />
      <FilePicker label={photoLabel} accept="image/jpeg" capture onPick={pick} />
      <FileSummary files={file ? [file] : []} onRemove={() => setFile(null)} />
    </>
  );
}

function FilePicker({
  label,
  accept,
  onPick,
  error,
  capture,
}: {
  label: string;
  accept: string;
  onPick: (f: File) => void | Promise<void>;
  error?: string | undefined;
  capture?: boolean;
}) {
  const ref = useRef<HTMLInputElement>(null);
  return (
    <div className={error ? `${fieldStyles.field} ${fieldStyles.invalid}` : fieldStyles.field}>
      <label className={fieldStyles.label}>
        {label}
        <input
          ref={ref}
          type="file"
          accept={accept}
          {...(capture ? { capture: 'environment' as const } : {})}
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void onPick(f);
            if (ref.current) ref.current.value = '';
          }}
        />
      </label>
      {error && (
        <small className={fieldStyles.error} role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

function FileSummary({ files, onRemove }: { files: File[]; onRemove: (i: number) => void }) {
  if (files.length === 0) return null;
  return (
    <ul className={styles.files} aria-label="Arquivos escolhidos">
      {files.map((f, i) => (
        <li key={`${f.name}-${i}`}>
          {f.type.startsWith('image/') && <img src={URL.createObjectURL(f)} alt={`Prévia de ${f.name}`} className={styles.preview} />}
          <span>
            {f.name} ({Math.ceil(f.size / 1024)} KB)
          </span>
          <button type="button" className={buttonClass('link')} onClick={() => onRemove(i)}>
            Remover
          </button>
        </li>
      ))}
    </ul>
  );
}

// ── Contestação de Fatura ────────────────────────────────────────────────────────────────────
export function ContestationForm({ pending, send }: RequestFormProps) {
  const { register } = useSupportForm();
  const attachment = usePdfOrJpg();
  const { file, setFileError } = attachment;
  const submit = (e?: BaseSyntheticEvent) => {
    if (!file) setFileError(SUPPORT_MSG.pdfOrJpg);
    return send(file ? [file] : [])(e);
  };
  return (
    <form noValidate aria-label="Contestação de Fatura" onSubmit={submit}>
      <Select
        label="Tipo de contestação"
        placeholder="Outro ocorrido"
        options={CONTESTATION_TYPES.map((t) => ({ value: t.Id, label: t.Titulo }))}
        {...register('tipoContestacao', { setValueAs: emptyToUndefined })}
      />
      <LongText label="Descrição" name="descricao" maxLength={2000} />
      <PdfOrJpgAttachment label="Anexo (PDF ou JPG)" photoLabel="Ou tire uma foto da fatura" attachment={attachment} />
      <Submit pending={pending} />
    </form>
  );
}

// ── Ouvidoria ────────────────────────────────────────────────────────────────────────────────
export function OmbudsmanForm({ pending, send }: RequestFormProps) {
  const attachment = usePdfOrJpg();
  const { file } = attachment;
  return (
    <form noValidate aria-label="Ouvidoria" onSubmit={send(file ? [file] : [])}>
      <LongText label="Descreva sua manifestação" name="descricao" maxLength={4000} />
      <PdfOrJpgAttachment label="Anexo opcional (PDF ou JPG)" photoLabel="Ou tire uma foto" attachment={attachment} />
      <Submit pending={pending}>Enviar</Submit>
    </form>
  );
}

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
