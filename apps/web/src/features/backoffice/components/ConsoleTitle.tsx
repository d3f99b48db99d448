import { useEffect, useRef, type ReactNode } from 'react';
import { claimPendingFocus } from '../../../lib/route-focus';
import styles from './ConsoleShell.module.css';

/** What the browser's tab (and the route announcer) says for a console page: 'Fila de casos — Console Guarita'. */
export const consoleDocumentTitle = (text: string) => `${text} — Console Guarita`;

/**
 * A console page's h1 (issue 30 item 2), the customer app's PageTitle for the console: its text titles the document,
 * and after a navigation (or the login) it takes the keyboard focus (tabIndex -1: focusable by script, not a Tab
 * stop). `title`: the document's title when the heading is not plain text.
 */
export function ConsoleTitle({ children, title }: { children: ReactNode; title?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const text = title ?? (typeof children === 'string' ? children : '');
  useEffect(() => {
    if (text) document.title = consoleDocumentTitle(text);
  }, [text]);
  useEffect(() => claimPendingFocus(ref.current));
  return (
    <h1 ref={ref} className={styles.title} tabIndex={-1}>
      {children}
    </h1>
  );
}
