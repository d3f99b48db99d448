import { useEffect, useId, useRef, type ReactNode } from 'react';

interface Props {
  open: boolean;
  title: string;
  onClose: () => void;
  children?: ReactNode;
  actions?: ReactNode;
  tone?: 'default' | 'error' | 'success';
}

/**
 * A native modal <dialog>: the browser traps focus, closes on Escape and hands focus back on close.
 */
export function Modal({ open, title, onClose, children, actions, tone = 'default' }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal?.();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`modal modal-${tone}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {open && (
        <>
          <h2 id={titleId}>{title}</h2>
          <div className="modal-body">{children}</div>
          <div className="modal-actions">{actions}</div>
        </>
      )}
    </dialog>
  );
}
