import styles from './PaymentResultModal.module.css';

/*
 * The parts of a payment result that screens show without the modal (the change-card feedback): a module of its
 * own, so they do not bring the modal with them (ADR 025).
 */

/** The round ✓ / ! above a payment result. */
export function ResultIcon({ ok }: { ok: boolean }) {
  return (
    <div className={`${styles.resultIcon} ${ok ? styles.resultIconOk : styles.resultIconError}`} aria-hidden="true">
      {ok ? '✓' : '!'}
    </div>
  );
}

/** Subtitle and detail lines of a result. */
export const resultStyles = { subtitle: styles.resultSubtitle, detail: `${styles.resultDetail} muted` };
