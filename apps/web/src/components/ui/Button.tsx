import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { Spinner } from './Spinner';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'link';

/** The button look for something that is not a <button> (a router Link, an external <a>). */
export function buttonClass(variant: ButtonVariant = 'primary', className?: string): string {
  return [styles.btn, styles[variant], className ?? ''].filter(Boolean).join(' ');
}

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** A request is under way: a spinner shows, the button is disabled and busy. */
  loading?: boolean;
}

/**
 * A button that does not submit unless told (`type="submit"`): the HTML default would make every button of a modal
 * rendered inside a form (the day picker's Ok, the photo check's Sim, a FIPE notice's Voltar) submit that form.
 */
export const Button = forwardRef<HTMLButtonElement, Props>(function Button(
  { variant = 'primary', loading = false, disabled, children, className, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={buttonClass(variant, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner label="" />}
      {children}
    </button>
  );
});
