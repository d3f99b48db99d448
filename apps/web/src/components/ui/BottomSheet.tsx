import { useEffect, useId, useRef, useState, type ReactNode, type PointerEvent } from 'react';
import { Button } from './Button';
import styles from './BottomSheet.module.css';

/** The spec's constants for the advance sheet: drag down beyond 80 px closes it, with a 300 ms animation. */
export const SHEET_CLOSE_THRESHOLD_PX = 80;
export const SHEET_ANIMATION_MS = 300;

interface Props {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/** A bottom sheet (modal dialog) that closes by dragging its handle down, by Escape or by its close button. */
export function BottomSheet({ open, title, onClose, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const start = useRef<number | null>(null);
  const [dragY, setDragY] = useState(0);
  // The latest distance, read on release: a fast flick can end before React renders the last move.
  const dragRef = useRef(0);
  const [closing, setClosing] = useState(false);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      setDragY(0);
      setClosing(false);
      d.showModal?.();
    }
    if (!open && d.open) d.close();
  }, [open]);

  const animateClose = () => {
    setClosing(true);
    window.setTimeout(onClose, SHEET_ANIMATION_MS);
  };

  const onPointerDown = (e: PointerEvent) => {
    start.current = e.clientY;
    (e.target as Element).setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent) => {
    if (start.current === null) return;
    dragRef.current = Math.max(0, e.clientY - start.current);
    setDragY(dragRef.current);
  };
  const onPointerUp = (e: PointerEvent) => {
    if (start.current === null) return;
    const distance = Math.max(dragRef.current, e.clientY - start.current);
    start.current = null;
    dragRef.current = 0;
    if (distance > SHEET_CLOSE_THRESHOLD_PX) animateClose();
    else setDragY(0);
  };

  return (
    <dialog
      ref={ref}
      className={styles.sheet}
      aria-labelledby={titleId}
      style={{
        transform: closing ? 'translateY(100%)' : `translateY(${dragY}px)`,
        transition: start.current !== null ? 'none' : `transform ${SHEET_ANIMATION_MS}ms ease`,
      }}
      onCancel={(e) => {
        e.preventDefault();
        animateClose();
      }}
    >
      <div
        className={styles.handle}
        data-testid="sheet-handle"
        aria-hidden="true"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      />
      <h2 id={titleId}>{title}</h2>
      <div>{children}</div>
      <Button type="button" variant="secondary" onClick={animateClose}>
        Entendi
      </Button>
    </dialog>
  );
}
