import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { useFieldIds } from './Field';
import styles from './Checkbox.module.css';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  error?: string | undefined;
}

/** A checkbox with its label (which may hold links) and an error. Works with react-hook-form's `register`. */
export const Checkbox = forwardRef<HTMLInputElement, Props>(function Checkbox({ label, error, id, className, ...rest }, ref) {
  const { controlId, errorId, aria } = useFieldIds(id, error, undefined);
  return (
    <>
      <div className={[styles.check, className ?? ''].filter(Boolean).join(' ')}>
        <input ref={ref} id={controlId} type="checkbox" {...aria} {...rest} />
        <label htmlFor={controlId}>{label}</label>
      </div>
      {error && (
        <small id={errorId} className={styles.error} role="alert">
          {error}
        </small>
      )}
    </>
  );
});
