import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_PAYMENT_MSG } from '@guarita/domain';
import { AdyenCardGateway } from '../src/ports/adyen';
import type { CardWebhookEvent, EncryptedCard } from '../src/ports/card-gateway';
import { SANDBOX_CARDS, vaultDemoCard, type SandboxCardGateway } from '../src/ports/card-sandbox';
import { ADYEN_TEST_CARDS, FakeAdyen, adyenTestCard } from './adyen/fake-adyen';
import { sealCard } from './card-encryption';
import { aBill, aLoggedInCustomer, aStaffMember, shiftDays, type Customer } from './factories';
import { createTestApp, type TestApp } from './helpers';
import { STAFF_COOKIE, staffRequest } from './staff-helpers';

/**
 * A card charge whose answer is lost (issue 27, gap 1): the provider took the money, our API never heard back (the
 * customer got 502 GATEWAY_UNAVAILABLE), and the provider's AUTHORISATION webhook settles the bills the charge had
 * reserved — once, whatever the order of the webhook, its redelivery and the customer's retry with the same
 * Idempotency-Key. A refusal or a cancellation frees the bills; an approval that comes after the bills were paid another
 * way is recorded and flagged for a refund. The same cases on Adyen (its local fake, timing out) and on the card
 * sandbox (its test card whose answer is lost), each delivering its own signed webhooks to our route.
 */

interface Delivery {
  rawBody: Buffer;
  headers: Record<string, string>;
}

interface Provider {
  t: TestApp;
  /** A new card whose charge the provider makes (approving or refusing it) while its answer never reaches us. */
  lostCard(outcome: 'approved' | 'declined'): Promise<EncryptedCard>;
  /** The last 4 digits of the approved lost card (a visa). */
  lostLast4: string;
  /** A card the provider approves and answers. */
  goodCard(): Promise<EncryptedCard>;
  /** The webhooks the provider sent so far (kept here: the test delivers them when it wants). */
  sent(): Promise<Delivery[]>;
  /** A signed CANCELLATION of a payment, as the provider would send it. */
  cancellation(auth: CardWebhookEvent): Delivery;
  close(): Promise<void>;
}

async function adyen(): Promise<Provider> {
  const secret = () => randomBytes(32).toString('hex');
  const opts = { apiKey: secret(), merchantAccount: 'GuaritaECOM', hmacKey: secret() };
  const fake = new FakeAdyen(opts);
  await fake.start();
  const gateway = new AdyenCardGateway({
    ...opts,
    clientKey: `test_${secret()}`,
    environment: 'test',
    checkoutUrl: fake.url,
    timeoutMs: 250,
    retries: 1,
    backoffMs: () => 10,
  });
  const t = await createTestApp({ ports: { cardGateway: gateway } });
  const sent: Delivery[] = [];
  fake.webhookSink = async (raw) => {
    sent.push({ rawBody: Buffer.from(raw), headers: { 'content-type': 'application/json' } });
  };
  return {
    t,
    lostCard: async (outcome) => {
      // Adyen processes the payment (and sends its webhook) but answers after our timeout, twice: the retry too.
      fake.delayNextAnswer(1_000, '/payments');
      fake.delayNextAnswer(1_000, '/payments');
      return adyenTestCard(ADYEN_TEST_CARDS.visa, outcome === 'approved' ? 'Maria Silva' : 'DECLINED');
    },
    lostLast4: '1111',
    goodCard: async () => adyenTestCard(ADYEN_TEST_CARDS.mastercard),
    sent: async () => {
      await fake.settleWebhooks();
      return [...sent];
    },
    cancellation: (auth) => ({
      rawBody: Buffer.from(
        fake.signedNotification([
          {
            eventCode: 'CANCELLATION',
            success: 'true',
            pspReference: randomBytes(8).toString('hex').toUpperCase(),
            originalReference: auth.gatewayId,
            merchantAccountCode: opts.merchantAccount,
            merchantReference: auth.merchantReference,
            amount: { value: auth.amount, currency: 'BRL' },
          },
        ]),
      ),
      headers: { 'content-type': 'application/json' },
    }),
    close: async () => {
      await fake.stop();
      await t.close();
    },
  };
}

