import { useRef, useState } from 'react';
import { MAX_UPLOAD_BYTES, SUPPORT_MSG } from '@guarita/domain';
import { fileIsOneOf } from '../../../lib/file-type';
import { buttonClass } from '../../../components/ui/Button';
import { fieldStyles } from '../../../components/ui/Field';
import styles from './SupportPage.module.css';

/* File picking of the support forms (contestation, ombudsman, documents). */

const PDF_OR_JPG = /\.(pdf|jpe?g)$/i;

/** Images are resized before upload; anything else (a PDF) must already fit in 5 MB (001 §5). */
const tooLargeToSend = (f: File) => !f.type.startsWith('image/') && f.size > MAX_UPLOAD_BYTES;

/**
 * One PDF or JPG attachment (contestation, ombudsman): a file of another type ('Selecione um arquivo PDF ou JPG!'),
 * by its name or by its first bytes (a renamed file), or a PDF over 5 MB is refused with its message when chosen
 * and replaces no earlier choice.
 */
export function usePdfOrJpg() {
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
export function PdfOrJpgAttachment({
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

export function FileSummary({ files, onRemove }: { files: File[]; onRemove: (i: number) => void }) {
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
