import type { BaseSyntheticEvent } from 'react';
import { cancellationLockIn, CONTESTATION_TYPES, lockInText, SUPPORT_MSG, todayInSaoPaulo, TRACKER_CASES } from '@guarita/domain';
import { Select } from '../../../components/ui/Select';
import { TextField } from '../../../components/ui/TextField';
import { PdfOrJpgAttachment, usePdfOrJpg } from './file-pickers';
import type { RequestFormProps } from './request-forms';
import { emptyToUndefined, LongText, opts, Submit, useSupportForm } from './support-form';
import styles from './SupportPage.module.css';

// The registration change form is its own file; it loads with the others (one chunk, request-forms.ts).
export { RegistrationChangeForm } from './RegistrationChangeForm';

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
