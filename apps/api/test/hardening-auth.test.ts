import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { SignJWT } from 'jose';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { MSG } from '@guarita/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBanner, loadConfig } from '../src/config';
import { keyId } from '../src/lib/keys';
import { decoyContacts } from '../src/modules/auth/service';
import { aCustomer, aSession } from './factories';
import { REFRESH_COOKIE, codeOf, createTestApp, jwtPayload, sleep, type TestApp } from './helpers';

/**
 * Issue 7, items 4, 5, 6, 8 and 9: tokens, demo mode, parallel refresh, lockout by strangers, enumeration. Every test
 * logs in customers of its own (ADR 070).
 */

/** A new customer of the test's own, logged in (the code login through the API). */
const aLogin = async (t: TestApp) => aSession(t, await aCustomer(t));

const OLD_DEMO_SECRET = 'demo-only-secret-never-use-in-production-0123456789';
const ROOMY = { codeRequestsPerIp: 1000, verifyPerIp: 1000, lookupsPerIp: 1000 };

describe('item 4: demo secret and token claims', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limits: { ...ROOMY, codeRequestsPerDocument: 100, verifyPerDocument: 100 } });
  }, 180_000);
  afterAll(() => t?.close());

  const status = async (token: string) => (await t.get('/api/me', token)).statusCode;
  /** The server's own access-token key and its id (ADR 062). */
  const serverKey = () => ({ key: t.config.keys.key('access-token'), kid: t.config.keys.kid });
  const sign = (claims: Record<string, unknown>, signer: { key: Uint8Array; kid: string }, omit: string[] = []) => {
    const now = Math.floor(Date.now() / 1000);
    const full: Record<string, unknown> = { typ: 'access', iss: 'guarita', aud: 'guarita-web', iat: now, exp: now + 600, ...claims };
    for (const k of omit) delete full[k];
    return new SignJWT(full).setProtectedHeader({ alg: 'HS256', kid: signer.kid }).sign(signer.key);
  };

  it('demo mode without AUTH_SECRET: a random secret, kept in DATA_DIR with mode 0600, the same after a restart', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'guarita-secret-'));
    const a = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir });
    expect(a.demoMode).toBe(true);
    const file = path.join(dir, 'auth-secret');
    const secret = readFileSync(file, 'utf8').trim();
    expect(secret).not.toBe(OLD_DEMO_SECRET);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(a.keys.kid).toBe(keyId(secret)); // the keys are derived from the file's secret
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dir }).keys.kid).toBe(a.keys.kid);
    const other = mkdtempSync(path.join(tmpdir(), 'guarita-secret-'));
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: other }).keys.kid).not.toBe(a.keys.kid);
  });

  it('a token signed with the old source-code demo secret is refused', async () => {
    const p = jwtPayload((await aLogin(t)).AccessToken);
    // Even naming the server's key id.
    expect(
      await status(await sign({ sub: p.sub, sid: p.sid }, { key: new TextEncoder().encode(OLD_DEMO_SECRET), kid: t.config.keys.kid })),
    ).toBe(401);
  });

  it("a token naming another customer with one's own login (sid) is refused, even with the server key", async () => {
    const own = jwtPayload((await aLogin(t)).AccessToken);
    const victim = jwtPayload((await aLogin(t)).AccessToken);
    const forged = await sign({ sub: victim.sub, sid: own.sid }, serverKey());
    expect(await status(forged)).toBe(401);
    expect(await status(await sign({ sub: own.sub, sid: own.sid }, serverKey()))).toBe(200); // control
  });

  it.each(['exp', 'iat', 'iss', 'aud', 'typ'])('a token without %s is refused', async (claim) => {
    const p = jwtPayload((await aLogin(t)).AccessToken);
    expect(await status(await sign({ sub: p.sub, sid: p.sid }, serverKey(), [claim]))).toBe(401);
  });

  it('outside demo mode start-up refuses a missing or weak secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'a'.repeat(40) })).toThrow(/weak/);
  });
});

