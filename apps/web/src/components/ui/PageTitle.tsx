import { useEffect, useRef, type ReactNode } from 'react';
import { claimPendingFocus } from '../../lib/route-focus';
import styles from './PageTitle.module.css';

/**
 * The page's h1, also written into document.title so each route is announced. After a navigation it takes the
 * keyboard focus (tabIndex -1: focusable by script, not a Tab stop).
 */
export function PageTitle({ children, title, caps = false }: { children: ReactNode; title?: string; caps?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const text = title ?? (typeof children === 'string' ? children : '');
  useEffect(() => {
    if (text) document.title = `${text} — Guarita`;
  }, [text]);
  useEffect(() => claimPendingFocus(ref.current));
  return (
    // `caps`: the spec's upper-case titles, as a style — screen readers read words, not spelled-out capitals.
    // `data-title`: the document title a page rendered on the server carries from its first byte (ADR 059).
    <h1 ref={ref} className={caps ? `${styles.title} ${styles.caps}` : styles.title} tabIndex={-1} data-title={text || undefined}>
      {children}
    </h1>
  );
}
