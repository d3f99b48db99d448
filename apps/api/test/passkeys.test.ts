import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_COOKIE, createTestApp, jwtPayload, type TestApp } from './helpers';
import { aCustomer } from './factories';
import { SoftAuthenticator } from './passkey-authenticator';
import { DEMO_STAFF_PASSWORD, STAFF, STAFF_COOKIE, staffLogin } from './staff-helpers';
import { FixedClock } from '../src/ports/clock';

/**
 * Passkeys (issue 31 §1, ADR 089), through the routes with a software authenticator: every response is checked by the
 * server's real @simplewebauthn/server verification (signature, challenge, origin, relying party, flags, counter).
 */
let t: TestApp;
const clock = new FixedClock(new Date());
const HOST = 'localhost:3000';
const timings: Record<'register' | 'login', number[]> = { register: [], login: [] };

beforeAll(async () => {
  t = await createTestApp({ clock });
}, 300_000);
afterAll(async () => {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  console.info(
    `passkey round trips (ms, median): register ${median(timings.register).toFixed(1)}, login ${median(timings.login).toFixed(1)}`,
  );
  await t?.close();
});

type Json = Record<string, unknown>;
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  o: { token?: string; body?: unknown; cookies?: Record<string, string>; host?: string; staff?: string } = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { host: o.host ?? HOST, ...(o.token ? { authorization: `Bearer ${o.token}` } : {}) },
    ...(o.cookies || o.staff ? { cookies: { ...o.cookies, ...(o.staff ? { [STAFF_COOKIE]: o.staff } : {}) } } : {}),
    ...(o.body !== undefined ? { payload: o.body as Json } : {}),
  });

/** A customer of the test's own, logged in with a code. */
async function aLoggedInCustomer() {
  const customer = await aCustomer(t);
  return { customer, login: await t.login(customer.document, 'sms') };
}

/** Options, then the authenticator's attestation: the passkey registered from this login. */
async function registerWith(token: string, auth = new SoftAuthenticator()) {
  const opts = (await call('POST', '/api/passkeys/opcoes', { token })).json();
  const started = performance.now();
  const res = await call('POST', '/api/passkeys', { token, body: { resposta: auth.register(opts) } });
  timings.register.push(performance.now() - started);
  expect(res.statusCode, res.body).toBe(201);
  return { auth, passkey: res.json() as { id: number; nome: string } };
}

/** Login options (the ceremony cookie) and the cookie's value. */
async function loginOptions() {
  const res = await call('POST', '/api/auth/passkey/opcoes');
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'guarita_pkc');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth', maxAge: 300 });
  return { options: res.json() as { challenge: string; rpId: string }, cookie: cookie!.value };
}

async function loginWith(auth: SoftAuthenticator, o: { counter?: number; verified?: boolean } = {}) {
  const { options, cookie } = await loginOptions();
  const started = performance.now();
  const res = await call('POST', '/api/auth/passkey', { cookies: { guarita_pkc: cookie }, body: { resposta: auth.assert(options, o) } });
  timings.login.push(performance.now() - started);
  return res;
}

const notices = async (token: string) =>
  (
    (await call('GET', '/api/notifications?limite=50', { token })).json() as {
      itens: Array<{ tipo: string; titulo: string; texto: string; destino: string }>;
    }
  ).itens;

