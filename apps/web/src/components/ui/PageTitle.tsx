import { useEffect, type ReactNode } from 'react';

/** The page's h1, also written into document.title so each route is announced. */
export function PageTitle({ children, title }: { children: ReactNode; title?: string }) {
  useEffect(() => {
    const text = title ?? (typeof children === 'string' ? children : '');
    if (text) document.title = `${text} — Guarita`;
  }, [children, title]);
  return <h1 className="page-title">{children}</h1>;
}
