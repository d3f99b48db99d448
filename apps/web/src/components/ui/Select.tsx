import { forwardRef, type ReactNode, type SelectHTMLAttributes } from 'react';
import { FieldShell, fieldStyles, useFieldIds } from './Field';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

interface Props extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: string;
  options: readonly SelectOption[];
  /** A first, empty choice ('Selecione'). */
  placeholder?: string;
  error?: string | undefined;
  hint?: ReactNode;
}

/** A labelled native select (keyboard and screen readers for free). Works with react-hook-form's `register`. */
export const Select = forwardRef<HTMLSelectElement, Props>(function Select(
  { label, options, placeholder, error, hint, id, className, ...rest },
  ref,
) {
  const { controlId, errorId, hintId, aria } = useFieldIds(id, error, hint);
  return (
    <FieldShell label={label} error={error} hint={hint} className={className} controlId={controlId} errorId={errorId} hintId={hintId}>
      <select ref={ref} id={controlId} className={fieldStyles.control} {...aria} {...rest}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
});
