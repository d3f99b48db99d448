import { useEffect } from 'react';

interface Boot {
  /** The app link clicked before hydration, if any. */
  pending: string | null;
  /** Stops holding link clicks (the app's own links handle them from now on). */
  release(): void;
}

/**
 * Takes over from a prerendered page's loader (`boot/deferred-entry.ts`, ADR 025): it stops holding link clicks
 * and answers the path of a link the visitor clicked before React hydrated (null when none, and on every page
 * the loader did not load). Once only.
 */
export function takePendingNavigation(): string | null {
  const w = window as Window & { __guaritaBoot?: Boot };
  const boot = w.__guaritaBoot;
  if (!boot) return null;
  delete w.__guaritaBoot;
  boot.release();
  return boot.pending;
}

/**
 * Rendered beside the app: once the first render is committed (hydrated), a link clicked before then is followed
 * as a client-side navigation, so the new page's heading takes the focus and the page is announced.
 */
export function BootHandOff({ navigate }: { navigate: (to: string) => unknown }) {
  useEffect(() => {
    const to = takePendingNavigation();
    if (to) void navigate(to);
  }, [navigate]);
  return null;
}
