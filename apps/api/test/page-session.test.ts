import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import type { LightMyRequestResponse } from 'fastify';
import { PAGE_COOKIE } from '../src/modules/auth/cookies';
import { REFRESH_COOKIE, createTestApp, jwtPayload, type TestApp } from './helpers';
import { aCustomer, uniqueIp } from './factories';

/** The page cookie (ADR 059): set with every login, read only by `app.pageSession` when serving a page's HTML. */
describe('page cookie and app.pageSession', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000); // a fresh database per file; slow on a loaded machine
  afterAll(() => t?.close());

  const pageCookieOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === PAGE_COOKIE);
  /** What the HTML request would learn from a browser holding `value` as the page cookie. */
  const pageSession = (value: string | undefined) => t.app.pageSession({ cookies: value === undefined ? {} : { [PAGE_COOKIE]: value } });
  const who = (accessToken: string) => {
    const { sub, sid } = jwtPayload(accessToken);
    return { customerId: Number(sub), familyId: String(sid) };
  };
  /** Logs `customer` in (a customer of the test's own unless given) and answers the tokens plus the page cookie that verify set. */
  const login = async (customer?: { document: string }) => {
    const ip = uniqueIp();
    const s = await t.start((customer ?? (await aCustomer(t))).document, ip);
    const res = await t.verify(s.Sessao, await t.requestCode(s.Sessao, s.canalPadrao, ip), ip);
    expect(res.statusCode).toBe(200);
    const page = pageCookieOf(res);
    expect(page?.value).toBeTruthy();
    const refresh = res.cookies.find((c) => c.name === REFRESH_COOKIE);
    return { ...(res.json() as { AccessToken: string; IdToken: string }), refreshToken: refresh!.value, page: page!, res };
  };
  const expectCleared = (res: LightMyRequestResponse) => {
    const c = pageCookieOf(res);
    expect(c).toBeDefined();
    expect(c!.value).toBe('');
    expect(c!.path).toBe('/');
    expect(c!.expires!.getTime()).toBeLessThanOrEqual(Date.now());
  };
  const logout = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { [REFRESH_COOKIE]: refreshToken } });
  /** A page token signed with the app's secret, with the given claims over the valid ones. */
  const signPage = (familyId: string, customerId: number, o: { iat?: number; exp?: number; typ?: string; aud?: string } = {}) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ typ: o.typ ?? 'page', sid: familyId })
      .setProtectedHeader({ alg: 'HS256', kid: t.config.keys.kid })
      .setSubject(String(customerId))
      .setIssuer('guarita')
      .setAudience(o.aud ?? 'guarita-page')
      .setIssuedAt(o.iat ?? now)
      .setExpirationTime(o.exp ?? now + 3600)
      .sign(t.config.keys.key('access-token'));
  };

  it('verify sets the page cookie: HttpOnly, SameSite=Strict, path /, as long-lived as the refresh cookie; it names the login', async () => {
    const l = await login();
    expect(l.page).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', maxAge: t.config.tokens.refreshAbsoluteSeconds });
    expect(l.page.secure).toBeFalsy(); // the test PUBLIC_URL is http
    const payload = jwtPayload(l.page.value);
    expect(payload).toMatchObject({ typ: 'page', aud: 'guarita-page', iss: 'guarita', sid: who(l.AccessToken).familyId });
    expect(payload.exp).toBe((payload.iat as number) + t.config.tokens.refreshAbsoluteSeconds);
    expect(payload).not.toHaveProperty('username'); // no CPF/CNPJ in a cookie sent with every page
    expect(await pageSession(l.page.value)).toEqual(who(l.AccessToken));
  });

  it('is Secure when PUBLIC_URL is https', async () => {
    const https = await createTestApp({ demoMode: false, env: { PUBLIC_URL: 'https://guarita.example' } });
    try {
      const s = await https.start((await aCustomer(https)).document);
      const res = await https.verify(s.Sessao, await https.requestCode(s.Sessao, s.canalPadrao));
      expect(pageCookieOf(res)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/' });
    } finally {
      await https.close();
    }
  }, 180_000); // an app of its own on a fresh database; slow on a loaded machine

  it('refresh and boot set it again, for the same login', async () => {
    const l = await login();
    const refreshed = await t.refresh(l.refreshToken);
    expect(refreshed.statusCode).toBe(200);
    const again = pageCookieOf(refreshed);
    expect(again).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', maxAge: t.config.tokens.refreshAbsoluteSeconds });
    expect(await pageSession(again!.value)).toEqual(who(l.AccessToken));

    const next = refreshed.cookies.find((c) => c.name === REFRESH_COOKIE)!.value;
    const booted = await t.app.inject({ method: 'POST', url: '/api/auth/boot', cookies: { [REFRESH_COOKIE]: next } });
    expect(booted.statusCode).toBe(200);
    expect(await pageSession(pageCookieOf(booted)?.value)).toEqual(who(l.AccessToken));
  });

  it('a failed refresh or boot clears it', async () => {
    const refused = await t.refresh('not-a-refresh-token');
    expect(refused.statusCode).toBe(401);
    expectCleared(refused);
    const booted = await t.app.inject({ method: 'POST', url: '/api/auth/boot', cookies: { [REFRESH_COOKIE]: 'not-a-refresh-token' } });
    expect(booted.statusCode).toBe(401);
    expectCleared(booted);
  });

  it('the page token is no access token and the access token no page token', async () => {
    const l = await login();
    expect((await t.get('/api/me', l.AccessToken)).statusCode).toBe(200);
    expect((await t.get('/api/me', l.page.value)).statusCode).toBe(401);
    expect((await t.get('/api/contracts', l.page.value)).statusCode).toBe(401);
    expect(await pageSession(l.AccessToken)).toBeNull();
    expect(await pageSession(l.IdToken)).toBeNull();
    // Nor is the API reached with the cookie alone.
    const cookieOnly = await t.app.inject({ method: 'GET', url: '/api/me', cookies: { [PAGE_COOKIE]: l.page.value } });
    expect(cookieOnly.statusCode).toBe(401);
  });

  it('after logout the old page cookie names no one, and the logout clears it', async () => {
    const customer = await aCustomer(t);
    const l = await login(customer);
    const keep = await login(customer);
    const out = await logout(l.refreshToken);
    expect(out.statusCode).toBe(204);
    expectCleared(out);
    expect(await pageSession(l.page.value)).toBeNull();
    // Another login of the same customer is untouched.
    expect(await pageSession(keep.page.value)).toEqual(who(keep.AccessToken));
  });

  it('a missing, garbled, tampered, expired or foreign cookie gives null, never an error', async () => {
    const l = await login();
    const { customerId, familyId } = who(l.AccessToken);
    const valid = await signPage(familyId, customerId);
    expect(await pageSession(valid)).toEqual({ customerId, familyId }); // the signer below makes what the app makes

    const now = Math.floor(Date.now() / 1000);
    const tampered = l.page.value.slice(0, -4) + (l.page.value.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    for (const bad of [
      undefined,
      '',
      'garbage',
      'a.b.c',
      tampered,
      await signPage(familyId, customerId, { iat: now - 7200, exp: now - 10 }), // expired
      await signPage(familyId, customerId, { iat: now - t.config.tokens.refreshAbsoluteSeconds - 3600, exp: now + 3600 }), // too old
      await signPage(familyId, customerId, { typ: 'access' }),
      await signPage(familyId, customerId, { aud: 'guarita-web' }),
      await signPage(familyId, customerId + 1), // another customer's claim on this login
      await signPage('no-such-family', customerId),
      await new SignJWT({ typ: 'page', sid: familyId })
        .setProtectedHeader({ alg: 'HS256', kid: t.config.keys.kid })
        .setSubject(String(customerId))
        .setIssuer('guarita')
        .setAudience('guarita-page')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('another-secret-0123456789abcdef-0123456789')),
    ]) {
      expect(await pageSession(bad)).toBeNull();
    }
  });
});
