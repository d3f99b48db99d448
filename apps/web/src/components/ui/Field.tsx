import { useId, type ReactNode } from 'react';
import styles from './Field.module.css';

export interface FieldProps {
  label: ReactNode;
  /** The message under the field (from the form's schema); marks the control invalid. */
  error?: string | undefined;
  hint?: ReactNode;
  className?: string | undefined;
}

/** Ids and aria attributes shared by every labelled control: the error and the hint describe it. */
export function useFieldIds(id: string | undefined, error: string | undefined, hint: ReactNode, extra?: string) {
  const auto = useId();
  const controlId = id ?? auto;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null, extra ?? null].filter(Boolean).join(' ') || undefined;
  return {
    controlId,
    errorId,
    hintId,
    aria: { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } as const,
  };
}

/** Label, control, hint and error in the design system's layout. */
export function FieldShell({
  label,
  error,
  hint,
  className,
  controlId,
  errorId,
  hintId,
  after,
  children,
}: FieldProps & { controlId: string; errorId: string; hintId: string; after?: ReactNode; children: ReactNode }) {
  return (
    <div className={[styles.field, error ? styles.invalid : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={controlId}>
        {label}
      </label>
      {children}
      {after}
      {hint && (
        <small id={hintId} className={styles.hint}>
          {hint}
        </small>
      )}
      {error && (
        <small id={errorId} className={styles.error} role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

export const fieldStyles = styles;
