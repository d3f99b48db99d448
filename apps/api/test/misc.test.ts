import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatCnpj, formatCpf } from '@brazilian-utils/brazilian-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_COOKIE, codeOf, createTestApp, logCapture, serverLoggerOptions, sleep, type TestApp } from './helpers';
import { aContract, aCustomer, aSession } from './factories';

const envelope = (status: number, erro: string, mensagem: string) => ({ sucesso: false, status, erro, mensagem });
const NOT_FOUND = envelope(404, 'NOT_FOUND', 'Não encontrado.');

/** 'default-src ...; script-src ...' → { 'default-src': [...], 'script-src': [...] } */
function parseCsp(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  const out: Record<string, string[]> = {};
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name.toLowerCase()] = values;
  }
  return out;
}

describe('platform (demo mode)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ outbox: true });
  });
  afterAll(() => t?.close());

  it('/healthz and /readyz answer ok', async () => {
    const h = await t.get('/healthz');
    expect(h.statusCode).toBe(200);
    expect(h.json()).toEqual({ status: 'ok' });
    const r = await t.get('/readyz');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ status: 'ok' });
  });

  it('security headers on API answers, errors and 404s: strict CSP, no framing, nosniff, no HSTS over http', async () => {
    const answers = [
      await t.get('/healthz'),
      await t.get('/api/config'),
      await t.get('/api/me'),
      await t.get('/api/nothing-here'),
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { documento: '' } }),
    ];
    for (const res of answers) {
      const csp = parseCsp(res.headers['content-security-policy']);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['script-src']).toBeDefined();
      expect(csp['script-src']).not.toContain("'unsafe-inline'");
      expect(csp['script-src']).not.toContain("'unsafe-eval'");
      expect(csp['script-src']!.some((v) => v === '*' || v.startsWith('http:') || v === 'data:')).toBe(false);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('GET /api/docs/json is an OpenAPI document listing the auth and data routes', async () => {
    const res = await t.get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Guarita API');
    expect(doc.paths['/api/auth/login']?.post).toBeDefined();
    for (const p of ['/api/auth/code', '/api/auth/verify', '/api/auth/refresh', '/api/auth/logout'])
      expect(doc.paths[p]?.post).toBeDefined();
    for (const p of ['/api/me', '/api/contracts', '/api/contracts/{nCtrId}', '/api/contracts/{nCtrId}/bills'])
      expect(doc.paths[p]?.get).toBeDefined();
    expect(doc.paths['/healthz']).toBeUndefined();
  });

  it('an unknown /api path is a 404 envelope, whatever the method', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/nothing-here'],
      ['GET', '/api/contracts/100101/nothing'],
      ['DELETE', '/api/auth/login'],
      ['GET', '/api/auth/login'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect({ method, url, status: res.statusCode, body: res.json() }).toEqual({ method, url, status: 404, body: NOT_FOUND });
    }
  });

  it('bad JSON and oversized bodies get the envelope too', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"documento":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ sucesso: false, status: 400 });
    const { document } = await aCustomer(t);
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { documento: document, pad: 'x'.repeat(200 * 1024) },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual(envelope(413, 'PAYLOAD_TOO_LARGE', 'O conteúdo enviado é grande demais.'));
  });

  it('GET /api/config tells the web app it runs in demo mode', async () => {
    const res = await t.get('/api/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ brandName: 'Guarita', demoMode: true });
  });

  it('GET /api/dev/outbox lists the messages sent, newest first', async () => {
    const person = await aCustomer(t);
    const emailOnly = await aCustomer(t, { phone: null, smsPhone: null });
    const company = await aCustomer(t, { kind: 'cnpj', alphanumeric: true });
    const maria = await t.start(person.document);
    const c1 = await t.requestCode(maria.Sessao, 'sms');
    const joao = await t.start(emailOnly.document);
    const c2 = await t.requestCode(joao.Sessao, 'email');
    const alfa = await t.start(company.document);
    const c3 = await t.requestCode(alfa.Sessao, 'email');

    const res = await t.get('/api/dev/outbox');
    expect(res.statusCode).toBe(200);
    const items = res.json() as Array<{ channel: string; to: string; subject: string; body: string; createdAt: string }>;
    // The three just sent are the newest (no other test of this file sends anything: the whole list is these three).
    expect(items.map((i) => [i.channel, i.to])).toEqual([
      ['email', company.email],
      ['email', emailOnly.email],
      ['sms', person.smsPhone],
    ]);
    expect(items.map((i) => codeOf(i))).toEqual([c3, c2, c1]);
    const times = items.map((i) => Date.parse(i.createdAt));
    for (const time of times) expect(Number.isNaN(time)).toBe(false);
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // The outbox code really logs in.
    expect((await t.verify(joao.Sessao, codeOf(items[1]))).statusCode).toBe(200);
  });
});

