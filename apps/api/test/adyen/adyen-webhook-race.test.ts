import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdyenCardGateway } from '../../src/ports/adyen';
import { aBill, aLoggedInCustomer } from '../factories';
import { createTestApp, type TestApp } from '../helpers';
import { ADYEN_TEST_CARDS, FakeAdyen, adyenChallengeDetails, adyenTestCard } from './fake-adyen';

/**
 * Adyen composed into the app, its webhooks delivered to our card webhook route: a notification that arrives
 * before the API answer it is about is reconciled once (issue 27 item 2). The fake sends each payment's
 * AUTHORISATION and waits for our route's answer before it answers /payments (or /payments/details).
 */
describe('Adyen: a webhook that arrives before the API answer', () => {
  let t: TestApp;
  let fake: FakeAdyen;
  const deliveries: Array<{ status: number; body: string }> = [];
  let lastRaw = '';

  beforeAll(async () => {
    const secret = () => randomBytes(32).toString('hex');
    const opts = { apiKey: secret(), merchantAccount: 'GuaritaECOM', hmacKey: secret() };
    fake = new FakeAdyen(opts);
    await fake.start();
    const gateway = new AdyenCardGateway({
      ...opts,
      clientKey: `test_${secret()}`,
      environment: 'test',
      checkoutUrl: fake.url,
      timeoutMs: 10_000,
      retries: 1,
    });
    t = await createTestApp({ ports: { cardGateway: gateway } });
    fake.webhookSink = async (raw) => {
      lastRaw = raw;
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/payments/card/webhook',
        payload: raw,
        headers: { 'content-type': 'application/json' },
      });
      deliveries.push({ status: r.statusCode, body: r.body });
    };
    fake.webhookBeforeAnswer = true;
  }, 120_000);
  afterAll(async () => {
    await fake?.stop();
    await t?.close();
  });

  const count = async (sql: string, params: unknown[]) => (await t.query<{ n: number }>(sql, params))[0]!.n;
  const billStatus = async (docEntry: number) =>
    (await t.query<{ id_status: string }>('SELECT id_status FROM bills WHERE doc_entry = $1', [docEntry]))[0]!.id_status;
  const redeliver = async () =>
    t.app.inject({ method: 'POST', url: '/api/payments/card/webhook', payload: lastRaw, headers: { 'content-type': 'application/json' } });

  it('a new-card payment: the AUTHORISATION comes first and settles it; the API answer then answers the same, one charge; a redelivery changes nothing', async () => {
    const c = await aLoggedInCustomer(t);
    const bill = await aBill(t, c.contract, { status: 'I' });
    const res = await c.call(
      'POST',
      `/api/payments/contracts/${c.contract.nCtrId}/card-payment`,
      { faturas: [bill.docEntry], valorTotal: bill.total, dadosDoCartao: adyenTestCard(ADYEN_TEST_CARDS.visa) },
      { 'idempotency-key': randomUUID() },
    );
    expect(res.statusCode).toBe(200);
    const gatewayId = fake.payments.at(-1)!.pspReference;
    // The webhook was answered (accepted) before Adyen's API answer reached us.
    expect(deliveries.at(-1)).toMatchObject({ status: 200 });
    expect(deliveries.at(-1)!.body).toContain('[accepted]');
    // The charge was sent and not answered yet: the notification settled its reserved bill (card_charge_attempts).
    expect(deliveries.at(-1)!.body).toContain('"applied"');
    expect(res.json().conteudo).toMatchObject({ faturas: [bill.docEntry], valor: bill.total, pmCard: 'visa', cardSummary: '1111' });
    expect(await billStatus(bill.docEntry)).toBe('P');
    expect(await count('SELECT count(*)::int AS n FROM card_charges WHERE gateway_id = $1', [gatewayId])).toBe(1);
    expect(
      await count(`SELECT count(*)::int AS n FROM payment_provider_events WHERE provider = 'adyen' AND provider_reference = $1`, [
        gatewayId,
      ]),
    ).toBe(1);

    const again = await redeliver();
    expect(again.statusCode).toBe(200);
    expect(again.json().resultados).toEqual([expect.objectContaining({ resultado: 'already_applied' })]);
    expect(await count('SELECT count(*)::int AS n FROM card_charges WHERE gateway_id = $1', [gatewayId])).toBe(1);
    expect(
      await count(`SELECT count(*)::int AS n FROM payment_provider_events WHERE provider = 'adyen' AND provider_reference = $1`, [
        gatewayId,
      ]),
    ).toBe(1);
  });

  it('3-D Secure: the AUTHORISATION settles the payment before the /payments/details answer; the browser then gets the same outcome, one charge', async () => {
    const c = await aLoggedInCustomer(t);
    const bill = await aBill(t, c.contract, { status: 'I' });
    const url = `/api/payments/contracts/${c.contract.nCtrId}`;
    const first = await c.call(
      'POST',
      `${url}/card-payment`,
      { faturas: [bill.docEntry], valorTotal: bill.total, dadosDoCartao: adyenTestCard(ADYEN_TEST_CARDS.challengeVisa) },
      { 'idempotency-key': randomUUID() },
    );
    expect(first.statusCode).toBe(202);
    const { gatewayId, acao } = first.json() as { gatewayId: string; acao: { provider: string; data: Record<string, unknown> } };
    expect(acao).toMatchObject({ provider: 'adyen', data: { type: 'threeDS2', subtype: 'challenge' } });
    expect(await billStatus(bill.docEntry)).toBe('I');

    const done = await c.call('POST', `${url}/card-action`, { gatewayId, detalhes: adyenChallengeDetails(acao.data, true) });
    expect(done.statusCode).toBe(200);
    expect(deliveries.at(-1)!.body).toContain('"applied"'); // the webhook settled it, first
    expect(await billStatus(bill.docEntry)).toBe('P');
    expect(await count('SELECT count(*)::int AS n FROM card_charges WHERE gateway_id = $1', [gatewayId])).toBe(1);

    expect((await redeliver()).json().resultados).toEqual([expect.objectContaining({ resultado: 'already_applied' })]);
    expect(await count('SELECT count(*)::int AS n FROM card_charges WHERE gateway_id = $1', [gatewayId])).toBe(1);
  });
});
