import { useCallback, useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import type { UploadProgress } from '../../lib/upload';
import { Button, buttonClass } from './Button';
import styles from './FileUpload.module.css';

/** What FileUpload calls for each file; report progress and stop when `signal` aborts. */
export type UploadFn<R = unknown> = (file: File, opts: { onProgress: (p: UploadProgress) => void; signal: AbortSignal }) => Promise<R>;

type Status = 'uploading' | 'done' | 'failed' | 'cancelled';
interface Item<R> {
  id: number;
  file: File;
  preview: string | null;
  status: Status;
  percent: number;
  error: string | null;
  /** Refused by `validate` when chosen (type, size): sending it again cannot help, so no 'Tentar novamente'. */
  refused: boolean;
  result?: R;
}

interface Props<R> {
  label: string;
  /** e.g. 'image/jpeg,image/png,application/pdf'. */
  accept: string;
  upload: UploadFn<R>;
  multiple?: boolean;
  /**
   * A message for a file refused before upload (type, size), or null to send it. Called once per chosen file (never
   * on a render); it may answer later (a promise), e.g. after reading the file's first bytes (lib/file-type.ts).
   */
  validate?: (file: File) => string | null | Promise<string | null>;
  /**
   * A last look at each file `validate` let through, before it is sent (the photo check, issue 31 item 3): false
   * drops the file, nothing is sent and nothing is listed. Called once per chosen file, after `validate`.
   */
  review?: (file: File) => Promise<boolean>;
  /** Text of an upload failure; default: the error's own message. */
  errorText?: (err: unknown) => string;
  onUploaded?: (file: File, result: R) => void;
  /** The line under a file once `upload` resolved; default 'Enviado' (e.g. 'kept on this device' for an outbox). */
  doneText?: (result: R) => string;
  onRemove?: (file: File) => void;
  hint?: ReactNode;
  error?: string | undefined;
}

const isImage = (f: File) => f.type.startsWith('image/');
const isAbort = (e: unknown) => e instanceof DOMException && e.name === 'AbortError';
const coarsePointer = () => typeof window !== 'undefined' && !!window.matchMedia?.('(pointer: coarse)').matches;

/**
 * Picks files (drag and drop, a file dialog, the gallery and — on phones — the camera), shows a preview and a
 * progress bar per file, and offers 'Cancelar' while sending and 'Tentar novamente' after a failure.
 * The upload itself is the caller's (`upload`), e.g. `sendPhoto` from lib/uploads/manager (resumable, ADR 093).
 */
export function FileUpload<R = unknown>({
  label,
  accept,
  upload,
  multiple = false,
  validate,
  review,
  errorText,
  onUploaded,
  doneText,
  onRemove,
  hint,
  error,
}: Props<R>) {
  const id = useId();
  const [items, setItems] = useState<Item<R>[]>([]);
  const [dragging, setDragging] = useState(false);
  const [phone] = useState(coarsePointer);
  const nextId = useRef(1);
  const controllers = useRef(new Map<number, AbortController>());
  // The gallery offers the image types of `accept` only (not 'image/*': a HEIC or a GIF would be refused after).
  const imageAccept = accept
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t.startsWith('image/') || /^\.(jpe?g|png|webp|gif|heic|heif|avif|bmp|tiff?)$/i.test(t))
    .join(',');
  const acceptsImages = imageAccept !== '';

  const patch = (itemId: number, p: Partial<Item<R>>) => setItems((all) => all.map((it) => (it.id === itemId ? { ...it, ...p } : it)));

  const send = useCallback(
    (item: Item<R>) => {
      const ctrl = new AbortController();
      controllers.current.set(item.id, ctrl);
      patch(item.id, { status: 'uploading', percent: 0, error: null });
      upload(item.file, {
        signal: ctrl.signal,
        onProgress: ({ loaded, total }) => patch(item.id, { percent: total ? Math.round((loaded / total) * 100) : 0 }),
      })
        .then((result) => {
          patch(item.id, { status: 'done', percent: 100, result });
          onUploaded?.(item.file, result);
        })
        .catch((err: unknown) => {
          if (isAbort(err)) patch(item.id, { status: 'cancelled', error: null });
          else patch(item.id, { status: 'failed', error: errorText ? errorText(err) : err instanceof Error ? err.message : String(err) });
        })
        .finally(() => controllers.current.delete(item.id));
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- patch only uses the state setter
    [upload, onUploaded, errorText],
  );

  const add = (files: FileList | File[] | null) => {
    if (!files) return;
    const chosen = [...files].slice(0, multiple ? undefined : 1);
    const checks = chosen.map((file) => validate?.(file) ?? null);
    const settle = (refusals: (string | null)[], kept: boolean[] = chosen.map(() => true)) => {
      const fresh = chosen.flatMap<Item<R>>((file, i) => {
        if (!kept[i]) return [];
        const refused = refusals[i] ?? null;
        return {
          id: nextId.current++,
          file,
          preview: isImage(file) && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null,
          status: refused ? 'failed' : 'uploading',
          percent: 0,
          error: refused,
          refused: refused !== null,
        };
      });
      if (fresh.length === 0 && kept.includes(false)) return; // dropped by `review`: the list stays as it was
      setItems((all) => (multiple ? [...all, ...fresh] : fresh));
      fresh.filter((it) => !it.refused).forEach(send);
    };
    // `review` asks about the files `validate` let through, one after the other.
    const reviewed = async (refusals: (string | null)[]) => {
      const kept: boolean[] = [];
      for (const [i, file] of chosen.entries()) kept.push(refusals[i] != null || (await review!(file).catch(() => true)));
      settle(refusals, kept);
    };
    const next = review ? (r: (string | null)[]) => void reviewed(r) : settle;
    // A check that answers at once settles at once (as before); one that reads the file first settles when it has.
    if (checks.some((c) => c instanceof Promise)) void Promise.all(checks).then(next, () => next(checks.map(() => null)));
    else next(checks as (string | null)[]);
  };

  // Object URLs of previews are released when the component goes away.
  const itemsRef = useRef(items);
  itemsRef.current = items;
  useEffect(
    () => () => {
      for (const it of itemsRef.current) if (it.preview) URL.revokeObjectURL?.(it.preview);
      for (const c of controllers.current.values()) c.abort();
    },
    [],
  );

  const remove = (it: Item<R>) => {
    controllers.current.get(it.id)?.abort();
    if (it.preview) URL.revokeObjectURL?.(it.preview);
    setItems((all) => all.filter((x) => x.id !== it.id));
    onRemove?.(it.file);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    add(e.dataTransfer.files);
  };

  const picker = (suffix: string, text: string, opts: { accept: string; capture?: 'environment' }) => (
    <span className={styles.pick}>
      <input
        id={`${id}-${suffix}`}
        className={styles.input}
        type="file"
        accept={opts.accept}
        capture={opts.capture}
        multiple={multiple && !opts.capture}
        onChange={(e) => {
          add(e.target.files);
          e.target.value = '';
        }}
      />
      <label htmlFor={`${id}-${suffix}`} className={buttonClass('secondary')}>
        {text}
      </label>
    </span>
  );

  return (
    <div className={styles.upload} role="group" aria-labelledby={`${id}-label`}>
      <p id={`${id}-label`} className={styles.label}>
        {label}
      </p>
      <div
        className={[styles.zone, dragging ? styles.dragging : ''].filter(Boolean).join(' ')}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>Arraste o arquivo para cá ou escolha abaixo.</p>
        <div className={styles.buttons}>
          {phone && acceptsImages && picker('camera', 'Tirar foto', { accept: 'image/*', capture: 'environment' })}
          {acceptsImages && picker('gallery', 'Escolher da galeria', { accept: imageAccept })}
          {picker('file', 'Escolher arquivo', { accept })}
        </div>
      </div>
      {hint && <small className={styles.status}>{hint}</small>}
      {error && (
        <small className={styles.error} role="alert">
          {error}
        </small>
      )}
      {items.length > 0 && (
        <ul className={styles.list} aria-label="Arquivos">
          {items.map((it) => (
            <li key={it.id} className={styles.item}>
              {it.preview ? <img className={styles.preview} src={it.preview} alt="" /> : <span className={styles.preview}>PDF</span>}
              <div>
                <p className={styles.name}>{it.file.name}</p>
                {it.status === 'uploading' && (
                  <progress className={styles.progress} max={100} value={it.percent} aria-label={`Enviando ${it.file.name}`}>
                    {it.percent}%
                  </progress>
                )}
                <p
                  className={[styles.status, it.status === 'failed' ? styles.failed : ''].filter(Boolean).join(' ')}
                  role={it.status === 'failed' ? 'alert' : undefined}
                >
                  {it.status === 'uploading' && `Enviando… ${it.percent}%`}
                  {it.status === 'done' && (doneText && it.result !== undefined ? doneText(it.result) : 'Enviado')}
                  {it.status === 'cancelled' && 'Envio cancelado'}
                  {it.status === 'failed' && it.error}
                </p>
              </div>
              <div className={styles.actions}>
                {it.status === 'uploading' && (
                  <Button type="button" variant="link" onClick={() => controllers.current.get(it.id)?.abort()}>
                    Cancelar
                  </Button>
                )}
                {(it.status === 'failed' || it.status === 'cancelled') && !it.refused && (
                  <Button type="button" variant="link" onClick={() => send(it)}>
                    Tentar novamente
                  </Button>
                )}
                {it.status !== 'uploading' && (
                  <Button type="button" variant="link" onClick={() => remove(it)} aria-label={`Remover ${it.file.name}`}>
                    Remover
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
