import { useState } from 'react';
import { STAFF_MSG } from '@guarita/domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { TextArea } from '../../../components/ui/TextArea';
import { photoUrl, type StaffCase } from '../api/get-case';
import { useReviewPhoto } from '../api/review-photo';
import styles from './Backoffice.module.css';
import { PhotoScore } from './PhotoScore';

type Photo = NonNullable<StaffCase['sinistro']>['fotos'][number];

const statusText = (p: Photo) =>
  !p.enviada
    ? 'Não enviada'
    : p.Aprovacao === true
      ? 'Aprovada'
      : p.Aprovacao === false
        ? `Reprovado: ${p.TextoReprovacao ?? ''}`
        : 'Em análise';

/**
 * Each evidence file, inline, with its quality measures (ADR 090) and Aprovar / Reprovar (a rejection needs the
 * reason the customer will read).
 */
export function PhotoReviews({ caseNumber, photos, canAct }: { caseNumber: string; photos: Photo[]; canAct: boolean }) {
  return (
    <ul className={styles.photos}>
      {photos.map((p) => (
        <PhotoItem key={p.tipo} caseNumber={caseNumber} photo={p} canAct={canAct} />
      ))}
    </ul>
  );
}

function PhotoItem({ caseNumber, photo, canAct }: { caseNumber: string; photo: Photo; canAct: boolean }) {
  const review = useReviewPhoto(caseNumber);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const send = (aprovacao: boolean) => {
    if (!aprovacao && !reason.trim()) return setMissing(true);
    review.mutate(
      { typeId: photo.tipo, aprovacao, ...(aprovacao ? {} : { textoReprovacao: reason.trim() }) },
      { onSuccess: () => setRejecting(false) },
    );
  };
  return (
    <li className={styles.photo}>
      <h3>{photo.titulo}</h3>
      {photo.enviada &&
        (photo.contentType?.startsWith('image/') ? (
          <img src={photoUrl(caseNumber, photo.tipo)} alt={`Foto: ${photo.titulo}`} loading="lazy" />
        ) : (
          <a href={photoUrl(caseNumber, photo.tipo)} target="_blank" rel="noreferrer">
            Abrir {photo.titulo} (PDF)
          </a>
        ))}
      {photo.qualidade && <PhotoScore quality={photo.qualidade} />}
      <p>{statusText(photo)}</p>
      {review.error && <Alert>{review.error.message}</Alert>}
      {canAct && photo.enviada && (
        <div className={styles.stack}>
          {rejecting && (
            <TextArea
              label={`Motivo da reprovação (${photo.titulo})`}
              value={reason}
              maxLength={500}
              error={missing ? STAFF_MSG.reasonRequired : undefined}
              onChange={(e) => {
                setReason(e.target.value);
                setMissing(false);
              }}
            />
          )}
          <div className={styles.actions}>
            <Button
              type="button"
              variant="secondary"
              onClick={() => send(true)}
              loading={review.isPending && review.variables?.aprovacao === true}
            >
              Aprovar {photo.titulo}
            </Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() => (rejecting ? send(false) : setRejecting(true))}
              loading={review.isPending && review.variables?.aprovacao === false}
            >
              {rejecting ? 'Confirmar reprovação' : `Reprovar ${photo.titulo}`}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
