import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { backofficeKeys } from './keys';

type Lib = typeof import('@simplewebauthn/browser');
type RequestOptions = Parameters<Lib['startAuthentication']>[0]['optionsJSON'];
type CreationOptions = Parameters<Lib['startRegistration']>[0]['optionsJSON'];

/** The extension results as a plain object (the API's schema: a record). */
const plain = <T extends { clientExtensionResults: object }>(r: T) => ({
  ...r,
  clientExtensionResults: { ...r.clientExtensionResults } as Record<string, unknown>,
});

/** Staff login with e-mail, password and a passkey in place of the authenticator code (issue 31, ADR 089). */
export async function staffPasskeyLogin(body: { email: string; senha: string }) {
  const [{ startAuthentication }, optionsJSON] = await Promise.all([
    import('@simplewebauthn/browser'),
    unwrap(api.POST('/api/backoffice/auth/passkey/opcoes')),
  ]);
  const resposta = await startAuthentication({ optionsJSON: optionsJSON as unknown as RequestOptions });
  return unwrap(api.POST('/api/backoffice/auth/login-passkey', { body: { ...body, resposta: plain(resposta) } }));
}

export function useStaffPasskeyLogin() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: staffPasskeyLogin, onSuccess: (me) => qc.setQueryData(backofficeKeys.me(), me) });
}

/** Registers a passkey of this device for the logged-in staff member (audited on the server). */
export async function registerStaffPasskey() {
  const [{ startRegistration }, optionsJSON] = await Promise.all([
    import('@simplewebauthn/browser'),
    unwrap(api.POST('/api/backoffice/passkeys/opcoes')),
  ]);
  const resposta = await startRegistration({ optionsJSON: optionsJSON as unknown as CreationOptions });
  return unwrap(api.POST('/api/backoffice/passkeys', { body: { resposta: plain(resposta) } }));
}

export const useRegisterStaffPasskey = () => useMutation({ mutationFn: registerStaffPasskey });
