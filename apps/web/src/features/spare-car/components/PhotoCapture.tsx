import { useEffect, useState, type ChangeEvent } from 'react';
import { SPARE_CAR_MSG } from '@guarita/domain';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { usePhotoCheck } from '../../photo-check';
import styles from './SpareCarForm.module.css';

const PHOTO_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';
const isPhoto = (f: File) => /\.(jpe?g|png)$/i.test(f.name) || f.type === 'image/jpeg' || f.type === 'image/png';

/** An object URL for a preview, revoked when the file changes or the component leaves. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return url;
}

/**
 * One vehicle photo of the spare-car form (001 §2): an instruction modal, then choose a file or take a photo, then
 * the photo check (issue 31 item 3: 'A foto parece tremida — tirar outra?' when it looks shaken, dark or small;
 * 'Tirar outra' goes back to the instructions), then 'Está nítido?' — Não discards the photo, Sim keeps it.
 */
export function PhotoCapture({ label, file, onChange }: { label: string; file: File | null; onChange: (f: File | null) => void }) {
  const [step, setStep] = useState<'idle' | 'instructions' | 'confirm'>('idle');
  const [candidate, setCandidate] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const candidateUrl = usePreview(candidate);
  const keptUrl = usePreview(file);
  const photoCheck = usePhotoCheck();

  const pick = async (f: File | undefined) => {
    if (!f) return;
    if (!isPhoto(f)) {
      setError('Envie uma foto .jpg, .jpeg ou .png.');
      return;
    }
    setError(null);
    setStep('idle'); // the instructions close while the photo is checked
    if ((await photoCheck.check(f)) === 'retake') return setStep('instructions');
    setCandidate(f);
    setStep('confirm');
  };
  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    e.target.value = ''; // the same file may be chosen again after 'Não'
    void pick(chosen);
  };
  // 'Tirar foto' asks phones for the rear camera; both open the file chooser elsewhere.
  const input = (text: string, capture: boolean) => (
    <label className={buttonClass(capture ? 'primary' : 'secondary')}>
      {text}
      <input className="sr-only" type="file" accept={PHOTO_ACCEPT} capture={capture ? 'environment' : undefined} onChange={onFile} />
    </label>
  );
  const close = () => {
    setCandidate(null);
    setStep('idle');
  };

  return (
    <div className={styles.photo} role="group" aria-label={label}>
      <span className={styles.photoLabel}>{label}</span>
      {file && keptUrl ? (
        <>
          <img src={keptUrl} alt={`${label}: foto escolhida`} className={styles.preview} />
          <Button variant="link" type="button" onClick={() => onChange(null)}>
            Remover {label.toLowerCase()}
          </Button>
        </>
      ) : (
        <Button variant="secondary" type="button" onClick={() => setStep('instructions')}>
          Adicionar {label.toLowerCase()}
        </Button>
      )}

      {photoCheck.dialog}
      <Modal
        open={step === 'instructions'}
        title={`Como fotografar: ${label.toLowerCase()}`}
        onClose={close}
        actions={
          <>
            {input('Escolher arquivo', false)}
            {input('Tirar foto', true)}
          </>
        }
      >
        <p>Afaste-se uns 3 metros e fotografe o veículo inteiro, com boa iluminação e a placa legível. Mostre os danos.</p>
        {error && <p role="alert">{error}</p>}
      </Modal>
      <Modal
        open={step === 'confirm'}
        title={SPARE_CAR_MSG.isSharp}
        onClose={close}
        actions={
          <>
            <Button
              variant="secondary"
              onClick={() => {
                setCandidate(null); // Não discards the photo: choose or take another
                setStep('instructions');
              }}
            >
              Não
            </Button>
            <Button
              onClick={() => {
                onChange(candidate);
                close();
              }}
            >
              Sim
            </Button>
          </>
        }
      >
        {candidateUrl && <img src={candidateUrl} alt="Prévia da foto" className={styles.preview} />}
      </Modal>
    </div>
  );
}
