import { PASSKEY_MSG } from '@guarita/domain';
import { ApiError } from '../../../lib/api';

/**
 * The customer's words for a failed passkey ceremony: the server's message for its own refusals, 'not confirmed' when
 * the person cancelled or the device refused (NotAllowedError and the library's WebAuthnError), `fallback` otherwise.
 */
export function passkeyErrorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.message;
  const name = err instanceof Error ? err.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError' || name === 'WebAuthnError') return PASSKEY_MSG.cancelled;
  if (name === 'InvalidStateError') return PASSKEY_MSG.alreadyRegistered;
  return fallback;
}
