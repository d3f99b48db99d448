import styles from './Spinner.module.css';

/**
 * A spinning ring, announced as a status with its label. `label=""` draws the ring alone (the text beside it is
 * the caller's); `size="small"` fits it into a line of small text.
 */
export function Spinner({ label = 'Carregando…', size }: { label?: string; size?: 'small' }) {
  return (
    <span className={styles.wrap} role={label ? 'status' : undefined}>
      <span className={[styles.spinner, size === 'small' ? styles.small : ''].filter(Boolean).join(' ')} aria-hidden="true" />
      {label && <span>{label}</span>}
    </span>
  );
}
