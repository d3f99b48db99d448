import { useSyncExternalStore } from 'react';
import { decodeIdToken, getTokens, subscribe } from './session';

/** Re-renders when the customer logs in or out. */
export function useSession() {
  const tokens = useSyncExternalStore(subscribe, getTokens);
  return { loggedIn: tokens !== null, identity: decodeIdToken(tokens?.IdToken) };
}
