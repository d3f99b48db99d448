import { forwardRef, useMemo, type InputHTMLAttributes } from 'react';
import { IMaskInput, type IMaskInputProps } from 'react-imask';
import { INPUT_MASKS, type InputMask, type InputMaskName, type MaskPattern } from '@guarita/domain';
import { Field, type FieldProps } from './Field';

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'type'>;

interface Props extends NativeProps, FieldProps {
  /** A mask of the domain (`INPUT_MASKS`) by name, or a definition of the same shape. */
  mask: InputMaskName | InputMask;
  value: string | undefined;
  /** The masked text as shown ('529.982.247-25'); schemas normalize it. With `unmask`, the raw characters. */
  onChange: (value: string) => void;
  unmask?: boolean;
  type?: 'text' | 'tel';
}

/** The domain's mask data → react-imask options. */
export function imaskOptions(def: InputMask): Record<string, unknown> {
  if (def.kind === 'money') {
    return {
      mask: 'R$ num',
      blocks: {
        num: {
          mask: Number,
          scale: 2,
          thousandsSeparator: '.',
          radix: ',',
          mapToRadix: ['.'],
          padFractionalZeros: true,
          normalizeZeros: true,
          min: 0,
        },
      },
    };
  }
  const extra = {
    ...(def.uppercase ? { prepareChar: (s: string) => s.toUpperCase() } : {}),
    ...(def.prepare ? { prepare: def.prepare } : {}),
  };
  const one = (p: MaskPattern) => ({
    mask: p.mask,
    ...(p.definitions ? { definitions: p.definitions } : {}),
  });
  if (def.patterns.length === 1) return { ...one(def.patterns[0]!), ...extra };
  const chooser = def.patterns.some((p) => p.when)
    ? {
        dispatch: (appended: string, dynamic: { unmaskedValue: string; compiledMasks: unknown[] }) => {
          const raw = (dynamic.unmaskedValue + appended).replace(/[^0-9A-Za-z]/g, '');
          const index = def.patterns.findIndex((p) => p.when?.test(raw));
          const fallback = def.patterns.findIndex((p) => !p.when);
          return dynamic.compiledMasks[index >= 0 ? index : fallback];
        },
      }
    : {};
  return { mask: def.patterns.map(one), ...chooser, ...extra };
}

/**
 * A labelled input with an input mask (react-imask). Controlled: give it `value` and `onChange`, e.g.
 * through react-hook-form's `<Controller render={({ field, fieldState }) => <MaskedField {...field} error={…} />}>`.
 */
export const MaskedField = forwardRef<HTMLInputElement, Props>(function MaskedField(
  { label, mask, value, onChange, unmask = false, error, invalid, hint, id, className, type = 'text', ...rest },
  ref,
) {
  const options = useMemo(() => imaskOptions(typeof mask === 'string' ? INPUT_MASKS[mask] : mask), [mask]);
  return (
    <Field label={label} error={error} invalid={invalid} hint={hint} id={id} className={className}>
      {(control) => {
        const props = {
          ...options,
          ...rest,
          ...control,
          type,
          value: value ?? '',
          unmask,
          inputRef: ref,
          onAccept: (v: string) => {
            if (v !== (value ?? '')) onChange(v);
          },
        } as unknown as IMaskInputProps<HTMLInputElement>;
        return <IMaskInput {...props} />;
      }}
    </Field>
  );
});