describe('item 5: demo mode is never on by accident', () => {
  const secret = 'Zq3v9XkP2mR7tW1yB8nC4dF6gH0jL5sA';
  it('an https PUBLIC_URL without DEMO_MODE=true turns demo mode off; DEMO_MODE=true keeps it on', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://guarita.example', AUTH_SECRET: secret }).demoMode).toBe(false);
    expect(() => loadConfig({ PUBLIC_URL: 'https://guarita.example' })).toThrow(/AUTH_SECRET/);
    expect(loadConfig({ PUBLIC_URL: 'https://guarita.example', DEMO_MODE: 'true', AUTH_SECRET: secret }).demoMode).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000', AUTH_SECRET: secret }).demoMode).toBe(true);
  });

  it('npm start prints a clear banner in demo mode, and none outside it', () => {
    const demo = loadConfig({ AUTH_SECRET: secret });
    expect(demoBanner(demo)).toMatch(/DEMO MODE IS ON/);
    expect(demoBanner(loadConfig({ DEMO_MODE: 'false', AUTH_SECRET: secret }))).toBeNull();
  });
});

describe('item 6: parallel refreshes (two tabs)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      limits: { ...ROOMY, codeRequestsPerDocument: 100, verifyPerDocument: 100 },
      tokens: { refreshGraceSeconds: 2 },
    });
  }, 180_000);
  afterAll(() => t?.close());
  const cookieOf = (r: Awaited<ReturnType<TestApp['refresh']>>) => r.cookies.find((c) => c.name === REFRESH_COOKIE)?.value;

  it('five parallel refreshes with one cookie: all 200 with the same successor, and the login stays alive', async () => {
    const l = await aLogin(t);
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.refresh(l.refreshToken)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const successors = new Set(answers.map(cookieOf));
    expect(successors.size).toBe(1);
    for (const a of answers) expect((await t.get('/api/me', a.json().AccessToken)).statusCode).toBe(200);
    // The successor rotates normally.
    const next = await t.refresh([...successors][0]!);
    expect(next.statusCode).toBe(200);
  });

  it('reuse after the grace window still revokes the whole login', async () => {
    const l = await aLogin(t);
    const first = await t.refresh(l.refreshToken);
    expect(first.statusCode).toBe(200);
    await sleep(2_300);
    expect((await t.refresh(l.refreshToken)).statusCode).toBe(401);
    expect((await t.refresh(cookieOf(first)!)).statusCode).toBe(401);
    expect((await t.get('/api/me', first.json().AccessToken)).statusCode).toBe(401);
  });
});

describe('item 8: strangers cannot lock the owner out', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Production-like limits (factor 1): 5 per document+IP, 20 per document.
    t = await createTestApp({ limits: { lookupsPerIp: 1000, codeRequestsPerIp: 1000 } });
  }, 180_000);
  afterAll(() => t?.close());
  const code = (Sessao: string, ip: string, device?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/code',
      payload: { Sessao, canal: 'email' },
      remoteAddress: ip,
      ...(device ? { cookies: { guarita_dev: device } } : {}),
    });

  it('5 requests from one stranger no longer block the owner; a device that logged in before passes the per-document ceiling', async () => {
    const { document } = await aCustomer(t, { smsPhone: null, phone: null }); // reachable by e-mail only
    // The owner logs in once from her phone: it receives a device cookie.
    const s0 = await t.start(document, '10.9.0.1');
    const c0 = await t.requestCode(s0.Sessao, 'email', '10.9.0.1');
    const v = await t.verify(s0.Sessao, c0, '10.9.0.1');
    const device = v.cookies.find((c) => c.name === 'guarita_dev')?.value;
    expect(device).toBeTruthy();

    // A stranger asks 5 codes from one address: that address is limited, the owner from hers is not.
    const s = await t.start(document, '10.9.9.9');
    for (let i = 0; i < 5; i++) expect((await code(s.Sessao, '10.9.9.9')).statusCode).toBe(202);
    expect((await code(s.Sessao, '10.9.9.9')).statusCode).toBe(429);
    const own = await t.start(document, '10.9.0.2');
    expect((await code(own.Sessao, '10.9.0.2')).statusCode).toBe(202);

    // Strangers spraying from many addresses reach the per-document ceiling (20) …
    for (let i = 0; i < 20; i++) await code(s.Sessao, `10.9.8.${i}`);
    expect((await code(s.Sessao, '10.9.7.1')).statusCode).toBe(429);
    // … which does not stop the owner's known device.
    expect((await code(own.Sessao, '10.9.0.3', device)).statusCode).toBe(202);
    // A forged or someone else's device cookie is worth nothing.
    expect((await code(own.Sessao, '10.9.0.4', `${device}x`)).statusCode).toBe(429);
  });
});

