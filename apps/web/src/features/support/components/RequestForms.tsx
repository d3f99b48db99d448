import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  cancellationLockIn,
  CONTESTATION_TYPES,
  DOCUMENT_TYPES,
  lockInText,
  maskCep,
  maskPhoneInput,
  MAX_UPLOAD_BYTES,
  REGISTRATION_CHANGES,
  SUPPORT_MSG,
  todayInSaoPaulo,
  TRACKER_CASES,
  VEHICLE_USES,
  type DocumentType,
  type RegistrationChange,
} from '@guarita/domain';
import { ApiError } from '../../../lib/api';
import { useCepLookup } from '../api/lookup-cep';
import { DocumentAttach } from './DocumentAttach';
import { Button, buttonClass } from '../../../components/ui/Button';
import { fieldStyles } from '../../../components/ui/Field';
import { TextField } from '../../../components/ui/TextField';
import { SelectField, TextAreaField, type FieldErrors } from './fields';
import styles from './SupportPage.module.css';

export interface SubFormProps {
  errors: FieldErrors;
  pending: boolean;
  /** The request fields (without tipo and telefone) and the chosen files. */
  onSubmit: (fields: Record<string, unknown>, files: File[]) => void;
}

const opts = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

function Submit({ pending, children = 'Enviar solicitação' }: { pending: boolean; children?: ReactNode }) {
  return (
    <Button type="submit" loading={pending}>
      {children}
    </Button>
  );
}

const onForm = (fn: () => void) => (e: FormEvent) => {
  e.preventDefault();
  fn();
};

