import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { CardWebhookEvent } from '../src/ports/card-gateway';
import { SANDBOX_CARDS, SANDBOX_SIGNATURE_HEADER, type SandboxCardGateway } from '../src/ports/card-sandbox';
import { encryptField, sandboxPublicKey, sealCard, type CardForm } from './card-encryption';
import { aBill, aLoggedInCustomer, type Customer } from './factories';
import { createTestApp, type TestApp } from './helpers';

/**
 * The card sandbox as a provider of its own (issue 27 item 3, ADR 074): card data only as JWE, its vault and ledger in
 * the database (a second app instance on the same database sees them), an unknown reference declined, the 3-D Secure
 * challenge, the hosted payment page, and its HMAC-signed webhooks reconciled once with our ledger.
 */

const year = String(new Date().getUTCFullYear() + 2);
const CARD: CardForm = {
  numeroCartao: SANDBOX_CARDS.approveVisa,
  mesExpiracao: '12',
  anoExpiracao: year,
  cvv: '123',
  nomeTitular: 'Maria A Souza',
};
const CHALLENGE: CardForm = { ...CARD, numeroCartao: SANDBOX_CARDS.challenge3ds };

describe('card sandbox', () => {
  let t: TestApp;
  let sandbox: SandboxCardGateway;

  beforeAll(async () => {
    t = await createTestApp();
    sandbox = t.app.cardGateway as SandboxCardGateway;
  });
  afterAll(() => t?.close());

  const seal = (card: CardForm) => sealCard(t.app, card);
  const pay = (c: Customer, body: Record<string, unknown>, key = randomUUID()) =>
    c.call('POST', `/api/payments/contracts/${c.contract.nCtrId}/card-payment`, body, { 'idempotency-key': key });
  const billStatus = async (docEntry: number) =>
    (await t.query<{ id_status: string }>('SELECT id_status FROM bills WHERE doc_entry = $1', [docEntry]))[0]!.id_status;
  const count = async (sql: string, params: unknown[]) => (await t.query<{ n: number }>(sql, params))[0]!.n;
  /** The sandbox's challenge page, answered as the customer's browser does (POST to the sandbox, not to our API). */
  const answerChallenge = async (data: { challengeUrl: string }, resultado: 'Y' | 'N') => {
    const res = await t.app.inject({ method: 'POST', url: data.challengeUrl, payload: { resultado } });
    expect(res.statusCode).toBe(200);
    return res.json() as { threeDSResult: string };
  };
  const webhook = (payload: Buffer, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/payments/card/webhook', payload, headers });

  it('serves its public key only; a field encrypted to another key or sent in clear is refused', async () => {
    const cfg = (await t.app.inject({ method: 'GET', url: '/api/payments/card/client-config' })).json();
    expect(cfg).toMatchObject({
      provider: 'sandbox',
      keyId: expect.stringMatching(/^sbx_/),
      publicKeyJwk: { kty: 'RSA', alg: 'RSA-OAEP-256' },
    });
    expect(cfg.publicKeyJwk).not.toHaveProperty('d'); // no private part
    const c = await aLoggedInCustomer(t);
    const b = await aBill(t, c.contract, { status: 'I' });
    // Garbage in JWE form: the sandbox cannot open it → declined, the bill stays open.
    const forged = { ...(await seal(CARD)), encryptedCardNumber: 'eyJhbGciOiJSU0EtT0FFUC0yNTYifQ.a.b.c.d' };
    const res = await pay(c, { faturas: [b.docEntry], valorTotal: b.total, dadosDoCartao: forged });
    expect(res.statusCode).toBe(402);
    expect(res.json().mensagem).toBe('Pagamento recusado pela operadora do cartão. Dados do cartão inválidos.');
    expect(await billStatus(b.docEntry)).toBe('I');
  });

  it('declines a reference it has no card for (nothing vaulted): no charge approved, the bill stays open', async () => {
    const c = await aLoggedInCustomer(t);
    const b = await aBill(t, c.contract, { status: 'I' });
    await t.query('DELETE FROM card_sandbox_vault WHERE reference = $1', [`contract:${c.contract.nCtrId}`]);
    const res = await pay(c, { faturas: [b.docEntry], valorTotal: b.total });
    expect(res.statusCode).toBe(402);
    expect(res.json().mensagem).toBe('Pagamento recusado pela operadora do cartão. Nenhum cartão salvo para este cliente.');
    expect(await billStatus(b.docEntry)).toBe('I');
  });

  it('a new card is vaulted; another app instance on the same database has the same key and charges it on file; a retried key replays', async () => {
    const c = await aLoggedInCustomer(t, { contract: { card: null } });
    const b1 = await aBill(t, c.contract, { status: 'I', total: 1500, fine: 0, interest: 0 });
    const first = await pay(c, {
      faturas: [b1.docEntry],
      valorTotal: 1500,
      dadosDoCartao: await seal({ ...CARD, numeroCartao: SANDBOX_CARDS.approveMastercard }),
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().conteudo).toMatchObject({ pmCard: 'mc', cardSummary: '4444' });
    const [vault] = await t.query<Record<string, unknown>>('SELECT * FROM card_sandbox_vault WHERE reference = $1', [
      `contract:${c.contract.nCtrId}`,
    ]);
    expect(vault).toMatchObject({ brand: 'mc', last4: '4444' });
    expect(JSON.stringify(vault)).not.toContain(SANDBOX_CARDS.approveMastercard);

    // "Restart": a second app on the same database (a new process, or a second instance behind the balancer).
    const second = await buildApp({ db: t.db, config: t.config });
    try {
      await second.ready();
      expect((await sandboxPublicKey(second)).keyId).toBe((await sandboxPublicKey(t.app)).keyId);
      const other = second.cardGateway;
      const key = `restart:${randomUUID()}`;
      const req = {
        idempotencyKey: key,
        reference: `contract:${c.contract.nCtrId}`,
        amount: 990,
        currency: 'BRL' as const,
        installments: 1,
        description: 'x',
        returnUrl: 'http://x',
      };
      const charged = await other.charge(req as never);
      expect(charged).toMatchObject({ status: 'approved', brand: 'mc', last4: '4444' });
      // The same key at the first instance replays the first outcome: one charge.
      expect(await sandbox.charge(req as never)).toEqual(charged);
      expect(await count('SELECT count(*)::int AS n FROM card_sandbox_payments WHERE idempotency_key = $1', [key])).toBe(1);
      // A card encrypted with the key the second instance serves opens at the first.
      const viaSecond = await sealCard(second, CARD);
      const b2 = await aBill(t, c.contract, { status: 'I', total: 2500, fine: 0, interest: 0 });
      expect((await pay(c, { faturas: [b2.docEntry], valorTotal: 2500, dadosDoCartao: viaSecond })).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('3-D Secure: the challenge card answers 202; confirmed on the sandbox page, card-action pays once and vaults the card', async () => {
    const c = await aLoggedInCustomer(t);
    const b = await aBill(t, c.contract, { status: 'I', total: 3300, fine: 0, interest: 0 });
    const key = randomUUID();
    const body = { faturas: [b.docEntry], valorTotal: 3300, dadosDoCartao: await seal(CHALLENGE) };
    const res = await pay(c, body, key);
    expect(res.statusCode).toBe(202);
    const action = res.json();
    expect(action).toMatchObject({
      acaoNecessaria: true,
      gatewayId: expect.any(String),
      acao: { provider: 'sandbox', data: { challengeUrl: expect.stringMatching(/^\/sandbox\/3ds\//), last4: '3220' } },
    });
    expect(await billStatus(b.docEntry)).toBe('I');
    // While the challenge is open the bill is reserved: another payment of it waits its turn.
    expect((await pay(c, { faturas: [b.docEntry], valorTotal: 3300 })).json().erro).toBe('BILL_NOT_OPEN');

    const url = `/api/payments/contracts/${c.contract.nCtrId}/card-action`;
    const { threeDSResult } = await answerChallenge(action.acao.data, 'Y');
    const done = await c.call('POST', url, { gatewayId: action.gatewayId, detalhes: { threeDSResult } });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ sucesso: true, conteudo: { faturas: [b.docEntry], pmCard: 'visa', cardSummary: '3220' } });
    expect(await billStatus(b.docEntry)).toBe('P');
    // Posting the details again answers the same; the sandbox's AUTHORISATION webhook applies nothing more.
    await sandbox.drain();
    expect((await c.call('POST', url, { gatewayId: action.gatewayId, detalhes: { threeDSResult } })).json()).toEqual(done.json());
    expect(await count('SELECT count(*)::int AS n FROM card_charges WHERE $1 = ANY(doc_entries)', [b.docEntry])).toBe(1);
    expect(
      await count(`SELECT count(*)::int AS n FROM payment_provider_events WHERE provider_reference = $1 AND kind = 'AUTHORISATION'`, [
        action.gatewayId,
      ]),
    ).toBe(1);
    expect((await c.call('GET', `/api/contracts/${c.contract.nCtrId}`)).json()).toMatchObject({ cardSummary: '3220' });
    // Another customer cannot finish it.
    const other = await aLoggedInCustomer(t);
    expect(
      (
        await other.call('POST', `/api/payments/contracts/${other.contract.nCtrId}/card-action`, {
          gatewayId: action.gatewayId,
          detalhes: { threeDSResult },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('3-D Secure refused on the sandbox page: 402, the bill stays open and may be paid again', async () => {
    const c = await aLoggedInCustomer(t);
    const b = await aBill(t, c.contract, { status: 'I', total: 3400, fine: 0, interest: 0 });
    const action = (await pay(c, { faturas: [b.docEntry], valorTotal: 3400, dadosDoCartao: await seal(CHALLENGE) })).json();
    const { threeDSResult } = await answerChallenge(action.acao.data, 'N');
    const done = await c.call('POST', `/api/payments/contracts/${c.contract.nCtrId}/card-action`, {
      gatewayId: action.gatewayId,
      detalhes: { threeDSResult },
    });
    expect(done.statusCode).toBe(402);
    expect(done.json().mensagem).toBe('Pagamento recusado pela operadora do cartão. Autenticação do cartão não concluída.');
    expect(await billStatus(b.docEntry)).toBe('I');
    expect((await pay(c, { faturas: [b.docEntry], valorTotal: 3400 })).statusCode).toBe(200);
  });

  it('change card with 3-D Secure: 202, then the card on file changes only after the challenge', async () => {
    const c = await aLoggedInCustomer(t, { contract: { card: { last4: '5454', brand: 'mc' } } });
    const res = await c.call('PUT', `/api/payments/contracts/${c.contract.nCtrId}/card`, { dadosDoCartao: await seal(CHALLENGE) });
    expect(res.statusCode).toBe(202);
    expect((await c.call('GET', `/api/contracts/${c.contract.nCtrId}`)).json()).toMatchObject({ cardSummary: '5454' });
    const action = res.json();
    const { threeDSResult } = await answerChallenge(action.acao.data, 'Y');
    const done = await c.call('POST', `/api/payments/contracts/${c.contract.nCtrId}/card-action`, {
      gatewayId: action.gatewayId,
      detalhes: { threeDSResult },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ sucesso: true, conteudo: { pmCard: 'visa', cardSummary: '3220' } });
    expect((await c.call('GET', `/api/contracts/${c.contract.nCtrId}`)).json()).toMatchObject({ pmCard: 'visa', cardSummary: '3220' });
  });

  it('webhook: a bad signature is refused; a refusal that arrives before the API answer settles once, and the answer then agrees', async () => {
    const c = await aLoggedInCustomer(t);
    const b = await aBill(t, c.contract, { status: 'I', total: 3500, fine: 0, interest: 0 });
    const action = (await pay(c, { faturas: [b.docEntry], valorTotal: 3500, dadosDoCartao: await seal(CHALLENGE) })).json();
    const event: CardWebhookEvent = {
      eventId: `${action.gatewayId}:CANCELLATION`,
      kind: 'CANCELLATION',
      gatewayId: action.gatewayId,
      merchantReference: 'x',
      success: true,
      amount: 3500 as never,
      reason: 'Cancelado pelo emissor.',
    };
    const { raw, headers } = sandbox.notifications.signed([event]);
    expect((await webhook(raw, { ...headers, [SANDBOX_SIGNATURE_HEADER]: 'AAAA' })).statusCode).toBe(401);
    expect((await webhook(Buffer.from(raw.toString().replace('3500', '1')), headers)).statusCode).toBe(401);

    const first = await webhook(raw, headers);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ notificationResponse: '[accepted]', resultados: [{ eventId: event.eventId, resultado: 'applied' }] });
    expect((await webhook(raw, headers)).json().resultados).toEqual([{ eventId: event.eventId, resultado: 'already_applied' }]);
    // The customer comes back from the challenge after it: the answer is the one the webhook settled.
    const { threeDSResult } = await answerChallenge(action.acao.data, 'Y');
    const done = await c.call('POST', `/api/payments/contracts/${c.contract.nCtrId}/card-action`, {
      gatewayId: action.gatewayId,
      detalhes: { threeDSResult },
    });
    expect(done.statusCode).toBe(402);
    expect(await billStatus(b.docEntry)).toBe('I');
    expect(await count('SELECT count(*)::int AS n FROM card_charges WHERE $1 = ANY(doc_entries)', [b.docEntry])).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM payment_provider_events WHERE event_id = $1', [event.eventId])).toBe(1);
  });

  it('an approval notified before the API answer pays the bills once; the browser coming back gets the same answer', async () => {
    const c = await aLoggedInCustomer(t);
    const b = await aBill(t, c.contract, { status: 'I', total: 3600, fine: 0, interest: 0 });
    const action = (await pay(c, { faturas: [b.docEntry], valorTotal: 3600, dadosDoCartao: await seal(CHALLENGE) })).json();
    const { threeDSResult } = await answerChallenge(action.acao.data, 'Y');
    const ev: CardWebhookEvent = {
      eventId: `${action.gatewayId}:AUTHORISATION`,
      kind: 'AUTHORISATION',
      gatewayId: action.gatewayId,
      merchantReference: 'k',
      success: true,
      amount: 3600 as never,
    };
    const { raw, headers } = sandbox.notifications.signed([ev]);
    expect((await webhook(raw, headers)).json().resultados[0].resultado).toBe('applied');
    expect(await billStatus(b.docEntry)).toBe('P');
    const done = await c.call('POST', `/api/payments/contracts/${c.contract.nCtrId}/card-action`, {
      gatewayId: action.gatewayId,
      detalhes: { threeDSResult },
    });
    expect(done.statusCode).toBe(200);
    // The browser's answer brings the card's brand and last digits the notification did not have.
    expect(done.json().conteudo).toMatchObject({ pmCard: 'visa', cardSummary: '3220' });
    expect((await c.call('GET', `/api/contracts/${c.contract.nCtrId}`)).json()).toMatchObject({ cardSummary: '3220' });
    expect(await count('SELECT count(*)::int AS n FROM card_charges WHERE $1 = ANY(doc_entries)', [b.docEntry])).toBe(1);
    const notices = await count(`SELECT count(*)::int AS n FROM notifications WHERE customer_id = $1`, [c.id]);
    expect(notices).toBeLessThanOrEqual(1);
  });

  it('refund: at most what was paid, once per key, confirmed by its REFUND webhook', async () => {
    const c = await aLoggedInCustomer(t);
    const b = await aBill(t, c.contract, { status: 'I', total: 4000, fine: 0, interest: 0 });
    await pay(c, { faturas: [b.docEntry], valorTotal: 4000 });
    const [{ gateway_id: gatewayId }] = (await t.query<{ gateway_id: string }>(
      'SELECT gateway_id FROM card_charges WHERE $1 = ANY(doc_entries)',
      [b.docEntry],
    )) as [{ gateway_id: string }];
    const key = randomUUID();
    const r1 = await sandbox.refund({ gatewayId, amount: 3000 as never, idempotencyKey: key });
    expect(r1.status).toBe('refunded');
    expect(await sandbox.refund({ gatewayId, amount: 3000 as never, idempotencyKey: key })).toEqual(r1);
    expect((await sandbox.refund({ gatewayId, amount: 1001 as never, idempotencyKey: randomUUID() })).status).toBe('failed');
    await sandbox.drain();
    expect(
      await count(`SELECT count(*)::int AS n FROM payment_provider_events WHERE provider_reference = $1 AND kind = 'REFUND'`, [gatewayId]),
    ).toBe(2);
  });

  it('the payment link is a hosted page of the sandbox: declined, then paid once; it does not exist outside the sandbox', async () => {
    const link = await sandbox.createPaymentLink({
      linkId: `lnk${randomUUID().replace(/-/g, '')}`,
      reference: 'contract:1',
      amount: 1234 as never,
      description: 'Antecipação do contrato 1',
      expiresAt: new Date(Date.now() + 60_000),
    });
    const path = new URL(link.url).pathname;
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Pagar R$\u00a012,34');
    // Test cards are chosen by name, no number on the page. A card number stands alone: the link id's random hex may
    // hold a run of 13 digits, which is not one.
    expect(page.body).not.toMatch(/(?<![0-9a-z])\d{13,19}(?![0-9a-z])/i);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/pay/nao-existe-0000' })).statusCode).toBe(404);
    const field = await encryptField(await sandboxPublicKey(t.app), '4111111111111111');
    expect(field.split('.')).toHaveLength(5);
  });
});