async function sandbox(): Promise<Provider> {
  const t = await createTestApp();
  const gateway = t.app.cardGateway as SandboxCardGateway;
  const sent: Delivery[] = [];
  gateway.setDelivery(async (rawBody, headers) => {
    sent.push({ rawBody, headers });
  });
  const card = (number: string) =>
    sealCard(t.app, { numeroCartao: number, mesExpiracao: '03', anoExpiracao: '2030', cvv: '123', nomeTitular: 'Maria Silva' });
  return {
    t,
    lostCard: (outcome) => card(outcome === 'approved' ? SANDBOX_CARDS.approveAnswerLost : SANDBOX_CARDS.declineAnswerLost),
    lostLast4: SANDBOX_CARDS.approveAnswerLost.slice(-4),
    goodCard: () => card(SANDBOX_CARDS.approveMastercard),
    sent: async () => {
      await gateway.drain();
      return [...sent];
    },
    cancellation: (auth) => {
      const { raw, headers } = gateway.notifications.signed([
        {
          eventId: `${auth.gatewayId}:CANCELLATION`,
          kind: 'CANCELLATION',
          gatewayId: auth.gatewayId,
          merchantReference: auth.merchantReference,
          success: true,
          amount: auth.amount,
        },
      ]);
      return { rawBody: raw, headers };
    },
    close: () => t.close(),
  };
}

