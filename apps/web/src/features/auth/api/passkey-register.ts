import { api, unwrap } from '../../../lib/api';
import { rememberPasskeyHere } from './passkey-device';

type Options = Parameters<typeof import('@simplewebauthn/browser').startRegistration>[0]['optionsJSON'];

/** Registers a passkey of this device for the logged-in customer (issue 31): options, the browser's ceremony, the server's check. */
export async function registerPasskey(): Promise<{ id: number; nome: string }> {
  const [{ startRegistration }, optionsJSON] = await Promise.all([
    import('@simplewebauthn/browser'),
    unwrap(api.POST('/api/passkeys/opcoes')),
  ]);
  const resposta = await startRegistration({ optionsJSON: optionsJSON as unknown as Options });
  const body = { resposta: { ...resposta, clientExtensionResults: { ...resposta.clientExtensionResults } } };
  const created = await unwrap(api.POST('/api/passkeys', { body }));
  rememberPasskeyHere(true);
  return created;
}
