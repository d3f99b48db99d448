import styles from './Stepper.module.css';

interface Props {
  /** 1-based. */
  current: number;
  /** Step names; without them only 'Etapa n de N' is shown. */
  steps?: readonly string[];
  total?: number;
  className?: string;
}

/**
 * Where the customer is in a multi-step flow. The 'Etapa n de N' text is a polite live region, so moving
 * on is announced; the named steps are a list whose current item carries aria-current="step".
 */
export function Stepper({ current, steps, total, className }: Props) {
  const count = steps?.length ?? total ?? 1;
  const label = `Etapa ${current} de ${count}`;
  if (!steps) {
    return (
      <p className={[styles.compact, className ?? ''].filter(Boolean).join(' ')} aria-live="polite">
        {label}
      </p>
    );
  }
  return (
    <div className={className}>
      <p className="sr-only" aria-live="polite">
        {label}: {steps[current - 1]}
      </p>
      <ol className={styles.stepper}>
        {steps.map((name, i) => {
          const n = i + 1;
          const state = n < current ? styles.done : n === current ? styles.current : '';
          return (
            <li key={name} className={[styles.step, state].filter(Boolean).join(' ')} aria-current={n === current ? 'step' : undefined}>
              <span className={styles.dot} aria-hidden="true">
                {n < current ? '✓' : n}
              </span>
              <span>
                {name}
                {n < current && <span className="sr-only"> (concluída)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
