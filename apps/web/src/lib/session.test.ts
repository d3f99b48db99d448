import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, ensureFresh, getTokens, needsRefresh, refresh, storeTokens } from './session';
import { api } from './api-client';

/** Builds an unsigned JWT-shaped token: the client only decodes it, the server verifies it. */
const idToken = (expInSeconds: number) =>
  `x.${btoa(JSON.stringify({ username: '52998224725', exp: Math.floor(Date.now() / 1000) + expInSeconds }))}.y`;
const tokens = (exp: number, access = 'A1') => ({ IdToken: idToken(exp), AccessToken: access, expiresIn: 900 });
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('client session rules (spec 000 §4)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    clearSession();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('refreshes when the IdToken expires within 300 s or cannot be decoded', () => {
    storeTokens(tokens(3600));
    expect(needsRefresh()).toBe(false);
    storeTokens(tokens(299));
    expect(needsRefresh()).toBe(true);
    storeTokens({ IdToken: 'garbage', AccessToken: 'A', expiresIn: 1 });
    expect(needsRefresh()).toBe(true);
  });

  it('runs one refresh at a time', async () => {
    storeTokens(tokens(10));
    fetchMock.mockImplementation(async () => json(200, tokens(900, 'A2')));
    const results = await Promise.all([refresh(), refresh(), ensureFresh(), ensureFresh()]);
    expect(results).toEqual([true, true, true, true]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getTokens()?.AccessToken).toBe('A2');
  });

  it('a 401 on a call triggers a refresh and one retry with the new token', async () => {
    storeTokens(tokens(3600, 'OLD'));
    fetchMock
      .mockResolvedValueOnce(json(401, { erro: 'UNAUTHORIZED', mensagem: 'x' }))
      .mockResolvedValueOnce(json(200, tokens(3600, 'NEW')))
      .mockResolvedValueOnce(json(200, [{ ok: 1 }]));
    await expect(api('/api/contracts')).resolves.toEqual([{ ok: 1 }]);
    const auth = (call: number) => new Headers(fetchMock.mock.calls[call]?.[1]?.headers).get('authorization');
    expect(auth(0)).toBe('Bearer OLD');
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe('/api/auth/refresh');
    expect(auth(2)).toBe('Bearer NEW');
  });

  it('a refresh answered 401 logs out and clears storage', async () => {
    storeTokens(tokens(10));
    localStorage.setItem('guarita.selectedContract', '100101');
    sessionStorage.setItem('x', '1');
    fetchMock.mockResolvedValue(json(401, { erro: 'UNAUTHORIZED', mensagem: 'x' }));
    await expect(api('/api/contracts')).rejects.toMatchObject({ status: 401 });
    expect(getTokens()).toBeNull();
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });

  it('without any session there is no refresh call at all', async () => {
    await expect(ensureFresh()).resolves.toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps no token or CPF in localStorage', () => {
    storeTokens(tokens(3600));
    const everything = Object.keys(localStorage)
      .map((k) => k + '=' + localStorage.getItem(k))
      .join(';');
    expect(everything).not.toContain('52998224725');
    expect(everything).not.toContain('A1');
  });
});
