import { forwardRef, useState, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { FieldShell, fieldStyles, useFieldIds } from './Field';

interface Props extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
  invalid?: boolean | undefined;
  hint?: ReactNode;
  /** Shows 'n/max caracteres' under the field (needs `maxLength`). */
  counter?: boolean;
}

/** A labelled multi-line field, optionally with a character counter announced politely. */
export const TextArea = forwardRef<HTMLTextAreaElement, Props>(function TextArea(
  { label, error, invalid, hint, id, className, counter = false, maxLength, onChange, value, defaultValue, ...rest },
  ref,
) {
  const counterId = `${id ?? label}-counter`.replace(/\s+/g, '-');
  const { controlId, errorId, hintId, aria } = useFieldIds(id, error, hint, counter ? counterId : undefined, invalid);
  const [length, setLength] = useState(String(value ?? defaultValue ?? '').length);
  const shown = value !== undefined ? String(value).length : length;
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
      after={
        counter && maxLength ? (
          <small id={counterId} className={fieldStyles.counter} aria-live="polite">
            {shown}/{maxLength} caracteres
          </small>
        ) : null
      }
    >
      <textarea
        ref={ref}
        id={controlId}
        className={fieldStyles.control}
        maxLength={maxLength}
        value={value}
        defaultValue={defaultValue}
        onChange={(e) => {
          setLength(e.target.value.length);
          onChange?.(e);
        }}
        {...aria}
        {...rest}
      />
    </FieldShell>
  );
});
