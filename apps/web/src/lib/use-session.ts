import { useSyncExternalStore } from 'react';
import { renderedOnServer } from './server-render';
import { isLoggedIn, isOfflineView, subscribe } from './session';

// Pages prerendered at build are rendered logged out (and hydrate as such before the real session shows); a customer
// page the server rendered hydrates logged in (ADR 059). A boolean, not the tokens: a hydration whose snapshot
// changes at once would render the whole page again, synchronously.
const serverLoggedIn = () => renderedOnServer().loggedIn;

/** Logged in, or showing the last data stored on the device while offline (ADR 091). */
const loggedInOrOffline = () => isLoggedIn() || isOfflineView();

/** Re-renders when the customer logs in or out. */
export function useSession() {
  const loggedIn = useSyncExternalStore(subscribe, loggedInOrOffline, serverLoggedIn);
  return { loggedIn };
}
