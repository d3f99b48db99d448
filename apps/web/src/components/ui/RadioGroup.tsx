import { forwardRef, useId, type ReactNode } from 'react';
import styles from './RadioGroup.module.css';

export interface RadioOption<V extends string = string> {
  value: V;
  label: ReactNode;
  disabled?: boolean;
}

interface Props<V extends string> {
  legend: ReactNode;
  name: string;
  options: readonly RadioOption<V>[];
  value: V | undefined | null;
  onChange: (value: V) => void;
  onBlur?: () => void;
  error?: string | undefined;
  /** 'list' (default) or 'tiles' (bordered choices, the selected one highlighted). */
  variant?: 'list' | 'tiles';
  className?: string;
  legendClassName?: string;
}

/**
 * Native radios in a fieldset: arrow keys move the choice, Tab enters and leaves the group.
 * Controlled, so it fits react-hook-form's `Controller` (`{...field}`); the ref focuses the checked radio.
 */
function RadioGroupInner<V extends string>(
  { legend, name, options, value, onChange, onBlur, error, variant = 'list', className, legendClassName }: Props<V>,
  ref: React.ForwardedRef<HTMLInputElement>,
) {
  const id = useId();
  const errorId = `${id}-error`;
  const focusIndex = Math.max(
    0,
    options.findIndex((o) => o.value === value),
  );
  return (
    <fieldset
      role="radiogroup"
      aria-labelledby={`${id}-legend`}
      className={[styles.group, variant === 'tiles' ? styles.tiles : '', className ?? ''].filter(Boolean).join(' ')}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend id={`${id}-legend`} className={[styles.legend, legendClassName ?? ''].filter(Boolean).join(' ')}>
        {legend}
      </legend>
      <div className={styles.options}>
        {options.map((o, i) => (
          <label key={o.value} className={[styles.choice, o.value === value ? styles.selected : ''].filter(Boolean).join(' ')}>
            <input
              ref={i === focusIndex ? ref : undefined}
              type="radio"
              name={name}
              value={o.value}
              checked={o.value === value}
              disabled={o.disabled}
              onChange={() => onChange(o.value)}
              onBlur={onBlur}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <small id={errorId} className={styles.error} role="alert">
          {error}
        </small>
      )}
    </fieldset>
  );
}

export const RadioGroup = forwardRef(RadioGroupInner) as <V extends string>(
  props: Props<V> & { ref?: React.Ref<HTMLInputElement> },
) => ReturnType<typeof RadioGroupInner>;
