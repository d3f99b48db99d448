import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/**
 * Focus and announcement after a client-side navigation (issue 8): the new page's main heading takes the
 * keyboard focus and its title is read out by a polite live region. The first page of a visit keeps the
 * browser's own focus; only later navigations move it.
 */

let lastPath: string | null = null;
let pending = false;
let announcement = '';
const listeners = new Set<() => void>();

function focusHeading(h1: HTMLElement) {
  pending = false;
  h1.focus({ preventScroll: false });
  announcement = document.title;
  listeners.forEach((l) => l());
}

/** Called by the layouts: marks a navigation and focuses the heading if the page already shows it. */
export function useNavigationFocus() {
  const { pathname } = useLocation();
  useEffect(() => {
    const navigated = lastPath !== null && lastPath !== pathname;
    lastPath = pathname;
    if (navigated) focusMainHeading();
  }, [pathname]);
}

/**
 * Moves the focus to the page's main heading now, or to the next one to render (a page still loading); also for a
 * change of screen that is not a navigation (the staff console's login giving way to the page it was opened on).
 */
export function focusMainHeading() {
  const h1 = document.querySelector<HTMLElement>('main h1');
  if (h1) focusHeading(h1);
  // Still loading (a spinner): the heading takes the focus when it appears (see PageTitle).
  else pending = true;
}

/** Called by the page heading after each render: takes a focus left pending by a navigation. */
export function claimPendingFocus(h1: HTMLElement | null) {
  if (pending && h1) focusHeading(h1);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** A visually hidden live region announcing each new page by its title. */
export function RouteAnnouncer() {
  const text = useSyncExternalStore(
    subscribe,
    () => announcement,
    () => '',
  );
  return (
    <p className="sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {text}
    </p>
  );
}
