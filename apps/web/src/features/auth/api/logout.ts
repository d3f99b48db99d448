import { api } from '../../../lib/api';
import { clearSession, getTokens } from '../../../lib/session';

/** 'Sair': revoke on the server (best effort, same-origin with the refresh cookie), then clear everything local. */
export async function logout(): Promise<void> {
  const token = getTokens()?.AccessToken;
  await api.POST('/api/auth/logout', { headers: token ? { authorization: `Bearer ${token}` } : {} }).catch(() => undefined);
  clearSession();
}
