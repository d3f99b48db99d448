import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { PHOTO_PROBLEM_TIP, photoProblems, photoQuestion, type PhotoProblem } from '@guarita/domain/photo-quality';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { measurePhotoFile } from './measure-photo';
import styles from './PhotoCheck.module.css';

/** What the customer chose: send the photo, or take another (nothing is sent). */
export type PhotoDecision = 'send' | 'retake';

/** Texts of the check (ADR 090); the question itself comes from the domain's `photoQuestion`. */
export const PHOTO_CHECK_MSG = {
  checking: 'Verificando a foto…',
  retake: 'Tirar outra',
  sendAnyway: 'Enviar mesmo assim',
} as const;

const isImage = (f: File) => f.type.startsWith('image/') || /\.(jpe?g|png|webp)$/i.test(f.name);

type State = { phase: 'idle' } | { phase: 'checking' } | { phase: 'asking'; problems: PhotoProblem[]; file: File };

/** An object URL for the photo asked about, revoked when it changes or the dialog goes away. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') return setUrl(null);
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return url;
}

/**
 * The photo check before a claim or spare-car photo is handed to the upload (issue 31 item 3): `check(file)`
 * measures it in a worker and, when it looks shaken, dark or too small, asks 'A foto parece tremida — tirar outra?'
 * with 'Tirar outra' (resolves 'retake': nothing is sent) and 'Enviar mesmo assim' (resolves 'send'). A fine photo,
 * a PDF, or one the browser cannot measure resolves 'send' without asking. Render `dialog` once in the component.
 */
export function usePhotoCheck(): { check: (file: File) => Promise<PhotoDecision>; dialog: ReactNode } {
  const [state, setState] = useState<State>({ phase: 'idle' });
  const pending = useRef<((d: PhotoDecision) => void) | null>(null);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
      pending.current?.('retake'); // the screen went away: nothing is sent
      pending.current = null;
    },
    [],
  );

  const check = useCallback(async (file: File): Promise<PhotoDecision> => {
    if (!isImage(file)) return 'send';
    setState({ phase: 'checking' });
    const measures = await measurePhotoFile(file);
    const problems = measures ? photoProblems(measures) : [];
    if (!alive.current) return 'retake';
    if (problems.length === 0) {
      setState({ phase: 'idle' });
      return 'send';
    }
    return new Promise<PhotoDecision>((resolve) => {
      pending.current = resolve;
      setState({ phase: 'asking', problems, file });
    });
  }, []);

  const answer = (d: PhotoDecision) => {
    const resolve = pending.current;
    pending.current = null;
    setState({ phase: 'idle' });
    resolve?.(d);
  };

  const asking = state.phase === 'asking' ? state : null;
  const preview = usePreview(asking?.file ?? null);
  const dialog = (
    <>
      <p role="status" className={state.phase === 'checking' ? undefined : 'sr-only'}>
        {state.phase === 'checking' ? PHOTO_CHECK_MSG.checking : ''}
      </p>
      <Modal
        open={asking !== null}
        title={asking ? (photoQuestion(asking.problems) ?? '') : ''}
        onClose={() => answer('retake')}
        actions={
          <>
            <Button onClick={() => answer('retake')}>{PHOTO_CHECK_MSG.retake}</Button>
            <Button variant="secondary" onClick={() => answer('send')}>
              {PHOTO_CHECK_MSG.sendAnyway}
            </Button>
          </>
        }
      >
        {preview && <img src={preview} alt="A foto escolhida" className={styles.preview} />}
        {asking && (
          <ul className={styles.tips}>
            {asking.problems.map((p) => (
              <li key={p}>{PHOTO_PROBLEM_TIP[p]}</li>
            ))}
          </ul>
        )}
      </Modal>
    </>
  );
  return { check, dialog };
}
