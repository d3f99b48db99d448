import { isIpAddress } from '@guarita/domain';
import { DEVICE_FLAGS } from '../../../lib/session';

/**
 * Whether this browser has logged in with (or registered) a passkey (issue 31, ADR 089): a flag, no personal data, so
 * the login page offers the passkey first next time. Without zod or the WebAuthn library: the home page's entry reads it.
 */
/** Kept by a logout (lib/session.ts), unlike everything else in localStorage. */
const [KEY, DECLINED] = DEVICE_FLAGS;

const read = (k: string) => {
  try {
    return localStorage.getItem(k) === '1';
  } catch {
    return false;
  }
};
const write = (k: string, on: boolean) => {
  try {
    if (on) localStorage.setItem(k, '1');
    else localStorage.removeItem(k);
  } catch {
    // Private mode without storage: the page simply offers the code first.
  }
};

export const passkeyHere = () => read(KEY);
export const rememberPasskeyHere = (on: boolean) => write(KEY, on);
/** 'Agora não' after a code login: not offered again on this browser (Cadastro still can). */
export const passkeyDeclined = () => read(DECLINED);
export const declinePasskey = () => write(DECLINED, true);

/**
 * The browser speaks WebAuthn here (a feature check, no library). Not on an IP address (a demo opened at
 * http://127.0.0.1:3000): WebAuthn refuses one as relying party, the server answers every ceremony 400, and the page
 * offers the code alone without asking.
 */
export const webAuthnAvailable = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function' && !isIpAddress(window.location.hostname);

/** This device has a built-in authenticator (fingerprint, face, screen lock) that verifies the user. */
export async function platformPasskeyAvailable(): Promise<boolean> {
  if (!webAuthnAvailable()) return false;
  try {
    return await PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable();
  } catch {
    return false;
  }
}
