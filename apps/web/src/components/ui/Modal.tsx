import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog';
import styles from './Modal.module.css';

interface Props {
  open: boolean;
  title: string;
  onClose: () => void;
  children?: ReactNode;
  actions?: ReactNode;
  tone?: 'default' | 'error' | 'success';
  /** A large icon above the title; the dialog's content is then centred. */
  icon?: ReactNode;
  /**
   * A long dialog (a list of fields to read) opens at its top with the focus on its title, instead of on its first
   * button, which the browser would scroll into view at the bottom (the title off screen on a phone).
   */
  startAtTop?: boolean;
}

/**
 * A native modal <dialog> opened with showModal(): the browser traps focus, makes the page behind inert,
 * closes on Escape (routed to `onClose`) and hands focus back to what opened it.
 */
export function Modal({ open, title, onClose, children, actions, tone = 'default', icon, startAtTop = false }: Props) {
  const ref = useModalDialog(open);
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  // After useModalDialog's effect has opened the dialog (and the browser has focused its first button).
  useEffect(() => {
    if (!open || !startAtTop) return;
    titleRef.current?.focus({ preventScroll: true });
    if (ref.current) ref.current.scrollTop = 0;
  }, [open, startAtTop, ref]);
  const cls = [styles.modal, tone !== 'default' ? styles[tone] : '', icon ? styles.withIcon : ''].filter(Boolean).join(' ');
  return (
    <dialog
      ref={ref}
      className={cls}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {open && (
        <>
          <h2 id={titleId} ref={titleRef} tabIndex={startAtTop ? -1 : undefined}>
            {title}
          </h2>
          <div className={styles.body}>
            {icon && (
              <span className={styles.icon} aria-hidden="true">
                {icon}
              </span>
            )}
            {children}
          </div>
          <div className={styles.actions}>{actions}</div>
        </>
      )}
    </dialog>
  );
}