describe('outside demo mode, over https, with the web app built', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'guarita-web-'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Guarita SPA</title><div id="root"></div>');
    t = await createTestApp({ demoMode: false, env: { PUBLIC_URL: 'https://guarita.example', WEB_DIST: webDir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('GET /api/dev/outbox does not exist', async () => {
    const res = await t.get('/api/dev/outbox');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
    expect((await t.get('/api/docs/json')).json().paths['/api/dev/outbox']).toBeUndefined();
  });

  it('login works through the real notifier port, the refresh cookie is Secure and nothing lands in the outbox table', async () => {
    const { document } = await aCustomer(t);
    const s = await t.start(document);
    const code = await t.requestCode(s.Sessao, 'sms');
    const res = await t.verify(s.Sessao, code);
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === REFRESH_COOKIE)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
    expect(await t.query('SELECT 1 FROM dev_outbox')).toHaveLength(0);
    expect((await t.get('/api/config')).json().demoMode).toBe(false);
  });

  it('HSTS is sent over https', async () => {
    const res = await t.get('/healthz');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('unknown /api paths stay 404 envelopes; other paths fall back to the SPA', async () => {
    const api = await t.get('/api/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual(NOT_FOUND);
    const page = await t.get('/dashboard/900001');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Guarita SPA');
    expect(parseCsp(page.headers['content-security-policy'])['script-src']).not.toContain("'unsafe-inline'");
  });
});

describe('request log lines at info (ADR 049)', () => {
  const capture = logCapture();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ logger: serverLoggerOptions(capture.stream, 'info') });
  });
  afterAll(() => t?.close());

  it('a successful request writes no line; a failed one writes one "request completed" line with its path', async () => {
    const lines = () => capture.lines.map((l) => JSON.parse(l) as { msg: string; req?: { path: string }; res?: { statusCode: number } });
    const customer = await aCustomer(t);
    await aContract(t, customer);
    const { AccessToken } = await aSession(t, customer);
    const before = capture.lines.length;
    expect((await t.get('/api/contracts', AccessToken)).statusCode).toBe(200);
    expect(capture.lines.length).toBe(before);
    expect((await t.get(`/api/nothing-here?doc=${customer.document}`, AccessToken)).statusCode).toBe(404);
    const completed = lines().filter((l) => l.msg === 'request completed');
    expect(completed.at(-1)).toMatchObject({ req: { path: '/api/nothing-here' }, res: { statusCode: 404 } });
    expect(lines().some((l) => l.msg === 'incoming request')).toBe(false);
  });
});

