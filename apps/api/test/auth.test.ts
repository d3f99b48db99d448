import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { demoSecret } from '../src/config';
import { formatCnpj, formatCpf } from '@brazilian-utils/brazilian-utils';
import { REFRESH_COOKIE, createTestApp, jwtPayload, sleep, type TestApp } from './helpers';
import { aCustomer, type CustomerRow } from './factories';

// The spec's and the API's pt-BR texts, written out verbatim: this is what a client shows.
const REQUIRED = 'Preencha o campo acima';
const INVALID_DOCUMENT = 'CPF ou CNPJ inválidos!';
const CODE_REQUIRED = 'Preencha o campo com o código de validação';
const CODE_CHECK_FAILED = 'Não foi possível validar código.';
const CODE_EXPIRED = 'Código expirado ou já utilizado. Solicite um novo código.';
const TOO_MANY = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.';
const SESSION_EXPIRED = 'Sessão expirada. Faça login novamente.';
const CHALLENGE = 'Houve muitas tentativas de acesso a este CPF/CNPJ. Por segurança, confirme que você não é um robô para continuar.';

const envelope = (status: number, erro: string, mensagem: string) => ({ sucesso: false, status, erro, mensagem });

/**
 * Customers of the test's own (ADR 070), in the app given (each describe below may have its own): a person reachable
 * by SMS and e-mail, a person reachable by e-mail only, a company with a trade name, a company with an alphanumeric
 * CNPJ. Logins need no contract.
 */
const person = (app: TestApp) => aCustomer(app);
const emailOnly = (app: TestApp) => aCustomer(app, { phone: null, smsPhone: null });
const company = (app: TestApp) => aCustomer(app, { kind: 'cnpj', tradeName: 'Teste Cargas' });
const alphanumeric = (app: TestApp) => aCustomer(app, { kind: 'cnpj', alphanumeric: true, tradeName: 'Alfa Log' });

/** Any 6-digit code other than `code`. */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** How many answers of each status code. */
const tally = (answers: Array<{ statusCode: number }>) =>
  answers.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.statusCode]: (acc[r.statusCode] ?? 0) + 1 }), {});

/** Everything the limits would get in the way of is raised; the tests of the limits use their own app. */
const ROOMY = {
  codeRequestsPerDocument: 1000,
  codeRequestsPerDocumentIp: 1000,
  codeRequestsPerIp: 1000,
  verifyPerDocument: 1000,
  verifyPerIp: 1000,
  lookupsPerIp: 1000,
};

/** One app with the default lifetimes and roomy limits for the protocol, refresh/logout and JWT tests; each test makes its own logins. */
let t: TestApp;
// A short refresh grace window (issue 7): a repeat within it gets the same successor; the reuse tests wait it out.
const GRACE_SECONDS = 1;
const afterGrace = () => sleep(GRACE_SECONDS * 1000 + 200);
beforeAll(async () => {
  t = await createTestApp({ limits: ROOMY, tokens: { refreshGraceSeconds: GRACE_SECONDS } });
});
afterAll(() => t?.close());