describe.each([
  ['Adyen (local fake, /payments timing out)', adyen],
  ['card sandbox (its lost-answer test cards)', sandbox],
] as const)('a lost card answer settled by the webhook: %s', (_name, make) => {
  let p: Provider;
  let t: TestApp;
  beforeAll(async () => {
    p = await make();
    t = p.t;
  }, 120_000);
  afterAll(() => p?.close());

  const url = (c: Customer) => `/api/payments/contracts/${c.contract.nCtrId}`;
  const pay = (c: Customer, bill: { docEntry: number; total: number }, card: EncryptedCard, key: string) =>
    c.call(
      'POST',
      `${url(c)}/card-payment`,
      { faturas: [bill.docEntry], valorTotal: bill.total, dadosDoCartao: card },
      { 'idempotency-key': key },
    );
  const deliver = (d: Delivery) =>
    t.app.inject({ method: 'POST', url: '/api/payments/card/webhook', payload: d.rawBody, headers: d.headers });
  /** The provider's AUTHORISATION about the charge sent under the customer's key, not yet delivered to us. */
  const authorisationOf = async (c: Customer, key: string) => {
    for (const d of (await p.sent()).reverse()) {
      const e = t.app.cardGateway
        .parseWebhook(d.rawBody, d.headers)
        ?.find((x) => x.kind === 'AUTHORISATION' && x.merchantReference === `${c.id}:${key}`);
      if (e) return { delivery: d, event: e };
    }
    throw new Error('the provider sent no AUTHORISATION for this charge');
  };
  /** What the customer's statement shows: each bill's status, and the open total. */
  const statement = async (c: Customer) => {
    const res = await c.call('GET', `/api/contracts/${c.contract.nCtrId}/bills`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { openTotal: number; bills: Array<{ docEntry: number; billStatus: { idStatus: string } }> };
    return { openTotal: body.openTotal, status: (d: number) => body.bills.find((b) => b.docEntry === d)?.billStatus.idStatus };
  };
  const paidNotices = async (c: Customer) => {
    const res = await c.call('GET', '/api/notifications?limite=50');
    expect(res.statusCode).toBe(200);
    return (res.json().itens as Array<{ tipo: string; texto: string }>).filter((n) => n.tipo === 'pagamento_confirmado');
  };
  const charges = async (c: Customer) =>
    t.query<{ status: string; refund_due: boolean; gateway_id: string; amount_cents: number }>(
      'SELECT status, refund_due, gateway_id, amount_cents FROM card_charges WHERE n_ctr_id = $1 ORDER BY id',
      [c.contract.nCtrId],
    );
  const outcomes = (res: { json(): unknown }) =>
    (res.json() as { resultados: Array<{ resultado: string }> }).resultados.map((r) => r.resultado);

  it('the answer is lost (502); the AUTHORISATION pays the reserved bills, the customer sees them paid and is told; a redelivery and a retry with the key change nothing', async () => {
    const c = await aLoggedInCustomer(t);
    const bill = await aBill(t, c.contract, { status: 'I' });
    const key = randomUUID();
    const lost = await pay(c, bill, await p.lostCard('approved'), key);
    expect(lost.statusCode).toBe(502);
    expect(lost.json()).toMatchObject({ erro: 'GATEWAY_UNAVAILABLE' });
    expect((await statement(c)).status(bill.docEntry)).toBe('I');
    // Held for the charge whose outcome is unknown: another payment of the bill waits for the provider's word.
    expect((await pay(c, bill, await p.goodCard(), randomUUID())).json()).toMatchObject({ erro: 'BILL_NOT_OPEN' });

    const { delivery, event } = await authorisationOf(c, key);
    const hook = await deliver(delivery);
    expect(hook.statusCode).toBe(200);
    expect(outcomes(hook)).toEqual(['applied']);

    const seen = await statement(c);
    expect(seen.status(bill.docEntry)).toBe('P');
    expect(seen.openTotal).toBe(0);
    expect(await paidNotices(c)).toHaveLength(1);
    expect(await charges(c)).toEqual([{ status: 'approved', refund_due: false, gateway_id: event.gatewayId, amount_cents: bill.total }]);
    // The new card is the card on file now (the webhook said which card it was).
    expect((await c.call('GET', url(c))).json().cartao).toMatchObject({ pmCard: 'visa', cardSummary: p.lostLast4 });

    expect(outcomes(await deliver(delivery))).toEqual(['already_applied']);
    const retry = await pay(c, bill, await p.goodCard(), key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual({
      sucesso: true,
      status: 200,
      mensagem: 'Pagamento solicitado com sucesso!',
      conteudo: {
        pagamentoId: expect.any(Number),
        valor: bill.total,
        faturas: [bill.docEntry],
        pmCard: 'visa',
        cardSummary: p.lostLast4,
        pagoEm: expect.any(String),
      },
    });
    expect((await pay(c, bill, await p.goodCard(), key)).json()).toEqual(retry.json());
    expect(await charges(c)).toHaveLength(1);
    expect(await paidNotices(c)).toHaveLength(1);
  });

  it("the customer's retry with the same key comes first: it records the payment; the late AUTHORISATION finds it settled", async () => {
    const c = await aLoggedInCustomer(t);
    const bill = await aBill(t, c.contract, { status: 'I' });
    const key = randomUUID();
    const card = await p.lostCard('approved');
    expect((await pay(c, bill, card, key)).statusCode).toBe(502);
    const retry = await pay(c, bill, card, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().conteudo).toMatchObject({ faturas: [bill.docEntry], valor: bill.total });
    const { delivery } = await authorisationOf(c, key);
    expect(outcomes(await deliver(delivery))).toEqual(['already_applied']);
    expect((await statement(c)).status(bill.docEntry)).toBe('P');
    expect(await charges(c)).toHaveLength(1);
    expect(await paidNotices(c)).toHaveLength(1);
    expect((await pay(c, bill, card, key)).json()).toEqual(retry.json());
  });

  it('a refusal whose answer was lost frees the bills: the customer pays them again; the same key answers the refusal', async () => {
    const c = await aLoggedInCustomer(t);
    const bill = await aBill(t, c.contract, { status: 'I' });
    const key = randomUUID();
    const refused = await p.lostCard('declined');
    expect((await pay(c, bill, refused, key)).statusCode).toBe(502);
    const { delivery } = await authorisationOf(c, key);
    expect(outcomes(await deliver(delivery))).toEqual(['applied']);
    expect((await statement(c)).status(bill.docEntry)).toBe('I');

    const again = await pay(c, bill, await p.goodCard(), randomUUID());
    expect(again.statusCode).toBe(200);
    expect((await statement(c)).status(bill.docEntry)).toBe('P');
    const replay = await pay(c, bill, refused, key);
    expect(replay.statusCode).toBe(402);
    expect(replay.json()).toMatchObject({ erro: 'CARD_DECLINED' });
    expect((await charges(c)).map((x) => x.status)).toEqual(['declined', 'approved']);
  });

  it('a CANCELLATION of the charge whose answer was lost frees the bills', async () => {
    const c = await aLoggedInCustomer(t);
    const bill = await aBill(t, c.contract, { status: 'I' });
    const key = randomUUID();
    expect((await pay(c, bill, await p.lostCard('approved'), key)).statusCode).toBe(502);
    const { event } = await authorisationOf(c, key);
    const cancelled = await deliver(p.cancellation(event));
    expect(cancelled.statusCode).toBe(200);
    expect(outcomes(cancelled)).toEqual(['applied']);
    expect((await statement(c)).status(bill.docEntry)).toBe('I');
    expect((await pay(c, bill, await p.goodCard(), randomUUID())).statusCode).toBe(200);
    expect((await statement(c)).status(bill.docEntry)).toBe('P');
  });

  it('an approval after the hold ended and the bills were paid another way: recorded, flagged for a refund, the bills paid once', async () => {
    const c = await aLoggedInCustomer(t);
    const bill = await aBill(t, c.contract, { status: 'I' });
    const key = randomUUID();
    expect((await pay(c, bill, await p.lostCard('approved'), key)).statusCode).toBe(502);
    // The hold (15 minutes) is over with no word from the provider: the customer pays with another card.
    await t.query(`UPDATE card_charge_attempts SET held_until = now() - interval '1 second' WHERE merchant_reference = $1`, [
      `${c.id}:${key}`,
    ]);
    expect((await pay(c, bill, await p.goodCard(), randomUUID())).statusCode).toBe(200);

    const { delivery, event } = await authorisationOf(c, key);
    const late = await deliver(delivery);
    expect(outcomes(late)).toEqual(['mismatch']);
    expect((await statement(c)).status(bill.docEntry)).toBe('P');
    expect(await paidNotices(c)).toHaveLength(1);
    const rows = await charges(c);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual({ status: 'approved', refund_due: true, gateway_id: event.gatewayId, amount_cents: bill.total });
    expect(outcomes(await deliver(delivery))).toEqual(['already_applied']);
    expect(await charges(c)).toHaveLength(2);

    // The financeiro desk shows it to refund, and 'Estornar' gives the money back through the provider.
    const staff = await aStaffMember(t, 'financeiro');
    const desk = await staffRequest(
      t,
      staff.token,
      'GET',
      `/api/backoffice/financeiro/pagamentos?metodo=card&contrato=${c.contract.nCtrId}`,
    );
    expect(desk.statusCode).toBe(200);
    const items = desk.json().itens as Array<{ id: string; referencia: string; alerta: string | null }>;
    expect(items.map((i) => i.alerta)).toEqual(expect.arrayContaining([null, DESK_PAYMENT_MSG.lateCardApproval]));
    const flagged = items.find((i) => i.referencia === event.gatewayId)!;
    expect(flagged).toMatchObject({
      valor: bill.total,
      estornavel: bill.total,
      estornoPor: 'provedor',
      alerta: DESK_PAYMENT_MSG.lateCardApproval,
    });
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/financeiro/pagamentos/card/${flagged.id}/estornos`,
      cookies: { [STAFF_COOKIE]: staff.token },
      headers: { 'idempotency-key': randomUUID() },
      payload: { valor: bill.total, motivo: 'Aprovação tardia: faturas já pagas com outro cartão' },
    });
    expect(refund.statusCode).toBe(201);
    expect(['pending', 'refunded']).toContain(refund.json().estorno.status);
    expect(refund.json().pagamento).toMatchObject({ estornavel: 0 });
  });

  it('an advance by the card on file whose answer was lost is settled by the AUTHORISATION; the retry replays its answer', async () => {
    // The card on file must lose its answer: the sandbox's vault says so; Adyen's fake times out the same way.
    const c = await aLoggedInCustomer(t);
    const bill = await aBill(t, c.contract, { status: 'A', due: shiftDays(t.app.clock.today(), 20) });
    if (t.app.cardGateway.name === 'sandbox')
      await vaultDemoCard(t.owner, `contract:${c.contract.nCtrId}`, { brand: 'visa', last4: '4242', behaviour: 'approve_answer_lost' });
    else {
      // Adyen keeps the card on file: store one (a paid bill with a new card), then lose the advance's answer.
      const first = await aBill(t, c.contract, { status: 'I' });
      expect((await pay(c, first, adyenTestCard(ADYEN_TEST_CARDS.visa), randomUUID())).statusCode).toBe(200);
      await p.lostCard('approved');
    }
    const key = randomUUID();
    const lost = await c.call('POST', `${url(c)}/advance`, { metodoPagamento: 'CC' }, { 'idempotency-key': key });
    expect(lost.statusCode).toBe(502);
    const { delivery } = await authorisationOf(c, key);
    expect(outcomes(await deliver(delivery))).toEqual(['applied']);
    expect((await statement(c)).status(bill.docEntry)).toBe('P');
    const retry = await c.call('POST', `${url(c)}/advance`, { metodoPagamento: 'CC' }, { 'idempotency-key': key });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ sucesso: true, metodoPagamento: 'CC', conteudo: { faturas: [bill.docEntry], status: 'paid' } });
    expect(retry.json().mensagem).toContain('final');
  });
});