describe('registering a passkey after a code login', () => {
  it('asks for a resident key with user verification under the host the app is served on, and notifies the customer (bell and e-mail)', async () => {
    const { customer, login } = await aLoggedInCustomer();
    // The customer turned every e-mail off: a security notice is e-mailed all the same.
    const off = { email: { pagamentos: false, solicitacoes: false, rastreador: false } };
    expect((await call('PUT', '/api/notifications/preferences', { token: login.AccessToken, body: off })).statusCode).toBe(200);
    const opts = (await call('POST', '/api/passkeys/opcoes', { token: login.AccessToken })).json();
    expect(opts).toMatchObject({
      rp: { id: 'localhost', name: t.config.brand.name },
      user: { displayName: customer.name },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const auth = new SoftAuthenticator();
    const res = await call('POST', '/api/passkeys', {
      token: login.AccessToken,
      body: { resposta: auth.register(opts) },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ nome: 'Aparelho', usadaEm: null });
    const list = (await call('GET', '/api/passkeys', { token: login.AccessToken })).json();
    expect(list).toEqual([expect.objectContaining({ id: res.json().id, nome: 'Aparelho' })]);
    expect(await notices(login.AccessToken)).toContainEqual(
      expect.objectContaining({ tipo: 'acesso_biometria', titulo: 'Biometria ativada para entrar', destino: 'cadastro' }),
    );
    const jobs = await t.query<{ channel: string }>(
      "SELECT j.channel FROM notification_jobs j JOIN notifications n ON n.id = j.notification_id WHERE n.customer_id = $1 AND n.type = 'acesso_biometria'",
      [customer.id],
    );
    expect(jobs).toEqual([{ channel: 'email' }]);
  });

  it("names the passkey after the browser that registered it, or the customer's own name for it", async () => {
    const { login } = await aLoggedInCustomer();
    const opts = (await call('POST', '/api/passkeys/opcoes', { token: login.AccessToken })).json();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/passkeys',
      headers: {
        host: HOST,
        authorization: `Bearer ${login.AccessToken}`,
        'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
      },
      payload: { resposta: new SoftAuthenticator().register(opts) },
    });
    expect(res.json()).toMatchObject({ nome: 'Chrome no Android' });
    const named = await registerWith(login.AccessToken);
    expect(named.passkey.nome).toBe('Aparelho');
  });

  it('refuses an answer without user verification, from another origin, or to a challenge already used', async () => {
    const { login } = await aLoggedInCustomer();
    const token = login.AccessToken;
    const auth = new SoftAuthenticator();
    let opts = (await call('POST', '/api/passkeys/opcoes', { token })).json();
    let res = await call('POST', '/api/passkeys', { token, body: { resposta: auth.register(opts, { verified: false }) } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      erro: 'PASSKEY_INVALID',
      mensagem: 'A biometria não foi confirmada. Tente novamente ou entre com o código.',
    });

    opts = (await call('POST', '/api/passkeys/opcoes', { token })).json();
    res = await call('POST', '/api/passkeys', { token, body: { resposta: auth.register(opts, { origin: 'https://evil.example' }) } });
    expect(res.statusCode).toBe(400);

    // Each failure spent its challenge: the same answer again finds none.
    res = await call('POST', '/api/passkeys', { token, body: { resposta: auth.register(opts) } });
    expect(res.json()).toMatchObject({ erro: 'PASSKEY_EXPIRED' });
    expect((await call('GET', '/api/passkeys', { token })).json()).toEqual([]);
  });

  it('binds the challenge to the login that asked: another login of the same customer cannot answer it, nor can a revoked one', async () => {
    const { customer, login } = await aLoggedInCustomer();
    const other = await t.login(customer.document, 'sms');
    const opts = (await call('POST', '/api/passkeys/opcoes', { token: login.AccessToken })).json();
    const resposta = new SoftAuthenticator().register(opts);
    const res = await call('POST', '/api/passkeys', { token: other.AccessToken, body: { resposta } });
    expect(res.json()).toMatchObject({ erro: 'PASSKEY_EXPIRED' });

    const opts2 = (await call('POST', '/api/passkeys/opcoes', { token: login.AccessToken })).json();
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { [REFRESH_COOKIE]: login.refreshToken } });
    const late = await call('POST', '/api/passkeys', {
      token: login.AccessToken,
      body: { resposta: new SoftAuthenticator().register(opts2) },
    });
    expect(late.statusCode).toBe(401);
  });

  it('offers no passkey on an IP address (WebAuthn refuses one as relying party)', async () => {
    const { login } = await aLoggedInCustomer();
    const res = await call('POST', '/api/passkeys/opcoes', { token: login.AccessToken, host: '127.0.0.1:3000' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ erro: 'PASSKEY_UNAVAILABLE', mensagem: 'Este navegador não permite entrar com biometria.' });
  });
});

