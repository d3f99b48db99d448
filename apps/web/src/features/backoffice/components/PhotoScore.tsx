import { photoProblems, photoProblemWords, photoScoreText, qualityMeasures, type PhotoQualityFields } from '@guarita/domain/photo-quality';
import styles from './Backoffice.module.css';

/**
 * The server's photo-quality measures beside a photo (issue 31 item 3, ADR 090): 'Nitidez 142 · Brilho 38% ·
 * 1500×1125', and under the thresholds a warning in words ('Atenção: tremida e escura'), not in colour alone.
 */
export function PhotoScore({ quality }: { quality: PhotoQualityFields }) {
  const m = qualityMeasures(quality);
  const problems = photoProblems(m);
  return (
    <p className={styles.score}>
      <span>{photoScoreText(m)}</span>
      {problems.length > 0 && (
        <strong className={styles.scoreWarning}>
          <span aria-hidden="true">⚠ </span>Atenção: {photoProblemWords(problems)}
        </strong>
      )}
    </p>
  );
}