describe('item 9: login does not tell who is a customer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limits: { lookupsPerIp: 10_000 } });
  }, 180_000);
  afterAll(() => t?.close());
  const login = (documento: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { documento } });

  it('an unknown document gets the same shape of answer and stable masked destinations, like a customer with or without a mobile', async () => {
    // The decoy's destinations come from a keyed hash of the document: a fifth of unknown documents get no mobile,
    // as some customers have none. One unknown document of each kind, and a customer of each kind.
    const decoyOf = (doc: string) => decoyContacts(t.config.keys.key('decoy-contacts'), doc);
    const unknownWith = (sms: boolean) => {
      for (;;) {
        const doc = generateCpf();
        if ((decoyOf(doc).Sms !== null) === sms) return doc;
      }
    };
    const withSms = await aCustomer(t);
    const emailOnly = await aCustomer(t, { smsPhone: null, phone: null });
    for (const [customer, unknownDoc, sms] of [
      [withSms, unknownWith(true), true],
      [emailOnly, unknownWith(false), false],
    ] as const) {
      const masked = {
        Sessao: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
        Sms: sms ? expect.stringMatching(/^\(\d{2}\) \*{5}-\d{4}$/) : null,
        Email: expect.stringMatching(/^[a-z]{2}\*{3,}@[a-z]\*{3,}\.[a-z.]+$/),
        canalPadrao: sms ? 'sms' : 'email',
      };
      const known = await login(customer.document);
      const unknown1 = await login(unknownDoc);
      const unknown2 = await login(unknownDoc);
      expect([known.statusCode, unknown1.statusCode]).toEqual([200, 200]);
      expect(known.json()).toStrictEqual(masked);
      expect(unknown1.json()).toStrictEqual(masked);
      expect(unknown1.json()).toEqual({ Sessao: unknown1.json().Sessao, ...decoyOf(unknownDoc) });
      expect({ ...unknown2.json(), Sessao: '' }).toEqual({ ...unknown1.json(), Sessao: '' });
    }
    // The time it takes is measured in the bench (bench/src/login-timing.ts, < 5 ms apart): not a test's business on a
    // shared machine.
  });
});

describe('item 12: headers and the Origin of cookie-authenticated POSTs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limits: { ...ROOMY, codeRequestsPerDocument: 100, codeRequestsPerDocumentIp: 100, verifyPerDocument: 100 } });
  }, 180_000);
  afterAll(() => t?.close());

  it('personal-data and token answers are no-store; no X-Frame-Options (CSP frame-ancestors is the rule)', async () => {
    const customer = await aCustomer(t);
    const l = await aSession(t, customer);
    const verify = await t.verify((await t.start(customer.document)).Sessao, '000000');
    for (const res of [
      await t.get('/api/me', l.AccessToken),
      await t.get('/api/contracts', l.AccessToken),
      await t.refresh(l.refreshToken),
      verify,
    ]) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-frame-options']).toBeUndefined();
    }
  });

  it('refresh and logout from another site are refused (403) and change nothing; from our own pages they work', async () => {
    const l = await aLogin(t);
    const post = (url: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url, headers, cookies: { [REFRESH_COOKIE]: l.refreshToken } });
    const crossSite: Record<string, string>[] = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of crossSite) {
      expect((await post('/api/auth/refresh', headers)).statusCode).toBe(403);
      expect((await post('/api/auth/logout', headers)).statusCode).toBe(403);
    }
    expect((await t.get('/api/me', l.AccessToken)).statusCode).toBe(200);
    const ok = await post('/api/auth/refresh', { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' });
    expect(ok.statusCode).toBe(200);
  });
});

