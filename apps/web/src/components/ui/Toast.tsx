import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import styles from './Toast.module.css';

export type ToastKind = 'info' | 'success' | 'error';
interface ToastItem {
  id: number;
  kind: ToastKind;
  text: string;
}
interface ToastApi {
  show: (text: string, kind?: ToastKind) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** How long a toast stays (ms). Long enough to read a sentence; the close button ends it sooner. */
export const TOAST_MS = 6000;

/**
 * Short results ('Cartão alterado com sucesso', a failed retry) shown over the page and announced: two live
 * regions are always in the DOM (so screen readers pick up what is added), a polite one and an assertive one
 * for errors.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setItems((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback((text: string, kind: ToastKind = 'info') => {
    const id = next.current++;
    setItems((all) => [...all.slice(-2), { id, kind, text }]);
  }, []);
  const api = useMemo(() => ({ show }), [show]);
  const list = (errors: boolean) =>
    items.filter((t) => (t.kind === 'error') === errors).map((t) => <Toast key={t.id} item={t} onDismiss={dismiss} />);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className={styles.region}>
        <div role="status" aria-live="polite">
          {list(false)}
        </div>
        <div role="alert" aria-live="assertive">
          {list(true)}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

function Toast({ item, onDismiss }: { item: ToastItem; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const t = window.setTimeout(() => onDismiss(item.id), TOAST_MS);
    return () => window.clearTimeout(t);
  }, [item.id, onDismiss]);
  return (
    <div className={[styles.toast, item.kind !== 'info' ? styles[item.kind] : ''].filter(Boolean).join(' ')}>
      <p className={styles.text}>{item.text}</p>
      <button type="button" className={styles.close} aria-label="Fechar aviso" onClick={() => onDismiss(item.id)}>
        ✕
      </button>
    </div>
  );
}

/** `const toast = useToast(); toast.show('Cartão alterado com sucesso', 'success')`. */
export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast needs a <ToastProvider> above it');
  return ctx;
}