describe('logs', () => {
  const capture = logCapture();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ logger: serverLoggerOptions(capture.stream, 'trace'), tokens: { refreshGraceSeconds: 1 } });
  });
  afterAll(() => t?.close());

  it('a whole login flow (with its errors) never logs the document, phone, e-mail, code or tokens', async () => {
    const maria = await aCustomer(t);
    const { nCtrId } = await aContract(t, maria);
    const joaoRow = await aCustomer(t, { phone: null, smsPhone: null });
    await aContract(t, joaoRow);
    const alfaRow = await aCustomer(t, { kind: 'cnpj', alphanumeric: true });
    await aContract(t, alfaRow);
    const masked = formatCpf(maria.document);
    const [mariaLocal] = maria.email!.split('@');
    const secrets: string[] = [maria.document, masked, maria.smsPhone!, maria.smsPhone!.slice(2), maria.email!, mariaLocal!];
    secrets.push(joaoRow.document, joaoRow.email!, alfaRow.document, formatCnpj(alfaRow.document, { version: 2 }));
    // A wrong check digit of the customer's own document.
    const wrongDigit = `${masked.slice(0, -1)}${(Number(masked.at(-1)) + 1) % 10}`;

    // Step 1 with masked input, an invalid one and an unknown one.
    const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url, payload, headers });
    expect((await post('/api/auth/login', { documento: wrongDigit })).statusCode).toBe(400);
    // An unknown document is answered like a customer's (issue 7, item 9).
    expect((await post('/api/auth/login', { documento: '123.456.789-09' })).statusCode).toBe(200);
    secrets.push('12345678909', '123.456.789-09', wrongDigit);
    const start = await post('/api/auth/login', { documento: masked });
    const { Sessao } = start.json();
    secrets.push(Sessao);

    // The SMS gateway fails once, with an error that quotes the number (as real providers do).
    t.notifier.failNext();
    const failed = await t.app.inject({ method: 'POST', url: '/api/auth/code', payload: { Sessao, canal: 'sms' } });
    expect(failed.statusCode).toBe(502);
    const code = await t.requestCode(Sessao, 'sms');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    secrets.push(code, wrong);
    expect((await t.verify(Sessao, wrong)).statusCode).toBe(401);
    const emailCode = await t.requestCode(Sessao, 'email');
    secrets.push(emailCode);
    const verify = await t.verify(Sessao, emailCode);
    expect(verify.statusCode).toBe(200);
    const { IdToken, AccessToken } = verify.json();
    const rt = verify.cookies.find((c) => c.name === REFRESH_COOKIE)!.value;
    secrets.push(IdToken, AccessToken, rt, ...AccessToken.split('.'), ...IdToken.split('.').slice(1));

    expect((await t.get('/api/me', AccessToken)).statusCode).toBe(200);
    expect((await t.get(`/api/contracts/${nCtrId}/bills`, AccessToken)).statusCode).toBe(200);
    const refreshed = await t.refresh(rt);
    expect(refreshed.statusCode).toBe(200);
    const rt2 = refreshed.cookies.find((c) => c.name === REFRESH_COOKIE)!.value;
    const access2 = refreshed.json().AccessToken;
    secrets.push(rt2, access2, refreshed.json().IdToken);
    await sleep(1_200); // past the refresh grace window for parallel tabs (issue 7)
    expect((await t.refresh(rt)).statusCode).toBe(401); // reuse
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { [REFRESH_COOKIE]: rt2 },
      headers: { authorization: `Bearer ${access2}` },
    });
    expect(logout.statusCode).toBe(204);
    expect((await t.get('/api/me', access2)).statusCode).toBe(401);

    // E-mail-only customer.
    const joao = await aSession(t, joaoRow);
    secrets.push(joao.code, joao.AccessToken, joao.refreshToken, joao.Sessao);
    // Alphanumeric CNPJ.
    const alfa = await aSession(t, alfaRow);
    secrets.push(alfa.code, alfa.AccessToken, alfa.refreshToken, alfa.Sessao);

    const text = capture.text();
    // The capture works: every request was logged (path only).
    expect(text).toContain('/api/auth/verify');
    expect(text).toContain('/api/auth/refresh');
    expect(text).toContain(`/api/contracts/${nCtrId}/bills`);
    expect(text).toContain('DELIVERY_FAILED'); // the delivery failure was logged, by kind
    expect(capture.lines.length).toBeGreaterThan(20);
    for (const s of secrets) expect(text.includes(s) ? s : null).toBeNull();
    // Nor any masked destination fragment of the full address.
    expect(text).not.toMatch(/@example\.com/);
  });
});

describe('database down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('/readyz answers 503 and API calls a generic 500 envelope without internals', async () => {
    const { document } = await aCustomer(t);
    await t.db.destroy();
    expect((await t.get('/healthz')).statusCode).toBe(200);
    const ready = await t.get('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { documento: document } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual(envelope(500, 'INTERNAL', 'Erro inesperado. Tente novamente mais tarde.'));
  });
});
