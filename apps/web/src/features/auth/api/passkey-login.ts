import { api, unwrap } from '../../../lib/api';
import { storeTokens } from '../../../lib/session';
import { rememberPasskeyHere } from './passkey-device';

type Options = Parameters<typeof import('@simplewebauthn/browser').startAuthentication>[0]['optionsJSON'];

/**
 * Login with a passkey (issue 31): the server's options (its challenge bound to a short-lived cookie), the browser's
 * ceremony — in the autofill of the CPF field (`autofill`, conditional UI) or a dialog — and the same tokens as a code
 * login. The WebAuthn library loads only here, never with the home page.
 */
export async function loginWithPasskey(autofill: boolean): Promise<void> {
  const [{ startAuthentication }, optionsJSON] = await Promise.all([
    import('@simplewebauthn/browser'),
    unwrap(api.POST('/api/auth/passkey/opcoes')),
  ]);
  const resposta = await startAuthentication({ optionsJSON: optionsJSON as unknown as Options, useBrowserAutofill: autofill });
  // The extension results as a plain object (the API's schema: a record).
  const body = { resposta: { ...resposta, clientExtensionResults: { ...resposta.clientExtensionResults } } };
  const tokens = await unwrap(api.POST('/api/auth/passkey', { body }));
  rememberPasskeyHere(true);
  storeTokens(tokens);
}

/** The ceremony waiting in the autofill is dropped (the customer chose the button or the code). */
export async function cancelPasskeyCeremony(): Promise<void> {
  const { WebAuthnAbortService } = await import('@simplewebauthn/browser');
  WebAuthnAbortService.cancelCeremony();
}
