import { useEffect, type ReactNode } from 'react';
import styles from './PageTitle.module.css';

/** The page's h1, also written into document.title so each route is announced. */
export function PageTitle({ children, title }: { children: ReactNode; title?: string }) {
  useEffect(() => {
    const text = title ?? (typeof children === 'string' ? children : '');
    if (text) document.title = `${text} — Guarita`;
  }, [children, title]);
  return <h1 className={styles.title}>{children}</h1>;
}
