import { useId, type TextareaHTMLAttributes } from 'react';

interface Props extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  invalid?: boolean;
  hint?: string;
}

/** A labelled multi-line field with the same look and semantics as the design system's TextField. */
export function TextAreaField({ label, invalid, hint, id, className = '', ...rest }: Props) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <div className={`field ${invalid ? 'field-invalid' : ''} ${className}`}>
      <label htmlFor={fieldId}>{label}</label>
      <textarea id={fieldId} aria-invalid={invalid || undefined} aria-describedby={hint ? `${fieldId}-hint` : undefined} {...rest} />
      {hint && (
        <small id={`${fieldId}-hint`} className="field-hint">
          {hint}
        </small>
      )}
    </div>
  );
}