describe('logging in with a passkey', () => {
  it('makes the same login as a code: tokens naming the customer, the refresh and page cookies; the passkey shows its last use', async () => {
    const { customer, login } = await aLoggedInCustomer();
    const { auth } = await registerWith(login.AccessToken);
    const res = await loginWith(auth);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(jwtPayload(body.IdToken)).toMatchObject({ username: customer.document, sub: String(customer.id) });
    expect(res.cookies.map((c) => c.name)).toEqual(expect.arrayContaining([REFRESH_COOKIE, 'guarita_pg']));
    const refresh = res.cookies.find((c) => c.name === REFRESH_COOKIE)!.value;
    expect((await t.refresh(refresh)).statusCode).toBe(200);
    const [p] = (await call('GET', '/api/passkeys', { token: body.AccessToken })).json();
    expect(p.usadaEm).not.toBeNull();
  });

  it('uses each challenge once, only with the cookie it was given to, and wants user verification', async () => {
    const { login } = await aLoggedInCustomer();
    const { auth } = await registerWith(login.AccessToken);
    const { options, cookie } = await loginOptions();
    const resposta = auth.assert(options);
    expect((await call('POST', '/api/auth/passkey', { body: { resposta } })).json()).toMatchObject({ erro: 'PASSKEY_EXPIRED' });
    const other = await loginOptions();
    expect((await call('POST', '/api/auth/passkey', { cookies: { guarita_pkc: other.cookie }, body: { resposta } })).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/passkey', { cookies: { guarita_pkc: cookie }, body: { resposta } })).statusCode).toBe(200);
    const replay = await call('POST', '/api/auth/passkey', { cookies: { guarita_pkc: cookie }, body: { resposta } });
    expect(replay.json()).toMatchObject({ erro: 'PASSKEY_EXPIRED', mensagem: 'O pedido de biometria expirou. Tente novamente.' });

    const unverified = await loginWith(auth, { verified: false });
    expect(unverified.statusCode).toBe(401);
    expect(unverified.json()).toMatchObject({
      erro: 'PASSKEY_INVALID',
      mensagem: 'Não foi possível entrar com a biometria. Entre com o código.',
    });
  });

  it('checks the signature counter: an assertion that does not move it forward (a cloned authenticator) is refused', async () => {
    const { login } = await aLoggedInCustomer();
    const { auth } = await registerWith(login.AccessToken);
    expect((await loginWith(auth, { counter: 5 })).statusCode).toBe(200);
    expect((await loginWith(auth, { counter: 5 })).statusCode).toBe(401);
    expect((await loginWith(auth, { counter: 3 })).statusCode).toBe(401);
    expect((await loginWith(auth, { counter: 6 })).statusCode).toBe(200);
  });

  it('refuses a passkey nobody registered', async () => {
    const res = await loginWith(new SoftAuthenticator());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ erro: 'PASSKEY_UNKNOWN' });
  });
});

describe('removing a passkey', () => {
  it('ends its use at once: it logs in no more, the logins it opened end, the customer is notified; others are untouched', async () => {
    const { login } = await aLoggedInCustomer();
    const { auth, passkey } = await registerWith(login.AccessToken);
    const kept = await registerWith(login.AccessToken);
    const opened = (await loginWith(auth)).json();
    expect((await call('GET', '/api/passkeys', { token: opened.AccessToken })).statusCode).toBe(200);

    const res = await call('DELETE', `/api/passkeys/${passkey.id}`, { token: login.AccessToken });
    expect(res.statusCode).toBe(204);
    expect((await call('GET', '/api/passkeys', { token: opened.AccessToken })).statusCode).toBe(401);
    const again = await loginWith(auth);
    expect(again.json()).toMatchObject({ erro: 'PASSKEY_UNKNOWN' });
    // The code login that removed it and the other passkey go on.
    const left = (await call('GET', '/api/passkeys', { token: login.AccessToken })).json();
    expect(left.map((p: { id: number }) => p.id)).toEqual([kept.passkey.id]);
    expect((await loginWith(kept.auth)).statusCode).toBe(200);
    expect(await notices(login.AccessToken)).toContainEqual(
      expect.objectContaining({ tipo: 'acesso_biometria', titulo: 'Biometria removida' }),
    );
  });

  it("is the owner's only: another customer's passkey is not found", async () => {
    const a = await aLoggedInCustomer();
    const b = await aLoggedInCustomer();
    const { passkey } = await registerWith(a.login.AccessToken);
    const res = await call('DELETE', `/api/passkeys/${passkey.id}`, { token: b.login.AccessToken });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ mensagem: 'Acesso por biometria não encontrado.' });
    expect((await call('GET', '/api/passkeys', { token: a.login.AccessToken })).json()).toHaveLength(1);
  });
});

