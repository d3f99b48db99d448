import { useId, type ReactNode } from 'react';
import styles from './Field.module.css';

/** What every labelled field primitive (TextField, MaskedField, TextArea, Select) takes besides its control's own props. */
export interface FieldProps {
  label: string;
  /** The message under the field (from the form's schema); marks the control invalid. */
  error?: string | undefined;
  /** Marks the control invalid without a message of its own (the form shows one message for several fields). */
  invalid?: boolean | undefined;
  hint?: ReactNode;
}

/** The props `Field` hands its control: its id, the shared control style, and the aria wiring. */
export interface ControlProps {
  id: string;
  className: string | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
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

interface Props extends FieldProps {
  id?: string | undefined;
  className?: string | undefined;
  /** Another element that describes the control (e.g. a character counter), by id. */
  describedBy?: string | undefined;
  /** Shown after the control, before the hint. */
  after?: ReactNode;
  /** Renders the control with the props that label and describe it. */
  children: (control: ControlProps) => ReactNode;
}

/**
 * Label, control, hint and error in the design system's layout, wired once: the label points at the control,
 * the error and hint describe it, and an error (or `invalid`) marks it invalid.
 */
export function Field({ label, error, invalid, hint, id, className, describedBy, after, children }: Props) {
  const { controlId, errorId, hintId, aria } = useFieldIds(id, error, hint, describedBy, invalid);
  return (
    <div className={[styles.field, error || invalid ? styles.invalid : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={controlId}>
        {label}
      </label>
      {children({ id: controlId, className: styles.control, ...aria })}
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
