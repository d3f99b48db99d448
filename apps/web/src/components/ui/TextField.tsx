import { forwardRef, type InputHTMLAttributes } from 'react';
import { Field, type FieldProps } from './Field';

type Props = InputHTMLAttributes<HTMLInputElement> & FieldProps;

/** A labelled input. Works with react-hook-form's `register` (ref, name, onChange, onBlur). */
export const TextField = forwardRef<HTMLInputElement, Props>(function TextField(
  { label, error, invalid, hint, id, className, ...rest },
  ref,
) {
  return (
    <Field label={label} error={error} invalid={invalid} hint={hint} id={id} className={className}>
      {(control) => <input ref={ref} {...control} {...rest} />}
    </Field>
  );
});
