import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContractDto, TokensDto } from '@guarita/domain';
import { apiError, dto, http, HttpResponse, recordRequests, route, server } from '../../test/msw';
import { api, unwrap } from './api';
import {
  clearSession,
  ensureFresh,
  enterOfflineView,
  getTokens,
  hadSession,
  isOfflineView,
  needsRefresh,
  refresh,
  storeTokens,
  takeBootData,
} from './session';

/** Builds an unsigned JWT-shaped token: the client only decodes it, the server verifies it. */
const idToken = (expInSeconds: number) =>
  `x.${btoa(JSON.stringify({ username: '52998224725', exp: Math.floor(Date.now() / 1000) + expInSeconds }))}.y`;
const tokens = (exp: number, access = 'A1') => ({ IdToken: idToken(exp), AccessToken: access, expiresIn: 900 });
const getContracts = () => unwrap(api.GET('/api/contracts'));

describe('client session rules (spec 000 §4)', () => {
  let requests: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    clearSession();
    requests = recordRequests();
  });
  afterEach(() => requests.stop());

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
    server.use(http.post(route('/api/auth/refresh'), () => dto(TokensDto, tokens(900, 'A2'))));
    const results = await Promise.all([refresh(), refresh(), ensureFresh(), ensureFresh()]);
    expect(results).toEqual([true, true, true, true]);
    expect(requests.paths()).toEqual(['POST /api/auth/refresh']);
    expect(getTokens()?.AccessToken).toBe('A2');
  });

  it('adopts the boot request the page started before the bundle (boot/early-refresh.ts) instead of asking again', async () => {
    const w = window as Window & { __guaritaEarlyRefresh?: Promise<unknown> };
    const contracts: ContractDto[] = [];
    w.__guaritaEarlyRefresh = Promise.resolve({ status: 200, body: { tokens: tokens(900, 'EARLY'), contracts } });
    localStorage.setItem('guarita.session', '1');
    server.use(http.post(route('/api/auth/refresh'), () => dto(TokensDto, tokens(900, 'SECOND'))));
    await expect(ensureFresh()).resolves.toBe(true);
    expect(getTokens()?.AccessToken).toBe('EARLY');
    expect(requests.paths()).toEqual([]);
    expect(w.__guaritaEarlyRefresh).toBeUndefined();
    // Its data is taken once, for the query cache (ADR 058).
    expect(takeBootData()).toEqual({ tokens: tokens(900, 'EARLY'), contracts });
    expect(takeBootData()).toBeNull();
    // Taken once: the next refresh asks the API.
    await expect(refresh()).resolves.toBe(true);
    expect(getTokens()?.AccessToken).toBe('SECOND');
  });

  it('an early boot answered 401 logs out', async () => {
    (window as Window & { __guaritaEarlyRefresh?: Promise<unknown> }).__guaritaEarlyRefresh = Promise.resolve({ status: 401, body: null });
    localStorage.setItem('guarita.session', '1');
    await expect(ensureFresh()).resolves.toBe(false);
    expect(getTokens()).toBeNull();
    expect(localStorage.getItem('guarita.session')).toBeNull();
    expect(requests.paths()).toEqual([]);
  });

  it('an early boot that failed (no answer, or a 5xx) is followed by one ordinary refresh, not a logout', async () => {
    const w = window as Window & { __guaritaEarlyRefresh?: Promise<unknown> };
    server.use(http.post(route('/api/auth/refresh'), () => dto(TokensDto, tokens(900, 'AFTER'))));
    for (const failed of [null, { status: 503, body: null }]) {
      clearSession();
      localStorage.setItem('guarita.session', '1');
      w.__guaritaEarlyRefresh = Promise.resolve(failed);
      await expect(ensureFresh()).resolves.toBe(true);
      expect(getTokens()?.AccessToken).toBe('AFTER');
      expect(takeBootData()).toBeNull();
    }
    expect(requests.paths()).toEqual(['POST /api/auth/refresh', 'POST /api/auth/refresh']);
  });

  it('a 401 on a call triggers a refresh and one retry with the new token', async () => {
    storeTokens(tokens(3600, 'OLD'));
    server.use(
      http.get(route('/api/contracts'), ({ request }) =>
        request.headers.get('authorization') === 'Bearer NEW' ? dto(ContractDto.array(), []) : apiError(401, 'UNAUTHORIZED', 'x'),
      ),
      http.post(route('/api/auth/refresh'), () => dto(TokensDto, tokens(3600, 'NEW'))),
    );
    await expect(getContracts()).resolves.toEqual([]);
    expect(requests.paths()).toEqual(['GET /api/contracts', 'POST /api/auth/refresh', 'GET /api/contracts']);
    const auth = (call: number) => requests.seen[call]?.headers.get('authorization');
    expect(auth(0)).toBe('Bearer OLD');
    expect(auth(2)).toBe('Bearer NEW');
  });

  it('a refresh answered 401 logs out and clears storage', async () => {
    storeTokens(tokens(10));
    localStorage.setItem('guarita.selectedContract', '100101');
    sessionStorage.setItem('x', '1');
    server.use(
      http.get(route('/api/contracts'), () => apiError(401, 'UNAUTHORIZED', 'x')),
      http.post(route('/api/auth/refresh'), () => apiError(401, 'UNAUTHORIZED', 'x')),
    );
    await expect(getContracts()).rejects.toMatchObject({ status: 401 });
    expect(getTokens()).toBeNull();
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });

  it('showing the last data offline (ADR 091), a call without an answer to its refresh is no logout; back online the refresh decides', async () => {
    localStorage.setItem('guarita.session', '1');
    server.use(http.post(route('/api/auth/refresh'), () => HttpResponse.error()));
    enterOfflineView();
    expect(isOfflineView()).toBe(true);
    await expect(getContracts()).rejects.toMatchObject({ status: 0 });
    expect(isOfflineView()).toBe(true);
    expect(hadSession()).toBe(true);

    server.use(http.post(route('/api/auth/refresh'), () => apiError(401, 'UNAUTHORIZED', 'x')));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(isOfflineView()).toBe(false));
    expect(hadSession()).toBe(false);
  });

  it('back online with a login still valid, the offline view ends with fresh tokens', async () => {
    localStorage.setItem('guarita.session', '1');
    server.use(http.post(route('/api/auth/refresh'), () => dto(TokensDto, tokens(900, 'A9'))));
    enterOfflineView();
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(getTokens()?.AccessToken).toBe('A9'));
    expect(isOfflineView()).toBe(false);
  });

  it('without any session there is no refresh call at all', async () => {
    await expect(ensureFresh()).resolves.toBe(false);
    expect(requests.seen).toHaveLength(0);
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