describe('issue 23 item 1: a stranger never stops the owner logging in on a new device', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Production limits (RATE_LIMIT_FACTOR=1) everywhere.
    t = await createTestApp();
  }, 180_000);
  afterAll(() => t?.close());

  const post = (url: string, payload: Record<string, unknown>, ip: string) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
  /** What the altcha widget sends: a challenge of GET /api/auth/challenge, solved. */
  const solved = async (ip: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/challenge', remoteAddress: ip });
    expect(res.statusCode).toBe(200);
    const challenge = res.json() as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  };
  /** A request of the owner's new device; past a per-document ceiling it solves the challenge it is asked for and retries. */
  const asOwner = async (url: string, payload: Record<string, unknown>, ip: string, seen: string[]) => {
    const first = await post(url, payload, ip);
    seen.push(first.statusCode < 400 ? String(first.statusCode) : first.json().erro);
    if (first.statusCode !== 429 || first.json().erro !== 'CHALLENGE_REQUIRED') return first;
    expect(first.json().mensagem).toBe(MSG.challengeRequired);
    const again = await post(url, { ...payload, altcha: await solved(ip) }, ip);
    seen.push(again.statusCode < 400 ? String(again.statusCode) : again.json().erro);
    return again;
  };
  /** The owner on a phone never used before (no device cookie), from an address of her own. */
  const ownerLogsIn = async (document: string, ip: string) => {
    const t0 = Date.now();
    const seen: string[] = [];
    const s = await t.start(document, ip);
    const sentBefore = t.sent.length;
    expect((await asOwner('/api/auth/code', { Sessao: s.Sessao, canal: 'email' }, ip, seen)).statusCode).toBe(202);
    const code = codeOf(t.sent[sentBefore]);
    const v = await asOwner('/api/auth/verify', { Sessao: s.Sessao, CodigoAutenticacao: code }, ip, seen);
    return { status: v.statusCode, seen, ms: Date.now() - t0 };
  };
  const wrong = '000000';

  it('from one address: verifies on a session that never got a code count against that address only; guesses at most ask the owner for a challenge', async () => {
    const { document } = await aCustomer(t);
    const stranger = '10.23.1.1';
    const s = await t.start(document, stranger);
    // No code was ever sent: none of these is a guess.
    for (let i = 0; i < 40; i++)
      expect((await post('/api/auth/verify', { Sessao: s.Sessao, CodigoAutenticacao: wrong }, stranger)).statusCode).toBe(401);
    const quiet = await ownerLogsIn(document, '10.23.0.1');
    expect(quiet).toMatchObject({ status: 200, seen: ['202', '200'] });

    // Now real guesses and code requests from that address, as many as it will take.
    for (let i = 0; i < 10; i++) await post('/api/auth/code', { Sessao: s.Sessao, canal: 'email' }, stranger);
    for (let i = 0; i < 70; i++) await post('/api/auth/verify', { Sessao: s.Sessao, CodigoAutenticacao: wrong }, stranger);
    const last = await post('/api/auth/verify', { Sessao: s.Sessao, CodigoAutenticacao: wrong }, stranger);
    expect(last.statusCode).toBe(429); // the stranger's own address is limited
    const owner = await ownerLogsIn(document, '10.23.0.2');
    console.log(`issue 23 item 1, one address: owner ${owner.seen.join(' → ')} in ${owner.ms} ms`);
    expect(owner.status).toBe(200);
    expect(owner.seen).not.toContain('RATE_LIMITED');
  });

  it('an unknown document answers alike: verifies without a code count against the address only', async () => {
    const stranger = '10.23.4.1';
    const s = await t.start('12345678909', stranger);
    const answers = [];
    for (let i = 0; i < 20; i++)
      answers.push((await post('/api/auth/verify', { Sessao: s.Sessao, CodigoAutenticacao: wrong }, stranger)).json().erro);
    expect(new Set(answers)).toEqual(new Set(['CODE_EXPIRED']));
  });

  it('from four addresses: 20+ code requests and every guess they allow still leave the owner a way in (a challenge at most)', async () => {
    const { document } = await aCustomer(t);
    const strangers = ['10.23.2.1', '10.23.2.2', '10.23.2.3', '10.23.2.4'];
    for (const ip of strangers) {
      const s = await t.start(document, ip);
      for (let i = 0; i < 8; i++) await post('/api/auth/code', { Sessao: s.Sessao, canal: 'email' }, ip);
      for (let i = 0; i < 20; i++) await post('/api/auth/verify', { Sessao: s.Sessao, CodigoAutenticacao: wrong }, ip);
    }
    const owner = await ownerLogsIn(document, '10.23.0.3');
    console.log(`issue 23 item 1, four addresses: owner ${owner.seen.join(' → ')} in ${owner.ms} ms`);
    expect(owner.status).toBe(200);
    expect(owner.seen).not.toContain('RATE_LIMITED');
    expect(owner.seen).toContain('CHALLENGE_REQUIRED'); // past the per-document ceilings, a new device proves work
  });
});

