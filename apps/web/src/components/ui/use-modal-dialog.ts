import { useEffect, useRef } from 'react';

/**
 * A native <dialog> shown with showModal() while `open` and closed otherwise: the browser traps focus, makes the
 * page behind inert, routes Escape to the dialog's `cancel` and hands focus back to what opened it.
 * Put the returned ref on the <dialog>.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal?.();
    if (!open && d.open) d.close();
  }, [open]);
  return ref;
}
