import { useSyncExternalStore } from 'react';
import type { TokensDto } from '@guarita/domain';
import { renderedOnServer } from './server-render';
import { decodeIdToken, getTokens, subscribe } from './session';

/** The server's side of a page it rendered logged in (ADR 059): no tokens ever go into HTML, only "logged in". */
const RENDERED_LOGGED_IN: TokensDto = { IdToken: '', AccessToken: '', expiresIn: 0 };
// Pages prerendered at build are rendered logged out (and hydrate as such before the real session shows); a customer
// page the server rendered hydrates logged in.
const serverSession = () => (renderedOnServer().loggedIn ? RENDERED_LOGGED_IN : null);

/** Re-renders when the customer logs in or out. */
export function useSession() {
  const tokens = useSyncExternalStore(subscribe, getTokens, serverSession);
  return { loggedIn: tokens !== null, identity: decodeIdToken(tokens?.IdToken) };
}