describe('login protocol', () => {
  const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });

  it.each([
    ['CPF', 'with its mask', 'sms', person, (c: CustomerRow) => formatCpf(c.document), null],
    ['CNPJ', 'with its mask', 'sms', company, (c: CustomerRow) => formatCnpj(c.document), 'Teste Cargas'],
    ['alphanumeric CNPJ', 'with its mask', 'sms', alphanumeric, (c: CustomerRow) => formatCnpj(c.document, { version: 2 }), 'Alfa Log'],
    [
      'alphanumeric CNPJ',
      'in lower case',
      'email',
      alphanumeric,
      (c: CustomerRow) => formatCnpj(c.document, { version: 2 }).toLowerCase(),
      'Alfa Log',
    ],
    ['CPF', 'without mask', 'email', person, (c: CustomerRow) => c.document, null],
  ] as const)(
    '%s typed %s, code by %s: login → code → verify → authenticated calls',
    async (_kind, how, canal, make, typing, tradeName) => {
      const customer = await make(t);
      const document = customer.document;
      const typed = typing(customer);
      expect(typed === document).toBe(how === 'without mask');
      const start = await post('/api/auth/login', { documento: typed });
      expect(start.statusCode).toBe(200);
      const s = start.json();
      expect(s).toEqual({ Sessao: expect.any(String), Sms: expect.any(String), Email: expect.any(String), canalPadrao: 'sms' });

      const before = t.sent.length;
      const code = await post('/api/auth/code', { Sessao: s.Sessao, canal });
      expect(code.statusCode).toBe(202);
      expect(code.json()).toEqual({ canal, destino: canal === 'sms' ? s.Sms : s.Email });
      expect(t.sent.length).toBe(before + 1);
      const n = t.sent.at(-1)!;
      expect(n.channel).toBe(canal);
      const digits = n.body.match(/\b\d{6}\b/)?.[0];
      expect(digits).toMatch(/^\d{6}$/);

      const verify = await post('/api/auth/verify', { Sessao: s.Sessao, CodigoAutenticacao: digits });
      expect(verify.statusCode).toBe(200);
      const tokens = verify.json();
      expect(tokens).toEqual({ IdToken: expect.any(String), AccessToken: expect.any(String), expiresIn: t.config.tokens.accessSeconds });
      // The identity token carries the CPF/CNPJ as username claim and an expiry (spec §3).
      const id = jwtPayload(tokens.IdToken);
      expect(id.username).toBe(document);
      expect(typeof id.exp).toBe('number');
      expect(jwtPayload(tokens.AccessToken).username).toBeUndefined();

      // The refresh token is an HttpOnly, SameSite=Strict cookie scoped to /api/auth, never in the JSON.
      const cookie = verify.cookies.find((c) => c.name === REFRESH_COOKIE);
      expect(cookie).toMatchObject({
        httpOnly: true,
        sameSite: 'Strict',
        path: '/api/auth',
        maxAge: t.config.tokens.refreshAbsoluteSeconds,
      });
      expect(cookie!.value.length).toBeGreaterThanOrEqual(32);
      expect(verify.body).not.toContain(cookie!.value);

      const me = await t.get('/api/me', tokens.AccessToken);
      expect(me.statusCode).toBe(200);
      expect([me.json().cpf, me.json().cnpj]).toContain(document);
      // A company's trade name (nome fantasia) comes along for the greeting; a person has none (issue 8).
      expect(me.json().tradeName).toBe(tradeName);
    },
  );

  it('validates the document with the spec messages', async () => {
    for (const [documento, mensagem] of [
      ['', REQUIRED],
      ['   ', REQUIRED],
      ['123', INVALID_DOCUMENT],
      ['529.982.247-24', INVALID_DOCUMENT], // wrong check digit
      ['5299822472', INVALID_DOCUMENT], // 10 digits
      ['112223330001811', INVALID_DOCUMENT], // 15 digits
      ['12.ABC.345/01DE-36', INVALID_DOCUMENT], // alphanumeric CNPJ, wrong check digit
    ]) {
      const res = await post('/api/auth/login', { documento });
      expect({ documento, status: res.statusCode, body: res.json() }).toEqual({
        documento,
        status: 400,
        body: envelope(400, 'VALIDATION', mensagem!),
      });
    }
  });

  it('a valid but unknown document is answered like a customer (issue 7, ASVS 6.3.8), and no code is ever sent', async () => {
    const before = t.sent.length;
    for (const documento of ['123.456.789-09', '11.444.777/0001-61']) {
      const res = await post('/api/auth/login', { documento });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['Email', 'Sessao', 'Sms', 'canalPadrao']);
      const code = await post('/api/auth/code', { Sessao: body.Sessao, canal: body.canalPadrao });
      expect(code.statusCode).toBe(202);
      const verify = await post('/api/auth/verify', { Sessao: body.Sessao, CodigoAutenticacao: '123456' });
      expect(verify.json()).toEqual(envelope(401, 'CODE_INVALID', CODE_CHECK_FAILED));
    }
    expect(t.sent.length).toBe(before);
  });

  it('validates the code with the spec messages', async () => {
    const s = await t.start((await person(t)).document);
    await t.requestCode(s.Sessao, 'sms');
    for (const [CodigoAutenticacao, mensagem] of [
      ['', CODE_REQUIRED],
      ['  ', CODE_REQUIRED],
      ['12a456', CODE_CHECK_FAILED],
      ['12345', CODE_CHECK_FAILED],
    ]) {
      const res = await post('/api/auth/verify', { Sessao: s.Sessao, CodigoAutenticacao });
      expect({ CodigoAutenticacao, status: res.statusCode, body: res.json() }).toEqual({
        CodigoAutenticacao,
        status: 400,
        body: envelope(400, 'VALIDATION', mensagem!),
      });
    }
  });

  it('e-mail-only customer: default channel e-mail, no SMS offered, SMS refused', async () => {
    const joao = await emailOnly(t);
    const s = await t.start(joao.document);
    expect(s.canalPadrao).toBe('email');
    expect(s.Sms).toBeNull();
    expect(s.Email).toEqual(expect.any(String));

    const before = t.sent.length;
    const sms = await post('/api/auth/code', { Sessao: s.Sessao, canal: 'sms' });
    expect(sms.statusCode).toBe(400);
    expect(sms.json()).toEqual(envelope(400, 'CHANNEL_UNAVAILABLE', 'Este meio de envio não está disponível. Escolha outra opção.'));
    expect(t.sent.length).toBe(before);

    const code = await t.requestCode(s.Sessao, 'email');
    expect(t.sent.at(-1)).toMatchObject({ channel: 'email', to: joao.email });
    expect((await t.verify(s.Sessao, code)).statusCode).toBe(200);
  });

  it('an unknown channel is refused', async () => {
    const s = await t.start((await person(t)).document);
    const res = await post('/api/auth/code', { Sessao: s.Sessao, canal: 'whatsapp' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ sucesso: false, status: 400, erro: 'VALIDATION' });
  });

  it('malformed bodies get a pt-BR mensagem, never the validator’s English text', async () => {
    const maria = await person(t);
    const s = await t.start(maria.document);
    for (const [url, payload] of [
      ['/api/auth/login', {}],
      ['/api/auth/login', { documento: Number(maria.document) }],
      ['/api/auth/code', { Sessao: s.Sessao, canal: 'whatsapp' }],
      ['/api/auth/code', { canal: 'sms' }],
      ['/api/auth/verify', { Sessao: s.Sessao }],
    ] as const) {
      const res = await post(url, payload);
      expect(res.statusCode).toBe(400);
      const { mensagem } = res.json();
      expect({ url, payload, mensagem }).toEqual({
        url,
        payload,
        mensagem: expect.not.stringMatching(/invalid|expected|received|required|option/i),
      });
    }
  });

  it('masked destinations never reveal the whole e-mail or phone', async () => {
    const customers = [];
    for (const c of [
      await person(t),
      // A landline on file besides the mobile the codes go to.
      await aCustomer(t, { kind: 'cnpj', email: `financeiro.${Date.now()}@horizonte.example.com`, phone: '3133334444' }),
      await aCustomer(t, { kind: 'cnpj', alphanumeric: true, smsPhone: '11988776655' }),
    ])
      customers.push({ doc: c.document, email: c.email!, phone: c.smsPhone! });
    for (const c of customers) {
      const s = await t.start(c.doc);
      const shown: string[] = [s.Sms!, s.Email!];
      for (const canal of ['sms', 'email'] as const) {
        const res = await post('/api/auth/code', { Sessao: s.Sessao, canal });
        expect(res.statusCode).toBe(202);
        shown.push(res.json().destino);
        // ...while the notifier did get the real address.
        expect(t.sent.at(-1)!.to).toBe(canal === 'sms' ? c.phone : c.email);
      }
      const [user, domain] = c.email.split('@') as [string, string];
      for (const text of shown) {
        expect(text).toContain('*');
        expect(text).not.toContain(c.email);
        expect(text).not.toContain(user);
        expect(text).not.toContain(domain.split('.')[0]);
        expect(text.replace(/\D/g, '')).not.toContain(c.phone.slice(2, 7)); // the hidden middle digits
        expect(text).not.toContain(c.phone.slice(2));
      }
      expect(s.Sms).toMatch(new RegExp(`${c.phone.slice(-4)}$`)); // enough to recognise
    }
  });

  it('a wrong code is refused and the right one still works after it', async () => {
    const s = await t.start((await person(t)).document);
    const code = await t.requestCode(s.Sessao, 'sms');
    const wrong = await t.verify(s.Sessao, otherCode(code));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(envelope(401, 'CODE_INVALID', CODE_CHECK_FAILED));
    expect(wrong.cookies.find((c) => c.name === REFRESH_COOKIE)).toBeUndefined();
    expect((await t.verify(s.Sessao, code)).statusCode).toBe(200);
  });

  it('4 wrong tries leave the code usable; after 5 wrong tries it is dead even for the right code', async () => {
    const maria = await person(t);
    const a = await t.start(maria.document);
    const codeA = await t.requestCode(a.Sessao, 'sms');
    for (let i = 0; i < 4; i++) expect((await t.verify(a.Sessao, otherCode(codeA))).statusCode).toBe(401);
    expect((await t.verify(a.Sessao, codeA)).statusCode).toBe(200);

    const b = await t.start(maria.document);
    const codeB = await t.requestCode(b.Sessao, 'sms');
    for (let i = 0; i < 5; i++) {
      const res = await t.verify(b.Sessao, otherCode(codeB));
      expect(res.json()).toEqual(envelope(401, 'CODE_INVALID', CODE_CHECK_FAILED));
    }
    const right = await t.verify(b.Sessao, codeB);
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual(envelope(401, 'CODE_EXPIRED', CODE_EXPIRED));
    expect(right.cookies.find((c) => c.name === REFRESH_COOKIE)).toBeUndefined();

    // A new code for the same login session works again.
    const fresh = await t.requestCode(b.Sessao, 'sms');
    expect((await t.verify(b.Sessao, fresh)).statusCode).toBe(200);
  });

  it('a code works once', async () => {
    const s = await t.start((await company(t)).document);
    const code = await t.requestCode(s.Sessao, 'email');
    expect((await t.verify(s.Sessao, code)).statusCode).toBe(200);
    const again = await t.verify(s.Sessao, code);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(envelope(401, 'CODE_EXPIRED', CODE_EXPIRED));
  });

  it('concurrent verifications of one code give exactly one login', async () => {
    const s = await t.start((await person(t)).document);
    const code = await t.requestCode(s.Sessao, 'sms');
    const results = await Promise.all(Array.from({ length: 5 }, () => t.verify(s.Sessao, code)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401, 401]);
  });

  it('a code is bound to the login session that asked for it', async () => {
    const maria = await person(t);
    const a = await t.start(maria.document);
    const b = await t.start(maria.document);
    const other = await t.start((await company(t)).document);
    const codeA = await t.requestCode(a.Sessao, 'sms');
    let codeB = await t.requestCode(b.Sessao, 'sms');
    let codeOther = await t.requestCode(other.Sessao, 'sms');
    while (codeB === codeA) codeB = await t.requestCode(b.Sessao, 'sms');
    while (codeOther === codeA) codeOther = await t.requestCode(other.Sessao, 'sms');

    // A's code sent with another session of the same customer, or of another customer, is refused.
    for (const sessao of [b.Sessao, other.Sessao]) {
      const res = await t.verify(sessao, codeA);
      expect(res.statusCode).toBe(401);
      expect(res.json().mensagem).toBe(CODE_CHECK_FAILED);
    }
    // A session that never asked for a code has nothing to verify.
    const idle = await t.start(maria.document);
    const res = await t.verify(idle.Sessao, codeA);
    expect(res.statusCode).toBe(401);
    expect(res.json().sucesso).toBe(false);
    // An invented session is refused with the spec's message.
    const bogus = await t.verify('not-a-session', codeA);
    expect(bogus.statusCode).toBe(401);
    expect(bogus.json()).toEqual(envelope(401, 'CODE_INVALID', CODE_CHECK_FAILED));
    // And A's code still works where it belongs.
    expect((await t.verify(a.Sessao, codeA)).statusCode).toBe(200);
  });

  it('a code request for an unknown login session is refused', async () => {
    const before = t.sent.length;
    const res = await post('/api/auth/code', { Sessao: 'no-such-session', canal: 'sms' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(envelope(400, 'LOGIN_SESSION_EXPIRED', 'Sua sessão de login expirou. Informe o CPF ou CNPJ novamente.'));
    expect(t.sent.length).toBe(before);
  });

  it('a new code invalidates the older one', async () => {
    const s = await t.start((await person(t)).document);
    const first = await t.requestCode(s.Sessao, 'sms');
    let second = await t.requestCode(s.Sessao, 'email');
    while (second === first) second = await t.requestCode(s.Sessao, 'email');
    const old = await t.verify(s.Sessao, first);
    expect(old.statusCode).toBe(401);
    expect(old.json().mensagem).toBe(CODE_CHECK_FAILED);
    expect((await t.verify(s.Sessao, second)).statusCode).toBe(200);
  });

  it('a code that could not be delivered does not replace the previous one', async () => {
    const s = await t.start((await person(t)).document);
    const first = await t.requestCode(s.Sessao, 'sms');
    t.notifier.failNext();
    const res = await post('/api/auth/code', { Sessao: s.Sessao, canal: 'email' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual(envelope(502, 'DELIVERY_FAILED', 'Não foi possível enviar o código. Tente novamente em instantes.'));
    expect(res.body).not.toContain('provider down');
    expect((await t.verify(s.Sessao, first)).statusCode).toBe(200);
  });

  it('codes are 6 digits and differ between requests', async () => {
    const s = await t.start((await person(t)).document);
    const codes = new Set<string>();
    for (let i = 0; i < 8; i++) codes.add(await t.requestCode(s.Sessao, 'sms'));
    for (const c of codes) expect(c).toMatch(/^\d{6}$/);
    expect(codes.size).toBeGreaterThan(1);
  });
});

describe('refresh and logout', () => {
  const logout = (opts: { refreshToken?: string; accessToken?: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      ...(opts.refreshToken ? { cookies: { [REFRESH_COOKIE]: opts.refreshToken } } : {}),
      ...(opts.accessToken ? { headers: { authorization: `Bearer ${opts.accessToken}` } } : {}),
    });
  const newCookie = (res: Awaited<ReturnType<TestApp['refresh']>>) => res.cookies.find((c) => c.name === REFRESH_COOKIE);
  const expectCleared = (res: Awaited<ReturnType<TestApp['refresh']>>) => {
    const c = newCookie(res);
    expect(c).toBeDefined();
    expect(c!.value).toBe('');
    expect(c!.path).toBe('/api/auth');
    expect(c!.expires!.getTime()).toBeLessThanOrEqual(Date.now());
  };

  it('refresh rotates: new tokens and a new cookie; the old cookie is refused afterwards', async () => {
    const maria = await person(t);
    const l = await t.login(maria.document);
    const r1 = await t.refresh(l.refreshToken);
    expect(r1.statusCode).toBe(200);
    const body = r1.json();
    expect(body).toEqual({ IdToken: expect.any(String), AccessToken: expect.any(String), expiresIn: t.config.tokens.accessSeconds });
    expect(jwtPayload(body.IdToken).username).toBe(maria.document);
    const rt1 = newCookie(r1);
    expect(rt1).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(rt1!.value).not.toBe(l.refreshToken);
    expect((await t.get('/api/me', body.AccessToken)).statusCode).toBe(200);

    // The new cookie rotates again.
    const r2 = await t.refresh(rt1!.value);
    expect(r2.statusCode).toBe(200);
    expect(newCookie(r2)!.value).not.toBe(rt1!.value);

    // The first cookie is spent (once the grace window for parallel tabs is over).
    await afterGrace();
    const old = await t.refresh(l.refreshToken);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual(envelope(401, 'UNAUTHORIZED', SESSION_EXPIRED));
    expectCleared(old);
  });

  it('reusing a spent refresh token revokes the whole login: newest refresh token and access tokens die too', async () => {
    const alfa = await alphanumeric(t);
    const l = await t.login(alfa.document);
    const other = await t.login(alfa.document); // another login of the same customer (another device)
    const r1 = await t.refresh(l.refreshToken);
    expect(r1.statusCode).toBe(200);
    const rt1 = newCookie(r1)!.value;
    const access1 = r1.json().AccessToken;
    expect((await t.get('/api/me', access1)).statusCode).toBe(200);

    // Someone replays the stolen, already used token (after the grace window for parallel tabs).
    await afterGrace();
    expect((await t.refresh(l.refreshToken)).statusCode).toBe(401);

    expect((await t.refresh(rt1)).statusCode).toBe(401);
    for (const token of [l.AccessToken, access1]) {
      const me = await t.get('/api/me', token);
      expect(me.statusCode).toBe(401);
      expect(me.json()).toEqual(envelope(401, 'UNAUTHORIZED', SESSION_EXPIRED));
    }
    // The other login is untouched.
    expect((await t.get('/api/me', other.AccessToken)).statusCode).toBe(200);
    expect((await t.refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('refresh without a cookie or with an unknown one is refused with the envelope', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/auth/refresh' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual(envelope(401, 'UNAUTHORIZED', SESSION_EXPIRED));
    const bogus = await t.refresh('definitely-not-a-refresh-token');
    expect(bogus.statusCode).toBe(401);
    expect(bogus.json()).toEqual(envelope(401, 'UNAUTHORIZED', SESSION_EXPIRED));
    expectCleared(bogus);
    // The refresh token is not accepted in the body either (it lives in the cookie only).
    const l = await t.login((await person(t)).document);
    const inBody = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { RefreshToken: l.refreshToken } });
    expect(inBody.statusCode).toBe(401);
  });

  it('an access token is not a refresh token', async () => {
    const l = await t.login((await person(t)).document);
    expect((await t.refresh(l.AccessToken)).statusCode).toBe(401);
    expect((await t.refresh(l.IdToken)).statusCode).toBe(401);
  });

  it('logout revokes the login on the server: refresh and access token refused, cookie cleared', async () => {
    const maria = await person(t);
    const l = await t.login(maria.document);
    const keep = await t.login(maria.document);
    const out = await logout({ refreshToken: l.refreshToken, accessToken: l.AccessToken });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    expectCleared(out);

    expect((await t.refresh(l.refreshToken)).statusCode).toBe(401);
    const me = await t.get('/api/me', l.AccessToken);
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual(envelope(401, 'UNAUTHORIZED', SESSION_EXPIRED));
    expect((await t.get('/api/contracts', l.AccessToken)).statusCode).toBe(401);

    // Another login of the same customer stays valid.
    expect((await t.get('/api/me', keep.AccessToken)).statusCode).toBe(200);
    expect((await t.refresh(keep.refreshToken)).statusCode).toBe(200);
  });

  it('logout with only the cookie also kills the access token; with only the access token also kills the refresh', async () => {
    const joao = await emailOnly(t);
    const a = await t.login(joao.document);
    expect((await logout({ refreshToken: a.refreshToken })).statusCode).toBe(204);
    expect((await t.get('/api/me', a.AccessToken)).statusCode).toBe(401);
    expect((await t.refresh(a.refreshToken)).statusCode).toBe(401);

    const b = await t.login(joao.document);
    expect((await logout({ accessToken: b.AccessToken })).statusCode).toBe(204);
    expect((await t.refresh(b.refreshToken)).statusCode).toBe(401);
    expect((await t.get('/api/me', b.AccessToken)).statusCode).toBe(401);
  });

  it('logout after rotation revokes the tokens issued by the refresh', async () => {
    const l = await t.login((await company(t)).document);
    const r = await t.refresh(l.refreshToken);
    const rt = newCookie(r)!.value;
    const access = r.json().AccessToken;
    expect((await logout({ refreshToken: rt })).statusCode).toBe(204);
    expect((await t.refresh(rt)).statusCode).toBe(401);
    expect((await t.get('/api/me', access)).statusCode).toBe(401);
  });

  it('logout with nothing, or with junk, is harmless', async () => {
    const l = await t.login((await person(t)).document);
    expect((await logout({})).statusCode).toBe(204);
    expect((await logout({ refreshToken: 'junk', accessToken: 'junk' })).statusCode).toBe(204);
    expect((await t.get('/api/me', l.AccessToken)).statusCode).toBe(200);
  });
});

describe('access tokens (JWT)', () => {
  let maria: Awaited<ReturnType<TestApp['login']>>;
  let joaoId: number;
  beforeAll(async () => {
    maria = await t.login((await person(t)).document);
    const joao = await t.login((await emailOnly(t)).document);
    joaoId = Number(jwtPayload(joao.AccessToken).sub);
  });

  const key = () => t.config.keys.key('access-token');
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const sign = (claims: Record<string, unknown>, opts: { alg?: string; exp?: number; aud?: string; secret?: Uint8Array } = {}) => {
    const p = jwtPayload(maria.AccessToken);
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ typ: 'access', sid: p.sid, ...claims })
      .setProtectedHeader({ alg: opts.alg ?? 'HS256', kid: t.config.keys.kid })
      .setSubject(String(claims.sub ?? p.sub))
      .setIssuer('guarita')
      .setAudience(opts.aud ?? 'guarita-web')
      .setIssuedAt(now - 60)
      .setExpirationTime(opts.exp ?? now + 600)
      .sign(opts.secret ?? key());
  };
  const status = async (token: string) => (await t.get('/api/me', token)).statusCode;

  it('the issued access token works, and a token forged the same way with the server key works (control)', async () => {
    expect(await status(maria.AccessToken)).toBe(200);
    expect(await status(await sign({}))).toBe(200);
  });

  it('no token, another scheme, or junk → 401 envelope', async () => {
    for (const headers of [
      {},
      { authorization: maria.AccessToken },
      { authorization: `Basic ${maria.AccessToken}` },
      { authorization: 'Bearer x.y.z' },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/me', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(envelope(401, 'UNAUTHORIZED', SESSION_EXPIRED));
    }
  });

  it('a tampered token is refused (payload changed to another customer, signature altered)', async () => {
    const [h, p, s] = maria.AccessToken.split('.');
    const payload = { ...jwtPayload(maria.AccessToken), sub: String(joaoId) };
    expect(await status(`${h}.${b64(payload)}.${s}`)).toBe(401);
    const flipped = s!.slice(0, -2) + (s!.at(-2) === 'A' ? 'B' : 'A') + s!.at(-1);
    expect(await status(`${h}.${p}.${flipped}`)).toBe(401);
  });

  it('alg "none" is refused', async () => {
    const payload = jwtPayload(maria.AccessToken);
    expect(await status(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`)).toBe(401);
    expect(await status(`${b64({ alg: 'none' })}.${b64({ ...payload, sub: String(joaoId) })}.`)).toBe(401);
  });

  it('only HS256 is accepted, with the right key, audience and type', async () => {
    expect(await status(await sign({}, { alg: 'HS512' }))).toBe(401);
    expect(await status(await sign({}, { secret: new TextEncoder().encode('another-secret-another-secret-0123456789') }))).toBe(401);
    // The secret itself is not the key (ADR 062): a token signed with AUTH_SECRET is forged.
    expect(
      await status(await sign({}, { secret: new TextEncoder().encode(t.config.env.AUTH_SECRET ?? demoSecret(t.config.env.DATA_DIR)) })),
    ).toBe(401);
    expect(await status(await sign({}, { aud: 'someone-else' }))).toBe(401);
    expect(await status(await sign({ typ: 'id' }))).toBe(401);
    expect(await status(maria.IdToken)).toBe(401); // the identity token is not an access token
  });

  it('an expired token is refused', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await sign({}, { exp: now - 5 });
    const res = await t.get('/api/me', expired);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(envelope(401, 'UNAUTHORIZED', SESSION_EXPIRED));
  });
});

describe('lifetimes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limits: ROOMY, tokens: { codeSeconds: 1, accessSeconds: 1 } });
  });
  afterAll(() => t?.close());

  it('a code expires', async () => {
    const s = await t.start((await person(t)).document);
    const code = await t.requestCode(s.Sessao, 'sms');
    await sleep(1300);
    const res = await t.verify(s.Sessao, code);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(envelope(401, 'CODE_EXPIRED', CODE_EXPIRED));
    // A new code for the same session works at once.
    const again = await t.requestCode(s.Sessao, 'sms');
    expect((await t.verify(s.Sessao, again)).statusCode).toBe(200);
  });

  it('an access token expires; the refresh cookie then gets a working one', async () => {
    const l = await t.login((await company(t)).document);
    expect(l.expiresIn).toBe(1);
    expect((await t.get('/api/me', l.AccessToken)).statusCode).toBe(200);
    await sleep(2100);
    expect((await t.get('/api/me', l.AccessToken)).statusCode).toBe(401);
    const r = await t.refresh(l.refreshToken);
    expect(r.statusCode).toBe(200);
    expect((await t.get('/api/me', r.json().AccessToken)).statusCode).toBe(200);
  });
});

describe('absolute expiry of a login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limits: ROOMY, tokens: { refreshAbsoluteSeconds: 3 } });
  });
  afterAll(() => t?.close());

  it('rotation never extends the login beyond refreshAbsoluteSeconds', async () => {
    const l = await t.login((await person(t)).document);
    await sleep(1500);
    const r = await t.refresh(l.refreshToken);
    expect(r.statusCode).toBe(200);
    const rt = r.cookies.find((c) => c.name === REFRESH_COOKIE)!.value;
    const access = r.json().AccessToken; // its JWT expiry (15 min) is far away
    expect((await t.get('/api/me', access)).statusCode).toBe(200);
    await sleep(1800); // 3.3 s after the login
    const late = await t.refresh(rt);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual(envelope(401, 'UNAUTHORIZED', SESSION_EXPIRED));
    expect((await t.get('/api/me', access)).statusCode).toBe(401);
  });
});

describe('rate limits on code requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limits: { codeRequestsPerDocument: 2, codeRequestsPerIp: 2, lookupsPerIp: 4 } });
  });
  afterAll(() => t?.close());

  const codeFrom = (Sessao: string, canal: 'sms' | 'email', ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/code', payload: { Sessao, canal }, remoteAddress: ip });
  const expect429 = (res: Awaited<ReturnType<typeof codeFrom>>) => {
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(envelope(429, 'RATE_LIMITED', TOO_MANY));
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('per document, whatever the IP and the login session: past the ceiling a challenge is asked for, nothing sent (issue 23)', async () => {
    const maria = await person(t);
    const s = await t.start(maria.document, '10.0.1.1');
    expect((await codeFrom(s.Sessao, 'sms', '10.0.1.2')).statusCode).toBe(202);
    expect((await codeFrom(s.Sessao, 'email', '10.0.1.3')).statusCode).toBe(202);
    const before = t.sent.length;
    const challenge = (res: Awaited<ReturnType<typeof codeFrom>>) => {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(envelope(429, 'CHALLENGE_REQUIRED', CHALLENGE));
    };
    challenge(await codeFrom(s.Sessao, 'sms', '10.0.1.4'));
    const s2 = await t.start(maria.document, '10.0.1.5');
    challenge(await codeFrom(s2.Sessao, 'email', '10.0.1.6'));
    expect(t.sent.length).toBe(before);
  });

  it('a burst of parallel requests cannot get past the per-document limit', async () => {
    const s = await t.start((await company(t)).document, '10.0.4.1');
    const before = t.sent.length;
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => codeFrom(s.Sessao, 'sms', `10.0.4.${i + 10}`)));
    expect({ statuses: tally(burst), sent: t.sent.length - before }).toEqual({ statuses: { 202: 2, 429: 8 }, sent: 2 });
  });

  it('per IP, whatever the document', async () => {
    const ip = '10.0.2.1';
    const joao = await t.start((await emailOnly(t)).document, ip);
    const alfa = await t.start((await alphanumeric(t)).document, ip);
    expect((await codeFrom(joao.Sessao, 'email', ip)).statusCode).toBe(202);
    expect((await codeFrom(alfa.Sessao, 'sms', ip)).statusCode).toBe(202);
    const before = t.sent.length;
    expect429(await codeFrom(joao.Sessao, 'email', ip)); // João's own count is 1 of 2: the IP is what is limited
    expect(t.sent.length).toBe(before);
    // From another address the same login session can get its code.
    expect((await codeFrom(joao.Sessao, 'email', '10.0.2.2')).statusCode).toBe(202);
  });

  it('lookups per IP', async () => {
    const ip = '10.0.3.1';
    const { document } = await emailOnly(t);
    for (let i = 0; i < 4; i++) await t.start(document, ip);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { documento: document }, remoteAddress: ip });
    expect429(res);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { documento: document }, remoteAddress: '10.0.3.2' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('rate limits on code verification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limits: { verifyPerDocument: 3, verifyPerIp: 3 } });
  });
  afterAll(() => t?.close());

  const expect429 = (res: Awaited<ReturnType<TestApp['verify']>>) => {
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(envelope(429, 'RATE_LIMITED', TOO_MANY));
  };

  it('per document: after 3 tries even the right code from a new IP needs a solved challenge (issue 23)', async () => {
    const s = await t.start((await person(t)).document);
    const code = await t.requestCode(s.Sessao, 'sms');
    for (let i = 0; i < 3; i++) expect((await t.verify(s.Sessao, otherCode(code), `10.1.1.${i + 1}`)).statusCode).toBe(401);
    const res = await t.verify(s.Sessao, code, '10.1.1.9');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(envelope(429, 'CHALLENGE_REQUIRED', CHALLENGE));
    // Another customer is not affected.
    const other = await t.start((await emailOnly(t)).document);
    const otherCodeValue = await t.requestCode(other.Sessao, 'email');
    expect((await t.verify(other.Sessao, otherCodeValue, '10.1.1.10')).statusCode).toBe(200);
  });

  it('a burst of parallel guesses cannot get past the per-document limit', async () => {
    const s = await t.start((await alphanumeric(t)).document);
    const code = await t.requestCode(s.Sessao, 'sms');
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => t.verify(s.Sessao, otherCode(code), `10.1.3.${i + 1}`)));
    expect(tally(burst)).toEqual({ 401: 3, 429: 7 });
  });

  it('per IP: after 3 tries from one address, a 4th on another document is refused', async () => {
    const ip = '10.1.2.1';
    const sessions = [await t.start((await emailOnly(t)).document), await t.start((await company(t)).document)];
    const codes = [await t.requestCode(sessions[0]!.Sessao, 'email'), await t.requestCode(sessions[1]!.Sessao, 'sms')];
    expect((await t.verify(sessions[0]!.Sessao, otherCode(codes[0]!), ip)).statusCode).toBe(401);
    expect((await t.verify(sessions[0]!.Sessao, otherCode(codes[0]!), ip)).statusCode).toBe(401);
    expect((await t.verify(sessions[1]!.Sessao, otherCode(codes[1]!), ip)).statusCode).toBe(401);
    expect429(await t.verify(sessions[1]!.Sessao, codes[1]!, ip)); // Horizonte's own count is 1
    expect((await t.verify(sessions[1]!.Sessao, codes[1]!, '10.1.2.2')).statusCode).toBe(200);
  });
});
