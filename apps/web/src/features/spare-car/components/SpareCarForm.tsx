import { useState } from 'react';
import { Controller, get, useFormContext, useWatch, type FieldError } from 'react-hook-form';
import {
  MAX_UPLOAD_BYTES,
  needsOccurrenceReport,
  SPARE_CAR_MSG,
  SPARE_CAR_PHOTOS,
  SPARE_CAR_REASONS,
  SUPPORT_MSG,
  TRANSPORT_OPTIONS,
  type SpareCarReason,
  type TransportOption,
} from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { RadioGroup } from '../../../components/ui/RadioGroup';
import { Select } from '../../../components/ui/Select';
import { Skeleton } from '../../../components/ui/Skeleton';
import { QueryError } from '../../../components/ui/QueryError';
import { TextField } from '../../../components/ui/TextField';
import { fileIsOneOf } from '../../../lib/file-type';
import type { RequestFormProps, SupportFormValues } from '../../support';
import { useRestrictions } from '../../vehicle-change';
import { PhotoCapture } from './PhotoCapture';
import styles from './SpareCarForm.module.css';

/** The occurrence report is a PDF (ADR 061): by its name and, since a name can lie, by its first bytes. */
const REPORT_ACCEPT = '.pdf,application/pdf';
const isReport = async (f: File) => /\.pdf$/i.test(f.name) && (await fileIsOneOf(f, ['application/pdf']));

/**
 * 'Carro Reserva' (001 §2, §4, §5): MOTIVO; theft/robbery → the occurrence report, fire/collision → two vehicle photos
 * through the capture flow; a transport option (a location for carro_reserva); 'Enviar Solicitação' once a transport
 * option is chosen. A blocked customer sees 'Solicitação Bloqueada' with each rule and when it ends; the server
 * applies the same rules again on send.
 */
export function SpareCarForm({ contract, pending, send }: RequestFormProps) {
  const restrictions = useRestrictions(contract.nCtrId);
  const { control, register, formState } = useFormContext<SupportFormValues>();
  const errorOf = (path: string) => (get(formState.errors, path) as FieldError | undefined)?.message;
  const [motivo, transporte] = useWatch({ control, name: ['motivo', 'transporte'] }) as [
    SpareCarReason | '' | undefined,
    TransportOption | undefined,
  ];
  const [report, setReport] = useState<File | null>(null);
  const [reportError, setReportError] = useState<string | null>(null);
  const [photos, setPhotos] = useState<Array<File | null>>(Array.from({ length: SPARE_CAR_PHOTOS }, () => null));
  const [blockedOpen, setBlockedOpen] = useState(true);

  if (restrictions.isLoading) return <Skeleton shape="block" label="Carregando…" />;
  // Which rules apply is unknown: say so and offer to ask again, rather than a form the server may refuse.
  if (restrictions.error)
    return <QueryError error={restrictions.error} onRetry={() => restrictions.refetch()} retrying={restrictions.isRefetching} />;
  const block = restrictions.data?.carroReserva;
  if (block?.bloqueado) {
    const rules = (
      <ul>
        {block.regras.map((r) => (
          <li key={r.rule}>{r.texto}</li>
        ))}
      </ul>
    );
    return (
      <div className={styles.blocked}>
        <Alert>
          <strong>{SPARE_CAR_MSG.blockedTitle}</strong>
          {rules}
        </Alert>
        <Modal
          open={blockedOpen}
          title={SPARE_CAR_MSG.blockedTitle}
          tone="error"
          onClose={() => setBlockedOpen(false)}
          actions={<Button onClick={() => setBlockedOpen(false)}>{SPARE_CAR_MSG.back}</Button>}
        >
          <p>Não é possível solicitar o carro reserva agora:</p>
          {rules}
        </Modal>
      </div>
    );
  }

  const theft = !!motivo && needsOccurrenceReport(motivo);
  const files = theft ? (report ? [report] : []) : motivo ? photos.filter((p): p is File => p !== null) : [];
  const pickReport = async (f: File | undefined) => {
    if (!f) return;
    const problem = !(await isReport(f)) ? SUPPORT_MSG.pdfOnlyReport : f.size > MAX_UPLOAD_BYTES ? SUPPORT_MSG.fileTooLarge : null;
    setReportError(problem);
    if (!problem) setReport(f);
  };
  return (
    <form noValidate onSubmit={send(files)} aria-label="Carro Reserva" className={styles.form}>
      <Select
        label="MOTIVO"
        placeholder="Selecione"
        options={SPARE_CAR_REASONS.map((r) => ({ value: r, label: r }))}
        {...register('motivo')}
        error={errorOf('motivo')}
      />

      {theft && (
        <div>
          <TextField
            label="Boletim de ocorrência (PDF)"
            type="file"
            accept={REPORT_ACCEPT}
            className={styles.file}
            error={reportError ?? undefined}
            onChange={(e) => void pickReport(e.target.files?.[0])}
          />
          {report && <p>Arquivo escolhido: {report.name}</p>}
        </div>
      )}
      {!!motivo && !theft && (
        <div className={styles.photos}>
          {photos.map((p, i) => (
            <PhotoCapture
              key={i}
              label={`Foto ${i + 1} do veículo`}
              file={p}
              onChange={(f) => setPhotos((all) => all.map((x, j) => (j === i ? f : x)))}
            />
          ))}
        </div>
      )}

      <Controller
        control={control}
        name="transporte"
        render={({ field }) => (
          <RadioGroup
            legend="Opção de transporte"
            name={field.name}
            options={TRANSPORT_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
            value={(field.value as TransportOption | undefined) ?? null}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errorOf('transporte')}
          />
        )}
      />
      {transporte === 'carro_reserva' && (
        <TextField label="Local de retirada do carro reserva" maxLength={200} {...register('local')} error={errorOf('local')} />
      )}

      <Button type="submit" loading={pending} disabled={!transporte}>
        {SPARE_CAR_MSG.submit}
      </Button>
    </form>
  );
}
