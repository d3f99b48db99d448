import { forwardRef, useState, type TextareaHTMLAttributes } from 'react';
import { Field, fieldStyles, type FieldProps } from './Field';

interface Props extends TextareaHTMLAttributes<HTMLTextAreaElement>, FieldProps {
  /** Shows 'n/max caracteres' under the field (needs `maxLength`). */
  counter?: boolean;
}

/** A labelled multi-line field, optionally with a character counter announced politely. */
export const TextArea = forwardRef<HTMLTextAreaElement, Props>(function TextArea(
  { label, error, invalid, hint, id, className, counter = false, maxLength, onChange, value, defaultValue, ...rest },
  ref,
) {
  const counterId = `${id ?? label}-counter`.replace(/\s+/g, '-');
  const [length, setLength] = useState(String(value ?? defaultValue ?? '').length);
  const shown = value !== undefined ? String(value).length : length;
  return (
    <Field
      label={label}
      error={error}
      invalid={invalid}
      hint={hint}
      id={id}
      className={className}
      describedBy={counter ? counterId : undefined}
      after={
        counter && maxLength ? (
          <small id={counterId} className={fieldStyles.counter} aria-live="polite">
            {shown}/{maxLength} caracteres
          </small>
        ) : null
      }
    >
      {(control) => (
        <textarea
          ref={ref}
          maxLength={maxLength}
          value={value}
          defaultValue={defaultValue}
          onChange={(e) => {
            setLength(e.target.value.length);
            onChange?.(e);
          }}
          {...control}
          {...rest}
        />
      )}
    </Field>
  );
});
