import styles from './Spinner.module.css';

export function Spinner({ label = 'Carregando…' }: { label?: string }) {
  return (
    <span className={styles.wrap} role={label ? 'status' : undefined}>
      <span className={styles.spinner} aria-hidden="true" />
      {label && <span>{label}</span>}
    </span>
  );
}
