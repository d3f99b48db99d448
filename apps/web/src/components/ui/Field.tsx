import { useId, type ReactNode } from 'react';
import styles from './Field.module.css';

export interface FieldProps {
  label: ReactNode;
  /** The message under the field (from the form's schema); marks the control invalid. */
  error?: string | undefined;
  /** Marks the control invalid without a message of its own (the form shows one message for several fields). */
  invalid?: boolean | undefined;
  hint?: ReactNode;
  className?: string | undefined;
}

/** Ids and aria attributes shared by every labelled control: the error and the hint describe it. */
export function useFieldIds(id: string | undefined, error: string | undefined, hint: ReactNode, extra?: string, invalid?: boolean) {
  const auto = useId();
  const controlId = id ?? auto;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null, extra ?? null].filter(Boolean).join(' ') || undefined;
  return {
    controlId,
    errorId,
    hintId,
    aria: { 'aria-invalid': error || invalid ? true : undefined, 'aria-describedby': describedBy } as const,
  };
}

/** Label, control, hint and error in the design system's layout. */
export function FieldShell({
  label,
  error,
  invalid,
  hint,
  className,
  controlId,
  errorId,
  hintId,
  after,
  children,
}: FieldProps & { controlId: string; errorId: string; hintId: string; after?: ReactNode; children: ReactNode }) {
  return (
    <div className={[styles.field, error || invalid ? styles.invalid : '', className ?? ''].filter(Boolean).join(' ')}>
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
