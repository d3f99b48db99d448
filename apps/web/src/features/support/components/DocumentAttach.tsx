import { useEffect, useId, useState } from 'react';
import { MAX_UPLOAD_BYTES, SUPPORT_MSG, type DocumentType } from '@guarita/domain';
import { Button, buttonClass } from '../../../components/ui/Button';
import { useModalDialog } from '../../../components/ui/use-modal-dialog';
import styles from './DocumentAttach.module.css';

/** Files a document change accepts (001 §5): pdf, png, jpg, jpeg. */
const DOC_FILE = /\.(pdf|png|jpe?g)$/i;
const DOC_TYPES = ['application/pdf', 'image/png', 'image/jpeg'];
export const acceptsDocument = (f: File) => DOC_FILE.test(f.name) && (f.type === '' || DOC_TYPES.includes(f.type));

interface Props {
  open: boolean;
  documento: DocumentType;
  files: File[];
  onAdd: (f: File) => void;
  onRemove: (index: number) => void;
  onClose: () => void;
  /** 'Confirmar alteração': close the flow and send the request. */
  onConfirm: () => void;
}

function Preview({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file.type.startsWith('image/') || typeof URL.createObjectURL !== 'function') return;
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL?.(u);
  }, [file]);
  return url ? (
    <img src={url} alt={`Prévia de ${file.name}`} className={styles.image} />
  ) : (
    <span className={styles.pdf} aria-label={`Prévia de ${file.name}`}>
      PDF
    </span>
  );
}

/**
 * The CNH/CRLV attach flow of a registration change (001 §2, §4): a full-screen step to pick the document from
 * the gallery, the camera (phones open it through `capture`) or a file, then a preview with 'Anexar outra CNH/CRLV'
 * and 'Confirmar alteração'. A native modal <dialog> (focus trapped, Esc closes, focus returns).
 */
export function DocumentAttach({ open, documento, files, onAdd, onRemove, onClose, onConfirm }: Props) {
  const ref = useModalDialog(open);
  const titleId = useId();
  const [choosing, setChoosing] = useState(files.length === 0);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) setChoosing(files.length === 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- opening decides the first screen; adding files later does not
  }, [open]);

  const pick = (f: File | undefined) => {
    if (!f) return;
    if (!acceptsDocument(f)) return setError(SUPPORT_MSG.invalidFormat);
    if (!f.type.startsWith('image/') && f.size > MAX_UPLOAD_BYTES) return setError(SUPPORT_MSG.fileTooLarge);
    setError(null);
    onAdd(f);
    setChoosing(false);
  };

  const picker = (label: string, accept: string, capture?: boolean) => (
    <label className={styles.option}>
      <span>{label}</span>
      <input
        type="file"
        accept={accept}
        {...(capture ? { capture: 'environment' as const } : {})}
        onChange={(e) => {
          pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </label>
  );

  return (
    <dialog
      ref={ref}
      className={styles.sheet}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {open && (
        <div className={styles.body}>
          <h2 id={titleId}>{choosing ? `Anexar ${documento}` : `Confira a ${documento}`}</h2>
          {choosing ? (
            <>
              <p>Escolha da galeria, tire uma foto ou envie um arquivo (PDF, PNG ou JPG).</p>
              <div className={styles.options}>
                {picker('Galeria', 'image/png,image/jpeg')}
                {picker('Tirar foto', 'image/*', true)}
                {picker('Arquivo', '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg')}
              </div>
              {error && (
                <p className={styles.error} role="alert">
                  {error}
                </p>
              )}
              <div className={styles.actions}>
                <Button variant="secondary" type="button" onClick={files.length ? () => setChoosing(false) : onClose}>
                  Voltar
                </Button>
              </div>
            </>
          ) : (
            <>
              <ul className={styles.previews} aria-label={`${documento} anexada`}>
                {files.map((f, i) => (
                  <li key={`${f.name}-${i}`}>
                    <Preview file={f} />
                    <span>{f.name}</span>
                    <button type="button" className={buttonClass('link')} onClick={() => onRemove(i)}>
                      Remover
                    </button>
                  </li>
                ))}
              </ul>
              <div className={styles.actions}>
                {files.length < 5 && (
                  <Button variant="secondary" type="button" onClick={() => setChoosing(true)}>
                    Anexar outra {documento}
                  </Button>
                )}
                <Button type="button" disabled={files.length === 0} onClick={onConfirm}>
                  Confirmar alteração
                </Button>
              </div>
            </>
          )}
        </div>
      )}
    </dialog>
  );
}
