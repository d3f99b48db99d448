import { useEffect } from 'react';

interface Boot {
  /** The app link clicked before hydration, if any. */
  pending: string | null;
  /** The page's button tapped before hydration, if any (the last click wins, a link's or a button's). */
  tapped?: HTMLButtonElement | null;
  /** Stops holding clicks (the app's own links and buttons handle them from now on). */
  release(): void;
}

/** What the visitor clicked before React hydrated: a link to follow or a button to tap again. */
export interface PendingClick {
  to: string | null;
  tap: HTMLButtonElement | null;
}

/**
 * Takes over from a prerendered page's loader (`boot/deferred-entry.ts`, ADR 025): it stops holding clicks and
 * answers the link (its path) or the button the visitor clicked before React hydrated (both null when none, and
 * on every page the loader did not load). Once only.
 */
export function takePendingClick(): PendingClick {
  const w = window as Window & { __guaritaBoot?: Boot };
  const boot = w.__guaritaBoot;
  if (!boot) return { to: null, tap: null };
  delete w.__guaritaBoot;
  boot.release();
  return { to: boot.pending, tap: boot.tapped ?? null };
}

/** How long a held tap waits for React to own its button (a part of the page hydrates after the rest, ADR 059). */
const TAP_WAIT_MS = 15_000;

/** Whether React has hydrated the element (it keeps the element's props under a key of its own). */
const ownedByReact = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactProps$'));

/** Taps the button again once React handles it (if it is still on the page and enabled by then). */
function tapWhenOwned(button: HTMLButtonElement, until = Date.now() + TAP_WAIT_MS) {
  if (!button.isConnected || Date.now() > until) return;
  if (!ownedByReact(button)) {
    setTimeout(() => tapWhenOwned(button, until), 50);
    return;
  }
  if (!button.disabled) button.click();
}

/**
 * Rendered beside the app: once the first render is committed (hydrated), a link clicked before then is followed
 * as a client-side navigation, so the new page's heading takes the focus and the page is announced; a button
 * tapped before then is tapped again as soon as React owns it (the part of the page it is in may hydrate later).
 */
export function BootHandOff({ navigate }: { navigate: (to: string) => unknown }) {
  useEffect(() => {
    const { to, tap } = takePendingClick();
    if (to) void navigate(to);
    else if (tap) tapWhenOwned(tap);
  }, [navigate]);
  return null;
}
