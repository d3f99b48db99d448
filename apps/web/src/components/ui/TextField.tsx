import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldShell, fieldStyles, useFieldIds } from './Field';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  invalid?: boolean | undefined;
  hint?: ReactNode;
}

/** A labelled input. Works with react-hook-form's `register` (ref, name, onChange, onBlur). */
export const TextField = forwardRef<HTMLInputElement, Props>(function TextField(
  { label, error, invalid, hint, id, className, ...rest },
  ref,
) {
  const { controlId, errorId, hintId, aria } = useFieldIds(id, error, hint, undefined, invalid);
  return (
    <FieldShell
      label={label}
      error={error}
      invalid={invalid}
      hint={hint}
      className={className}
      controlId={controlId}
      errorId={errorId}
      hintId={hintId}
    >
      <input ref={ref} id={controlId} className={fieldStyles.control} {...aria} {...rest} />
    </FieldShell>
  );
});
