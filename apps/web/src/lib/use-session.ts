import { useSyncExternalStore } from 'react';
import { decodeIdToken, getTokens, subscribe } from './session';

// Pages prerendered at build are rendered logged out (and hydrate as such before the real session shows).
const noSession = () => null;

/** Re-renders when the customer logs in or out. */
export function useSession() {
  const tokens = useSyncExternalStore(subscribe, getTokens, noSession);
  return { loggedIn: tokens !== null, identity: decodeIdToken(tokens?.IdToken) };
}