// ── Cancelamento ─────────────────────────────────────────────────────────────────────────────
export function CancellationForm({ errors, pending, onSubmit, startDate }: SubFormProps & { startDate: string }) {
  const [motivo, setMotivo] = useState('');
  const [detalhe, setDetalhe] = useState('');
  const lockIn = cancellationLockIn(startDate, todayInSaoPaulo());
  return (
    <form noValidate onSubmit={onForm(() => onSubmit({ motivo, detalhe }, []))} aria-label="Cancelamento">
      <TextField
        label="MOTIVO DO CANCELAMENTO"
        value={motivo}
        onChange={(e) => setMotivo(e.target.value)}
        maxLength={200}
        error={errors.motivo}
      />
      <TextAreaField
        label="Explique mais sobre sua decisão"
        value={detalhe}
        onChange={(e) => setDetalhe(e.target.value)}
        maxLength={2000}
        error={errors.detalhe}
      />
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
export function TrackerForm({ errors, pending, onSubmit }: SubFormProps) {
  const [caso, setCaso] = useState('');
  const [descricao, setDescricao] = useState('');
  return (
    <form noValidate onSubmit={onForm(() => onSubmit({ caso, descricao }, []))} aria-label="Suporte Rastreador">
      <SelectField label="CASO" value={caso} onChange={(e) => setCaso(e.target.value)} options={opts(TRACKER_CASES)} error={errors.caso} />
      <TextAreaField
        label="Explique o ocorrido"
        value={descricao}
        onChange={(e) => setDescricao(e.target.value)}
        maxLength={2000}
        error={errors.descricao}
      />
      <Submit pending={pending} />
    </form>
  );
}

// ── File picking (contestation, ombudsman, documents) ────────────────────────────────────────
const PDF_OR_JPG = /\.(pdf|jpe?g)$/i;

/** Images are resized before upload; anything else (a PDF) must already fit in 5 MB (001 §5). */
const tooLargeToSend = (f: File) => !f.type.startsWith('image/') && f.size > MAX_UPLOAD_BYTES;

/**
 * One PDF or JPG attachment (contestation, ombudsman): a file of another type ('Selecione um arquivo PDF ou JPG!')
 * or a PDF over 5 MB is refused with its message and replaces no earlier choice.
 */
function usePdfOrJpg() {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const pick = (f: File) => {
    const problem = tooLargeToSend(f) ? SUPPORT_MSG.fileTooLarge : PDF_OR_JPG.test(f.name) ? undefined : SUPPORT_MSG.pdfOrJpg;
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
  onPick: (f: File) => void;
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
            if (f) onPick(f);
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
export function ContestationForm({ errors, pending, onSubmit }: SubFormProps) {
  const [tipoContestacao, setTipo] = useState('');
  const [descricao, setDescricao] = useState('');
  const attachment = usePdfOrJpg();
  const { file, setFileError } = attachment;
  return (
    <form
      noValidate
      aria-label="Contestação de Fatura"
      onSubmit={onForm(() => {
        if (!file) setFileError(SUPPORT_MSG.pdfOrJpg);
        onSubmit({ descricao, ...(tipoContestacao ? { tipoContestacao } : {}) }, file ? [file] : []);
      })}
    >
      <SelectField
        label="Tipo de contestação"
        value={tipoContestacao}
        onChange={(e) => setTipo(e.target.value)}
        options={CONTESTATION_TYPES.map((t) => ({ value: t.Id, label: t.Titulo }))}
        placeholder="Outro ocorrido"
      />
      <TextAreaField
        label="Descrição"
        value={descricao}
        onChange={(e) => setDescricao(e.target.value)}
        maxLength={2000}
        error={errors.descricao}
      />
      <PdfOrJpgAttachment label="Anexo (PDF ou JPG)" photoLabel="Ou tire uma foto da fatura" attachment={attachment} />
      <Submit pending={pending} />
    </form>
  );
}

// ── Ouvidoria ────────────────────────────────────────────────────────────────────────────────
export function OmbudsmanForm({ errors, pending, onSubmit }: SubFormProps) {
  const [descricao, setDescricao] = useState('');
  const attachment = usePdfOrJpg();
  const { file } = attachment;
  return (
    <form noValidate aria-label="Ouvidoria" onSubmit={onForm(() => onSubmit({ descricao }, file ? [file] : []))}>
      <TextAreaField
        label="Descreva sua manifestação"
        value={descricao}
        onChange={(e) => setDescricao(e.target.value)}
        maxLength={4000}
        error={errors.descricao}
      />
      <PdfOrJpgAttachment label="Anexo opcional (PDF ou JPG)" photoLabel="Ou tire uma foto" attachment={attachment} />
      <Submit pending={pending}>Enviar</Submit>
    </form>
  );
}

// ── Alteração de Dados Cadastrais ────────────────────────────────────────────────────────────
const EMPTY_ADDRESS = { cep: '', estado: '', cidade: '', bairro: '', rua: '', numero: '', complemento: '', codigoIbge: '' };

/** The CEP's answer: fills street, district, city and state; 'CEP não encontrado' under the field otherwise. */
function useCepFill(cep: string, fill: (a: { rua: string; bairro: string; cidade: string; estado: string; codigoIbge: string }) => void) {
  const lookup = useCepLookup(cep);
  const filled = useRef<string | null>(null);
  useEffect(() => {
    const a = lookup.data;
    if (!a || filled.current === a.Cep) return;
    filled.current = a.Cep;
    fill({ rua: a.Logradouro, bairro: a.Bairro, cidade: a.Municipio, estado: a.UF, codigoIbge: a.CodigoIbge });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fill once per CEP answer
  }, [lookup.data]);
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

export function RegistrationChangeForm({ errors, pending, onSubmit }: SubFormProps) {
  const [first, setFirst] = useState<RegistrationChange | ''>('');
  const [more, setMore] = useState(false);
  const [second, setSecond] = useState<RegistrationChange | ''>('');
  const [endereco, setEndereco] = useState(EMPTY_ADDRESS);
  const [novoTelefone, setNovoTelefone] = useState('');
  const [novoEmail, setNovoEmail] = useState('');
  const [utilizacao, setUtilizacao] = useState('');
  const [outros, setOutros] = useState('');
  const [documento, setDocumento] = useState<DocumentType | ''>('');
  const [files, setFiles] = useState<File[]>([]);
  const [attaching, setAttaching] = useState(false);
  const [fileError, setFileError] = useState<string | undefined>();

  const docFirst = first === 'Alteração de documentos';
  const chosen = [first, ...(more && !docFirst ? [second] : [])].filter((c): c is RegistrationChange => c !== '');
  const has = (c: RegistrationChange) => chosen.includes(c);
  const setAddr = (k: keyof typeof endereco, v: string) => setEndereco((a) => ({ ...a, [k]: v }));
  const cep = useCepFill(has('Endereço') ? endereco.cep : '', (found) => setEndereco((a) => ({ ...a, ...found })));

  const submit = () => {
    if (has('Alteração de documentos') && files.length === 0) setFileError(`Anexe a ${documento || 'CNH ou o CRLV'}.`);
    else setFileError(undefined);
    const { complemento, codigoIbge, ...addr } = endereco;
    onSubmit(
      {
        alteracoes: chosen,
        ...(has('Endereço')
          ? { endereco: { ...addr, ...(complemento ? { complemento } : {}), ...(/^\d{7}$/.test(codigoIbge) ? { codigoIbge } : {}) } }
          : {}),
        ...(has('Telefone') ? { novoTelefone } : {}),
        ...(has('E-mail') ? { novoEmail } : {}),
        ...(has('Utilização do veículo') && utilizacao ? { utilizacao } : {}),
        ...(has('Alteração de documentos') && documento ? { documento } : {}),
        ...(has('Outros') ? { outros } : {}),
      },
      has('Alteração de documentos') ? files : [],
    );
  };

  return (
    <form noValidate aria-label="Alteração de Dados Cadastrais" onSubmit={onForm(submit)}>
      <SelectField
        label="O que você quer alterar?"
        value={first}
        onChange={(e) => {
          setFirst(e.target.value as RegistrationChange | '');
          if (e.target.value === 'Alteração de documentos') setMore(false);
        }}
        options={opts(REGISTRATION_CHANGES)}
        error={errors.alteracoes}
      />
      <label className={styles.check}>
        <input type="checkbox" checked={more} disabled={docFirst} onChange={(e) => setMore(e.target.checked)} /> Alterar mais dados
      </label>
      {more && !docFirst && (
        <SelectField
          label="O que mais você quer alterar?"
          value={second}
          onChange={(e) => setSecond(e.target.value as RegistrationChange | '')}
          options={opts(REGISTRATION_CHANGES.filter((c) => c !== first && c !== 'Alteração de documentos'))}
        />
      )}
      {has('Endereço') && (
        <fieldset className={styles.group}>
          <legend>Novo endereço</legend>
          <TextField
            label="CEP"
            inputMode="numeric"
            autoComplete="postal-code"
            value={endereco.cep}
            onChange={(e) =>
              setEndereco({ ...EMPTY_ADDRESS, numero: endereco.numero, complemento: endereco.complemento, cep: maskCep(e.target.value) })
            }
            maxLength={9}
            hint={cep.searching ? 'Buscando o endereço…' : cep.message && !cep.notFound ? cep.message : undefined}
            error={errors['endereco.cep'] ?? errors.endereco ?? (cep.notFound ? SUPPORT_MSG.cepNotFound : undefined)}
          />
          <TextField
            label="Estado (UF)"
            value={endereco.estado}
            onChange={(e) => setAddr('estado', e.target.value.toUpperCase().slice(0, 2))}
            error={errors['endereco.estado']}
          />
          <TextField
            label="Cidade"
            value={endereco.cidade}
            onChange={(e) => setAddr('cidade', e.target.value)}
            error={errors['endereco.cidade']}
          />
          <TextField
            label="Bairro"
            value={endereco.bairro}
            onChange={(e) => setAddr('bairro', e.target.value)}
            error={errors['endereco.bairro']}
          />
          <TextField label="Rua" value={endereco.rua} onChange={(e) => setAddr('rua', e.target.value)} error={errors['endereco.rua']} />
          <TextField
            label="Número"
            value={endereco.numero}
            onChange={(e) => setAddr('numero', e.target.value)}
            error={errors['endereco.numero']}
          />
          <TextField label="Complemento (opcional)" value={endereco.complemento} onChange={(e) => setAddr('complemento', e.target.value)} />
        </fieldset>
      )}
      {has('Telefone') && (
        <TextField
          label="Novo telefone"
          type="tel"
          inputMode="tel"
          value={novoTelefone}
          onChange={(e) => setNovoTelefone(maskPhoneInput(e.target.value))}
          error={errors.novoTelefone}
        />
      )}
      {has('E-mail') && (
        <TextField
          label="Novo e-mail"
          type="email"
          value={novoEmail}
          onChange={(e) => setNovoEmail(e.target.value)}
          error={errors.novoEmail}
        />
      )}
      {has('Utilização do veículo') && (
        <SelectField
          label="Utilização do veículo"
          value={utilizacao}
          onChange={(e) => setUtilizacao(e.target.value)}
          options={opts(VEHICLE_USES)}
          error={errors.utilizacao}
        />
      )}
      {has('Outros') && (
        <TextAreaField
          label="Descreva a alteração"
          value={outros}
          onChange={(e) => setOutros(e.target.value)}
          maxLength={2000}
          error={errors.outros}
        />
      )}
      {has('Alteração de documentos') && (
        <fieldset className={styles.group}>
          <legend>Documento</legend>
          <SelectField
            label="Tipo de documento"
            value={documento}
            onChange={(e) => {
              const d = e.target.value as DocumentType | '';
              setDocumento(d);
              setFiles([]);
              // Choosing CNH or CRLV opens the full-screen attach flow (001 §2).
              setAttaching(d !== '');
            }}
            options={opts(DOCUMENT_TYPES)}
            error={errors.documento}
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
                  submit();
                }}
              />
            </div>
          )}
        </fieldset>
      )}
      {has('Alteração de documentos') ? !documento && <Submit pending={pending}>Continuar</Submit> : <Submit pending={pending} />}
    </form>
  );
}
