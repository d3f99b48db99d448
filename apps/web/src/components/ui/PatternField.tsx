import { forwardRef, useLayoutEffect, useRef, type ChangeEvent, type InputHTMLAttributes } from 'react';
import { applyPatternMask, INPUT_MASKS } from '@guarita/domain';
import { Field, type FieldProps } from './Field';

type PatternMaskName = {
  [K in keyof typeof INPUT_MASKS]: (typeof INPUT_MASKS)[K] extends { kind: 'pattern' } ? K : never;
}[keyof typeof INPUT_MASKS];
type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'type'>;

interface Props extends NativeProps, FieldProps {
  mask: PatternMaskName;
  /** 'tel' for a phone number (its keypad and autofill); text otherwise. */
  type?: 'text' | 'tel';
  value: string | undefined;
  /** The masked text as shown ('529.982.247-25'). */
  onChange: (value: string) => void;
}

const significant = (s: string) => s.replace(/[^0-9A-Za-z]/g, '').length;

/** The caret after the `count`-th letter or digit of `text`. */
function caretAfter(text: string, count: number): number {
  if (count === 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i++) if (/[0-9A-Za-z]/.test(text[i]!) && ++seen === count) return i + 1;
  return text.length;
}

/**
 * A labelled input with one of the domain's pattern masks, without react-imask: the formatting is the pure
 * `applyPatternMask`, the caret stays after the same letter or digit. Only for the prerendered public pages'
 * forms (the login card on '/', the phone of 'Fale conosco'), whose first visit must not pay imask's ~17 KB
 * (ADR 025); every other masked field is a `MaskedField`.
 */
export const PatternField = forwardRef<HTMLInputElement, Props>(function PatternField(
  { label, mask, type = 'text', value, onChange, error, invalid, hint, id, className, ...rest },
  ref,
) {
  const input = useRef<HTMLInputElement | null>(null);
  const shown = value ?? '';
  // The input is uncontrolled, as react-imask's is: on a prerendered page a customer can type before React
  // hydrates, and a controlled input would wipe that. On mount what was typed is taken in (masked); after
  // that the DOM follows `value`.
  const mounted = useRef(false);
  useLayoutEffect(() => {
    const el = input.current;
    if (!el || el.value === shown) {
      mounted.current = true;
      return;
    }
    if (mounted.current) el.value = shown;
    else {
      // Shown masked at once: the form's own state may not re-render this field for it (react-hook-form's
      // Controller subscribes after its children's layout effects).
      mounted.current = true;
      const masked = applyPatternMask(INPUT_MASKS[mask], el.value);
      el.value = masked;
      onChange(masked);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only `value` drives the DOM
  }, [shown]);
  const change = (e: ChangeEvent<HTMLInputElement>) => {
    const el = e.target;
    const typed = el.value;
    const masked = applyPatternMask(INPUT_MASKS[mask], typed);
    const before = significant(typed.slice(0, el.selectionStart ?? typed.length));
    const at = caretAfter(masked, Math.min(before, significant(masked)));
    if (el.value !== masked) el.value = masked;
    if (document.activeElement === el) el.setSelectionRange(at, at);
    if (masked !== shown) onChange(masked);
  };
  return (
    <Field label={label} error={error} invalid={invalid} hint={hint} id={id} className={className}>
      {(control) => (
        <input
          {...rest}
          {...control}
          ref={(el) => {
            input.current = el;
            if (typeof ref === 'function') ref(el);
            else if (ref) ref.current = el;
          }}
          type={type}
          defaultValue={shown}
          onChange={change}
        />
      )}
    </Field>
  );
});