describe('issue 23 item 1: guessing stays bounded', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limits: { ...ROOMY, verifyPerDocument: 1000, guessesPerDocumentDay: 3 } });
  }, 180_000);
  afterAll(() => t?.close());
  const verify = (Sessao: string, CodigoAutenticacao: string, ip: string, altcha?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { Sessao, CodigoAutenticacao, ...(altcha ? { altcha } : {}) },
      remoteAddress: ip,
    });
  const solved = async () => {
    const challenge = (await t.app.inject({ method: 'GET', url: '/api/auth/challenge' })).json() as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  };

  it('past the daily guesses of a document every guess needs a solved challenge of its own; 5 tries per code still', async () => {
    const company = await aCustomer(t, { kind: 'cnpj', alphanumeric: true });
    const s = await t.start(company.document);
    const code = await t.requestCode(s.Sessao, 'sms');
    const other = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i++) expect((await verify(s.Sessao, other, `10.23.3.${i}`)).json().erro).toBe('CODE_INVALID');
    const refused = await verify(s.Sessao, code, '10.23.3.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ erro: 'CHALLENGE_REQUIRED', mensagem: MSG.challengeRequired });
    expect(refused.headers['retry-after']).toBeUndefined();
    const altcha = await solved();
    expect((await verify(s.Sessao, other, '10.23.3.9', altcha)).json().erro).toBe('CODE_INVALID');
    expect((await verify(s.Sessao, other, '10.23.3.9', altcha)).json().erro).toBe('CAPTCHA_REUSED');
    expect((await verify(s.Sessao, other, '10.23.3.9', 'bm90IGEgcGF5bG9hZA==')).json().erro).toBe('CAPTCHA_INVALID');
    // 5th try on this code, with a challenge: still a wrong guess; the 6th is over the code's limit whatever it carries.
    expect((await verify(s.Sessao, other, '10.23.3.9', await solved())).json().erro).toBe('CODE_INVALID');
    expect((await verify(s.Sessao, code, '10.23.3.9', await solved())).json().erro).toBe('CODE_EXPIRED');
  });
});
