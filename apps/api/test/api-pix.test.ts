import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIX_EXPIRY_MINUTES, cents, parsePixPayload } from '@guarita/domain';
import { ApiPixPsp } from '../src/ports/api-pix/adapter';
import { ApiPixClient } from '../src/ports/api-pix/client';
import { PixPspUnavailableError, signWebhookBody } from '../src/ports/pix-psp';
import { makeTestPki, type Pem, type TestPki } from './api-pix/certs';
import { FakeApiPix } from './api-pix/fake-api-pix';
import { aBill, aLoggedInCustomer } from './factories';
import { createTestApp, type TestApp } from './helpers';

/**
 * The API Pix adapter (issue 27 item 5, ADR 076) against the local mTLS fake: certificates made here at runtime, the
 * fake demands a client certificate of its CA. The port's contract is in pix-psp-contract.test.ts; this file holds
 * the transport (mTLS, OAuth2) and the webhook → confirmation by query → bill paid path through the app.
 */

const SECRET = randomBytes(24).toString('hex');
const SETTINGS = {
  receiverKey: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906',
  merchantName: 'Guarita Protecao Veicular',
  merchantCity: 'Belo Horizonte',
};

let pki: TestPki;
let fake: FakeApiPix;

beforeAll(async () => {
  pki = await makeTestPki();
  fake = await new FakeApiPix({ pki }).start();
});
afterAll(() => fake?.stop());

function client(o: { tls?: Pem; ca?: string | null; now?: () => number } = {}) {
  const tls = o.tls ?? pki.client;
  return new ApiPixClient({
    baseUrl: fake.baseUrl,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    tls: { cert: tls.cert, key: tls.key, ...(o.ca === null ? {} : { ca: o.ca ?? pki.ca }) },
    timeoutMs: 5_000,
    ...(o.now ? { now: o.now } : {}),
  });
}

const charge = (txid: string, amount = 19_497) => ({
  txid,
  amount: cents(amount),
  expiresAt: new Date(Date.now() + PIX_EXPIRY_MINUTES * 60_000),
  dueDate: '2026-12-01',
  description: 'Contrato 1234',
});
const newTxid = () => `GUA${randomUUID().replace(/-/g, '')}`; // 35

describe('API Pix adapter on the mTLS fake', () => {
  it('creates the cob with the 360-minute expiry and hands back a dynamic BR Code carrying its location', async () => {
    const c = client();
    const psp = new ApiPixPsp(c, SETTINGS);
    const txid = newTxid();
    const created = await psp.createCharge(charge(txid));
    const cob = fake.cobs.get(txid)!;
    expect(cob).toMatchObject({
      status: 'ATIVA',
      calendario: { expiracao: 21_600 },
      valor: { original: '194.97' },
      chave: SETTINGS.receiverKey,
    });
    expect(cob.solicitacaoPagador).toBe('Contrato 1234');
    expect(created.location).toBe(cob.loc.location);
    expect(parsePixPayload(created.payload)).toMatchObject({ url: cob.loc.location, merchantName: SETTINGS.merchantName });
    expect(parsePixPayload(created.payload)?.amount).toBeUndefined();
    await c.close();
  });

  it('a client certificate the PSP does not trust fails closed, and so does a PSP certificate we do not trust', async () => {
    const stranger = client({ tls: pki.stranger });
    await expect(new ApiPixPsp(stranger, SETTINGS).createCharge(charge(newTxid()))).rejects.toBeInstanceOf(PixPspUnavailableError);
    await stranger.close();
    const noCa = client({ ca: null }); // the system trust store: the fake's test CA is not in it
    await expect(new ApiPixPsp(noCa, SETTINGS).getCharge(newTxid())).rejects.toBeInstanceOf(PixPspUnavailableError);
    await noCa.close();
  });

  it('keeps its token until it expires, then fetches a new one; a token the PSP revoked is replaced once', async () => {
    let now = Date.now();
    fake.now = () => now;
    fake.tokenSeconds = 120;
    const c = client({ now: () => now });
    const psp = new ApiPixPsp(c, SETTINGS);
    const txid = newTxid();
    await Promise.all([psp.createCharge(charge(txid)), psp.getCharge(newTxid()), psp.getCharge(newTxid())]);
    await psp.getCharge(txid);
    expect(c.tokensIssued).toBe(1);
    now += 121_000; // past expires_in
    expect((await psp.getCharge(txid))?.status).toBe('ATIVA');
    expect(c.tokensIssued).toBe(2);
    fake.revokeTokens();
    expect((await psp.getCharge(txid))?.status).toBe('ATIVA');
    expect(c.tokensIssued).toBe(3);
    fake.now = () => Date.now();
    fake.tokenSeconds = 3600;
    await c.close();
  });

  it('wrong client credentials and a PSP answering 503 fail closed', async () => {
    const bad = new ApiPixClient({
      baseUrl: fake.baseUrl,
      clientId: fake.clientId,
      clientSecret: 'wrong',
      tls: { ...pki.client, ca: pki.ca },
    });
    await expect(new ApiPixPsp(bad, SETTINGS).getCharge(newTxid())).rejects.toBeInstanceOf(PixPspUnavailableError);
    await bad.close();
    const c = client();
    fake.failNext(503);
    await expect(new ApiPixPsp(c, SETTINGS).createCharge(charge(newTxid()))).rejects.toBeInstanceOf(PixPspUnavailableError);
    await c.close();
  });

  it('reads the pix received and refunds through devolução, never more than was received', async () => {
    const c = client();
    const psp = new ApiPixPsp(c, SETTINGS);
    const txid = newTxid();
    await psp.createCharge(charge(txid, 10_000));
    const { endToEndId } = fake.pay(txid).pix[0]!;
    const state = await psp.getCharge(txid);
    expect(state).toMatchObject({ txid, status: 'CONCLUIDA', amount: 10_000, pix: [{ endToEndId, amount: 10_000 }] });
    const first = await psp.refund({ endToEndId, refundId: 'D1abc', amount: cents(4_000) });
    expect(first.status).toBe('EM_PROCESSAMENTO');
    expect(first.rtrId).toMatch(/^D/);
    expect(await psp.refund({ endToEndId, refundId: 'D1abc', amount: cents(4_000) })).toEqual(first); // same id: same refund
    await expect(psp.refund({ endToEndId, refundId: 'D2abc', amount: cents(6_001) })).rejects.toMatchObject({ status: 400 });
    await c.close();
  });
});

