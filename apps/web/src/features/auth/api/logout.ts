import { api } from '../../../lib/api-client';
import { clearSession, getTokens } from '../../../lib/session';

/** 'Sair': revoke on the server (best effort), then clear everything local. */
export async function logout(): Promise<void> {
  const token = getTokens()?.AccessToken;
  await api('/api/auth/logout', {
    method: 'POST',
    auth: false,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  }).catch(() => undefined);
  clearSession();
}