describe('staff: a passkey in place of the authenticator code', () => {
  const email: string = STAFF.financeiro;
  /** Login options, then e-mail + password + the assertion. */
  async function staffPasskeyLogin(auth: SoftAuthenticator, senha = DEMO_STAFF_PASSWORD, who = email) {
    const opts = await call('POST', '/api/backoffice/auth/passkey/opcoes');
    const cookie = opts.cookies.find((c) => c.name === 'guarita_spkc')!;
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api/backoffice' });
    return call('POST', '/api/backoffice/auth/login-passkey', {
      cookies: { guarita_spkc: cookie.value },
      body: { email: who, senha, resposta: auth.assert(opts.json()) },
    });
  }
  const auditOf = (action: string) =>
    t.query<{ staff_email: string; after: unknown; before: unknown }>(
      'SELECT staff_email, after, before FROM staff_audit WHERE action = $1 ORDER BY id',
      [action],
    );

  it('registers after a code login, then logs in with e-mail, password and the passkey; each step audited', async () => {
    const session = await staffLogin(t, clock, email);
    const opts = (await call('POST', '/api/backoffice/passkeys/opcoes', { staff: session })).json();
    expect(opts).toMatchObject({ user: { name: email }, authenticatorSelection: { userVerification: 'required' } });
    const auth = new SoftAuthenticator();
    const reg = await call('POST', '/api/backoffice/passkeys', {
      staff: session,
      body: { resposta: auth.register(opts), nome: 'Notebook da mesa' },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    expect(await auditOf('chave.cadastrada')).toContainEqual(
      expect.objectContaining({ staff_email: email, after: { chave: 'Notebook da mesa' } }),
    );

    const res = await staffPasskeyLogin(auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email, papel: 'financeiro' });
    const me = await call('GET', '/api/backoffice/auth/me', { staff: res.cookies.find((c) => c.name === STAFF_COOKIE)!.value });
    expect(me.statusCode).toBe(200);
    expect(await auditOf('login')).toContainEqual(expect.objectContaining({ staff_email: email, after: { fator: 'chave de acesso' } }));

    // A wrong password with the right passkey, or another account's e-mail: the same refusal as a wrong code.
    expect((await staffPasskeyLogin(auth, 'senha errada')).json()).toMatchObject({ erro: 'INVALID_LOGIN' });
    expect((await staffPasskeyLogin(auth, DEMO_STAFF_PASSWORD, STAFF.atendimento)).json()).toMatchObject({ erro: 'INVALID_LOGIN' });
    // A customer's passkey is no staff passkey.
    const customer = await aLoggedInCustomer();
    const { auth: customerKey } = await registerWith(customer.login.AccessToken);
    expect((await staffPasskeyLogin(customerKey)).json()).toMatchObject({ erro: 'INVALID_LOGIN' });

    const [mine] = (await call('GET', '/api/backoffice/passkeys', { staff: session })).json();
    expect((await call('DELETE', `/api/backoffice/passkeys/${mine.id}`, { staff: session })).statusCode).toBe(204);
    expect(await auditOf('chave.removida')).toContainEqual(
      expect.objectContaining({ staff_email: email, before: { chave: 'Notebook da mesa' } }),
    );
    expect((await staffPasskeyLogin(auth)).statusCode).toBe(401);
  });
});