describe('API Pix through the app: notification → GET /cob → bill paid', () => {
  let t: TestApp;
  let c: ApiPixClient;

  beforeAll(async () => {
    c = client();
    t = await createTestApp({ ports: { pixPsp: new ApiPixPsp(c, SETTINGS) }, env: { PIX_WEBHOOK_SECRET: SECRET } });
  });
  afterAll(async () => {
    await t?.close();
    await c?.close();
  });

  const notify = (body: unknown) => t.app.inject({ method: 'POST', url: '/api/payments/pix/api-pix/webhook/pix', payload: body as object });
  const billStatus = async (docEntry: number) =>
    (await t.query<{ id_status: string }>(`SELECT id_status FROM bills WHERE doc_entry = $1`, [docEntry]))[0]!.id_status;
  const withPix = async () => {
    const customer = await aLoggedInCustomer(t);
    const bill = await aBill(t, customer.contract, { status: 'I' });
    const res = await customer.call(
      'POST',
      `/api/payments/contracts/${customer.contract.nCtrId}/pix`,
      { faturas: [bill.docEntry], valorTotal: bill.total },
      {
        'idempotency-key': randomUUID(),
      },
    );
    expect(res.statusCode).toBe(200);
    return { customer, bill, pix: res.json().conteudo as { txid: string; chaveAleatoria: string } };
  };

  it('the customer gets the dynamic BR Code; the PSP notifies; the charge is read back and the bill is paid, once', async () => {
    const { customer, bill, pix } = await withPix();
    expect(pix.txid).toHaveLength(35);
    const cob = fake.cobs.get(pix.txid)!;
    expect(cob.valor.original).toBe((bill.total / 100).toFixed(2));
    expect(parsePixPayload(pix.chaveAleatoria)?.url).toBe(cob.loc.location);
    const body = fake.pay(pix.txid);
    const calls = fake.calls.length;
    const res = await notify(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ recebido: true, resultados: [{ txid: pix.txid, resultado: 'paid' }] });
    expect(fake.calls.slice(calls)).toContain(`GET /api/v2/cob/${pix.txid}`);
    expect(await billStatus(bill.docEntry)).toBe('P');
    expect((await customer.call('GET', `/api/payments/pix/${pix.txid}`)).json().status).toBe('paid');
    const events = await t.query<{ provider: string; kind: string; amount_cents: number }>(
      `SELECT provider, kind, amount_cents FROM payment_provider_events WHERE provider_reference = $1`,
      [pix.txid],
    );
    expect(events).toEqual([{ provider: 'api-pix', kind: 'pix', amount_cents: bill.total }]);
    expect((await notify(body)).json().resultados).toEqual([{ txid: pix.txid, resultado: 'already_paid' }]);
  });

  it('a notification the PSP does not confirm changes nothing: unpaid cob (even HMAC-signed), unknown txid, forged amount', async () => {
    const { bill, pix } = await withPix();
    const forged = {
      pix: [{ endToEndId: 'E18236120202611271200abcdef12345', txid: pix.txid, valor: '1.00', horario: new Date().toISOString() }],
    };
    expect((await notify(forged)).json().resultados).toEqual([{ txid: pix.txid, resultado: 'not_confirmed' }]);
    expect(await billStatus(bill.docEntry)).toBe('I');
    // Signed with the static setup's webhook secret: under api-pix the signature proves nothing about the money either.
    const raw = JSON.stringify(forged);
    const signed = await t.app.inject({
      method: 'POST',
      url: '/api/payments/pix/webhook',
      headers: { 'content-type': 'application/json', 'x-webhook-signature': signWebhookBody(raw, SECRET) },
      payload: raw,
    });
    expect(signed.json().resultados).toEqual([{ txid: pix.txid, resultado: 'not_confirmed' }]);
    expect(await billStatus(bill.docEntry)).toBe('I');
    const calls = fake.calls.length;
    const unknown = { pix: [{ endToEndId: 'E18236120202611271200abcdef12346', txid: newTxid() }] };
    expect((await notify(unknown)).json().resultados[0].resultado).toBe('not_found');
    expect(fake.calls.length).toBe(calls); // an unknown txid is not even asked about
    // Paid for less at the PSP than the bill: the PSP's amount is what counts, and it does not match.
    fake.pay(pix.txid, '0.01');
    expect((await notify(forged)).json().resultados).toEqual([{ txid: pix.txid, resultado: 'amount_mismatch' }]);
    expect(await billStatus(bill.docEntry)).toBe('I');
  });

  it("a desk refund goes out as a devolução; the PSP's notification of it is read back and the refund becomes refunded", async () => {
    const { pix } = await withPix();
    const { endToEndId } = fake.pay(pix.txid).pix[0]!;
    expect((await notify({ pix: [{ endToEndId, txid: pix.txid }] })).json().resultados[0].resultado).toBe('paid');
    const [charge] = await t.query<{ id: number; amount_cents: number }>(`SELECT id, amount_cents FROM pix_charges WHERE txid = $1`, [
      pix.txid,
    ]);
    await t.app.payments.refunds.refund(
      { id: null, email: 'financeiro@guarita.example' },
      'pix',
      String(charge!.id),
      randomUUID(),
      { valor: 1_000, motivo: 'Pagamento em duplicidade' },
      async () => {},
    );
    const refundRow = async () =>
      (
        await t.query<{ refund_id: string; status: string; provider_refund_id: string | null }>(
          `SELECT refund_id, status, provider_refund_id FROM payment_refunds WHERE payment_method = 'pix' AND payment_id = $1`,
          [String(charge!.id)],
        )
      )[0]!;
    const pending = await refundRow();
    expect(pending.status).toBe('pending'); // the fake answers EM_PROCESSAMENTO
    const devolucao = fake.cobs.get(pix.txid)!.pix[0]!.devolucoes![0]!;
    expect(devolucao).toMatchObject({ id: pending.refund_id, valor: '10.00', status: 'EM_PROCESSAMENTO' });
    // A notification claiming DEVOLVIDO while the PSP still says EM_PROCESSAMENTO changes nothing.
    await notify({ pix: [{ endToEndId, txid: pix.txid, devolucoes: [{ ...devolucao, status: 'DEVOLVIDO' }] }] });
    expect((await refundRow()).status).toBe('pending');
    const settled = fake.settleRefund(endToEndId, pending.refund_id);
    const calls = fake.calls.length;
    expect((await notify(settled)).statusCode).toBe(200);
    expect(fake.calls.slice(calls)).toContain(`GET /api/v2/pix/${endToEndId}/devolucao/${pending.refund_id}`);
    expect(await refundRow()).toMatchObject({ status: 'refunded', provider_refund_id: devolucao.rtrId });
  });

  it('the PSP unreachable: creating a Pix is a pt-BR 503 with nothing recorded; a notification is a 503 the PSP retries', async () => {
    const customer = await aLoggedInCustomer(t);
    const bill = await aBill(t, customer.contract, { status: 'I' });
    fake.failNext(503);
    const res = await customer.call(
      'POST',
      `/api/payments/contracts/${customer.contract.nCtrId}/pix`,
      { faturas: [bill.docEntry], valorTotal: bill.total },
      {
        'idempotency-key': randomUUID(),
      },
    );
    expect(res.statusCode).toBe(503);
    expect(res.json().mensagem).toBe('Pagamento por Pix indisponível no momento. Tente novamente mais tarde.');
    expect(await t.query(`SELECT 1 FROM pix_charges WHERE n_ctr_id = $1`, [customer.contract.nCtrId])).toHaveLength(0);

    const { pix } = await withPix();
    const body = fake.pay(pix.txid);
    fake.failNext(502);
    const down = await notify(body);
    expect(down.statusCode).toBe(503);
    expect((await notify(body)).json().resultados).toEqual([{ txid: pix.txid, resultado: 'paid' }]);
  });
});
