import type { ReactNode } from 'react';
import styles from './Alert.module.css';

/** Announced to screen readers: errors assertively, the rest politely. */
export function Alert({
  kind = 'error',
  children,
  className,
}: {
  kind?: 'error' | 'success' | 'info';
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={[styles.alert, styles[kind], className ?? ''].filter(Boolean).join(' ')} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
