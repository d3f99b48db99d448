import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso } from '@guarita/domain';
import type { CardGateway } from '../src/ports/card-gateway';
import { SANDBOX_CARDS } from '../src/ports/card-sandbox';
import type { SandboxPixRecurrencePsp } from '../src/ports/pix-automatico-sandbox';
import { aBill, aLoggedInCustomer, aCustomer, uniqueIp } from './factories';
import { createTestApp, logCapture, serverLoggerOptions, type TestApp } from './helpers';
import { sealCard } from './card-encryption';

/** Request ids, /metrics and their refusals (issue 28 item 7, ADR 067). Traces: tracing.test.ts. */

const CARD = { numeroCartao: '4111 1111 1111 1111', mesExpiracao: '12', anoExpiracao: '2030', cvv: '123', nomeTitular: 'Maria A Souza' };
const BOOM = `gateway bug ${randomUUID()}`;
/** A card gateway with a bug: an error no one expected (not GatewayUnavailableError), so a 500. */
const brokenGateway: CardGateway = {
  name: 'broken',
  tokenize: async function tokenize() {
    throw new Error(BOOM);
  },
  charge: async () => {
    throw new Error(BOOM);
  },
  createPaymentLink: async () => {
    throw new Error(BOOM);
  },
  clientConfig: () => {
    throw new Error(BOOM);
  },
  completeAction: async () => {
    throw new Error(BOOM);
  },
  refund: async () => {
    throw new Error(BOOM);
  },
  parseWebhook: () => null,
};
/** What the browser sends (the broken gateway never decrypts it). */
const SEALED = {
  encryptedCardNumber: 'eyJhbGciOiJSU0EtT0FFUC0yNTYifQ.a.b.c.d',
  encryptedExpiryMonth: 'eyJhbGciOiJSU0EtT0FFUC0yNTYifQ.e.f.g.h',
  encryptedExpiryYear: 'eyJhbGciOiJSU0EtT0FFUC0yNTYifQ.i.j.k.l',
  encryptedSecurityCode: 'eyJhbGciOiJSU0EtT0FFUC0yNTYifQ.m.n.o.p',
  holderName: 'Maria A Souza',
};

const metricsToken = () => randomBytes(24).toString('base64url');

