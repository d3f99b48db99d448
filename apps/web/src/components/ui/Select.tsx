import { forwardRef, type SelectHTMLAttributes } from 'react';
import { Field, type FieldProps } from './Field';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

interface Props extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'>, FieldProps {
  options: readonly SelectOption[];
  /** A first, empty choice ('Selecione'). */
  placeholder?: string;
}

/** A labelled native select (keyboard and screen readers for free). Works with react-hook-form's `register`. */
export const Select = forwardRef<HTMLSelectElement, Props>(function Select(
  { label, options, placeholder, error, invalid, hint, id, className, ...rest },
  ref,
) {
  return (
    <Field label={label} error={error} invalid={invalid} hint={hint} id={id} className={className}>
      {(control) => (
        <select ref={ref} {...control} {...rest}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
});