/** The value of one sample of the Prometheus text, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const set = line.slice(name.length).match(/^\{(.*)\}/)?.[1] ?? '';
    if (Object.entries(labels).every(([k, v]) => set.includes(`${k}="${v}"`))) return Number(line.split(' ').at(-1));
  }
  return undefined;
}

describe('request ids', () => {
  let t: TestApp;
  const logs = logCapture();
  beforeAll(async () => {
    t = await createTestApp({ logger: serverLoggerOptions(logs.stream, 'info'), ports: { cardGateway: brokenGateway } });
  });
  afterAll(() => t?.close());

  it('every answer carries one: a fresh UUID, or the caller’s X-Request-Id when it is well-formed', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const again = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(again.headers['x-request-id']).not.toBe(fresh.headers['x-request-id']);

    const given = `lb-${randomUUID()}`;
    const echoed = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': given } });
    expect(echoed.headers['x-request-id']).toBe(given);

    // Too long, spaces or a forged log line: replaced by one of ours.
    for (const bad of ['x'.repeat(129), 'two words', 'a"}\n{"level":60', '']) {
      const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id']).not.toBe(bad);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('metrics are off by default: no /metrics route, nothing counted', async () => {
    expect(t.app.metrics).toBeNull();
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.body).not.toContain('guarita_');
  });

  it("a request's log lines carry its id, and an error's stack is logged once", async () => {
    const id = `req-${randomUUID()}`;
    const customer = await aCustomer(t);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { documento: customer.document },
      remoteAddress: uniqueIp(),
    });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { Sessao: login.json().Sessao, CodigoAutenticacao: '000000' },
      headers: { 'x-request-id': id },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['x-request-id']).toBe(id);
    const lines = logs.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.reqId === id);
    expect(lines.map((l) => l.msg)).toContain('request completed');
  });

  it("an unexpected error is logged once, with its stack, under the request's id", async () => {
    const id = `req-${randomUUID()}`;
    const c = await aLoggedInCustomer(t);
    const res = await c.call('PUT', `/api/payments/contracts/${c.contract.nCtrId}/card`, { dadosDoCartao: SEALED }, { 'x-request-id': id });
    expect(res.statusCode).toBe(500);
    const lines = logs.lines.filter((l) => l.includes(BOOM));
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as { reqId: string; level: number; err: { stack: string } };
    expect(line).toMatchObject({ reqId: id, level: 50 });
    expect(line.err.stack).toContain('tokenize');
  });
});

describe('/metrics behind a token on the main port', () => {
  let t: TestApp;
  const token = metricsToken();
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: token } });
  });
  afterAll(() => t?.close());
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    return res.body;
  };

  it('refuses a scrape without the token or with another one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect(none.body).not.toContain('guarita_');
    const other = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${metricsToken()}` } });
    expect(other.statusCode).toBe(401);
    const basic = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Basic ${token}` } });
    expect(basic.statusCode).toBe(401);
  });

  it('after a login, a wrong code and a card payment: requests per route pattern, login failures, payment outcomes, pool and queue', async () => {
    const c = await aLoggedInCustomer(t);
    const bill = await aBill(t, c.contract, { status: 'I' });
    const contracts = await c.call('GET', '/api/contracts');
    expect(contracts.statusCode).toBe(200);
    const paid = await c.call(
      'POST',
      `/api/payments/contracts/${c.contract.nCtrId}/card-payment`,
      { valorTotal: bill.total },
      { 'idempotency-key': randomUUID() },
    );
    expect(paid.statusCode).toBe(200);
    const other = await aCustomer(t);
    const ip = uniqueIp();
    const started = await t.start(other.document, ip);
    await t.requestCode(started.Sessao, started.canalPadrao, ip);
    const wrong = await t.verify(started.Sessao, '000000', ip);
    expect(wrong.json()).toMatchObject({ erro: 'CODE_INVALID' });

    const text = await scrape();
    const route = (method: string, r: string, status: string) => ({ method, route: r, status });
    expect(sample(text, 'guarita_http_request_duration_seconds_count', route('GET', '/api/contracts', '200'))).toBe(1);
    expect(sample(text, 'guarita_http_request_duration_seconds_count', route('POST', '/api/auth/verify', '200'))).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'guarita_http_request_duration_seconds_bucket', { ...route('GET', '/api/contracts', '200'), le: '+Inf' })).toBe(1);
    expect(sample(text, 'guarita_http_errors_total', { ...route('POST', '/api/auth/verify', '401'), code: 'CODE_INVALID' })).toBe(1);
    expect(sample(text, 'guarita_login_failures_total', { kind: 'customer', reason: 'CODE_INVALID' })).toBe(1);
    expect(sample(text, 'guarita_payment_outcomes_total', { method: 'card', outcome: 'approved' })).toBe(1);
    // Route patterns, never a raw URL: no contract number in any label.
    expect(text).toContain('route="/api/payments/contracts/:nCtrId/card-payment"');
    expect(text).not.toContain(`/${c.contract.nCtrId}`);
    for (const name of ['guarita_db_pool_connections', 'guarita_db_pool_in_use', 'guarita_db_pool_waiting'])
      expect(sample(text, name)).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'guarita_db_pool_waiting')).toBe(0);
    for (const name of ['guarita_notification_queue_pending', 'guarita_notification_queue_due', 'guarita_notification_queue_lag_seconds'])
      expect(sample(text, name)).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('a declined card, a replayed answer and a Pix paid in demo mode are counted once each', async () => {
    const before = await scrape();
    const c = await aLoggedInCustomer(t);
    const bill = await aBill(t, c.contract, { status: 'I' });
    const url = `/api/payments/contracts/${c.contract.nCtrId}/card-payment`;
    const decline = { valorTotal: bill.total, dadosDoCartao: await sealCard(t.app, { ...CARD, numeroCartao: '4000000000000002' }) };
    const key = randomUUID();
    expect((await c.call('POST', url, decline, { 'idempotency-key': key })).statusCode).toBe(402);
    const replay = await c.call('POST', url, decline, { 'idempotency-key': key });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const pix = await c.call(
      'POST',
      `/api/payments/contracts/${c.contract.nCtrId}/pix`,
      { valorTotal: bill.total },
      { 'idempotency-key': randomUUID() },
    );
    expect(pix.statusCode).toBe(200);
    const confirm = await t.app.inject({ method: 'POST', url: `/api/dev/pix/${pix.json().conteudo.txid}/confirm` });
    expect(confirm.json()).toMatchObject({ resultado: 'paid' });

    const after = await scrape();
    const delta = (labels: Record<string, string>) =>
      (sample(after, 'guarita_payment_outcomes_total', labels) ?? 0) - (sample(before, 'guarita_payment_outcomes_total', labels) ?? 0);
    expect(delta({ method: 'card', outcome: 'declined' })).toBe(1);
    expect(delta({ method: 'pix', outcome: 'paid' })).toBe(1);
  });
});

describe('/metrics: the payment flows of issue 27 (3-D Secure, Pix Automático)', () => {
  let t: TestApp;
  const token = metricsToken();
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: token } });
  });
  afterAll(() => t?.close());
  const outcomes = async () => {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } })).body;
    return (method: string, outcome: string) => sample(text, 'guarita_payment_outcomes_total', { method, outcome }) ?? 0;
  };

  it('a challenged card payment is action_required, not approved; its completion is counted once, approved or declined', async () => {
    const before = await outcomes();
    const c = await aLoggedInCustomer(t);
    const challenged = async () => {
      const bill = await aBill(t, c.contract, { status: 'I' });
      const dadosDoCartao = await sealCard(t.app, { ...CARD, numeroCartao: SANDBOX_CARDS.challenge3ds });
      const res = await c.call(
        'POST',
        `/api/payments/contracts/${c.contract.nCtrId}/card-payment`,
        { faturas: [bill.docEntry], valorTotal: bill.total, dadosDoCartao },
        { 'idempotency-key': randomUUID() },
      );
      expect(res.statusCode).toBe(202);
      return res.json() as { gatewayId: string; acao: { data: { challengeUrl: string } } };
    };
    /** The customer answers the sandbox's challenge page, then the browser posts the result to card-action. */
    const complete = async (action: { gatewayId: string; acao: { data: { challengeUrl: string } } }, resultado: 'Y' | 'N') => {
      const page = await t.app.inject({ method: 'POST', url: action.acao.data.challengeUrl, payload: { resultado } });
      const detalhes = { threeDSResult: page.json().threeDSResult };
      const url = `/api/payments/contracts/${c.contract.nCtrId}/card-action`;
      const done = await c.call('POST', url, { gatewayId: action.gatewayId, detalhes });
      // The browser posting it again gets the same answer, counted nothing more.
      expect((await c.call('POST', url, { gatewayId: action.gatewayId, detalhes })).statusCode).toBe(done.statusCode);
      return done.statusCode;
    };
    const yes = await challenged();
    const no = await challenged();
    const pending = await outcomes();
    expect(pending('card', 'action_required') - before('card', 'action_required')).toBe(2);
    expect(pending('card', 'approved')).toBe(before('card', 'approved'));

    expect(await complete(yes, 'Y')).toBe(200);
    expect(await complete(no, 'N')).toBe(402);
    const after = await outcomes();
    expect(after('card', 'approved') - pending('card', 'approved')).toBe(1);
    expect(after('card', 'declined') - pending('card', 'declined')).toBe(1);
  });

  it("a Pix Automático charge paid through the PSP's webhook is counted as pix_automatico paid", async () => {
    const before = await outcomes();
    const sandbox = t.app.pixRecurrencePsp as SandboxPixRecurrencePsp;
    const c = await aLoggedInCustomer(t);
    const authorised = await c.call('POST', `/api/payments/contracts/${c.contract.nCtrId}/pix-automatico`, { aceite: true });
    const link = authorised.json().conteudo.linkAprovacao as string;
    const approved = await t.app.inject({
      method: 'POST',
      url: `${link}/aprovar`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(approved.statusCode).toBe(303);
    await sandbox.idle();
    await t.db.transaction().execute((tx) =>
      t.app.contracts.issueBill(tx, {
        nCtrId: c.contract.nCtrId,
        dueDate: addDaysIso(t.app.clock.today(), 5),
        amount: c.contract.fee,
        issuedAt: t.app.clock.now(),
      }),
    );
    await t.app.pixAutomatico.service.chargeDueBills(c.contract.nCtrId);
    await sandbox.idle();
    const after = await outcomes();
    expect(after('pix_automatico', 'paid') - before('pix_automatico', 'paid')).toBe(1);
  });
});

describe('/metrics on a port of its own', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' } });
  });
  afterAll(() => t?.close());

  it('answers there without a token, and the main port does not serve it', async () => {
    const port = (t.app.metrics?.server?.address() as AddressInfo).port;
    await t.app.inject({ method: 'GET', url: '/healthz' });
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(sample(text, 'guarita_http_request_duration_seconds_count', { method: 'GET', route: '/healthz', status: '200' })).toBe(1);
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);

    const main = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(main.body).not.toContain('guarita_http_request_duration_seconds');
  });
});
