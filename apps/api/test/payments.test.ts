import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MSG, billTotal } from '@guarita/domain';
import { sealCard, spyCharges, type CardForm } from './card-encryption';
import { aBill, aLoggedInCustomer, type Customer } from './factories';
import { createTestApp, logCapture, serverLoggerOptions, type TestApp } from './helpers';

/**
 * Card payments, idempotency, ownership and card change (issue 3). Pix, webhook and advance: payments-pix.test.ts.
 * Each test makes its own customer, contract and bills (factories.ts, ADR 070).
 */

const CARD = { numeroCartao: '4111 1111 1111 1111', mesExpiracao: '12', anoExpiracao: '2030', cvv: '123', nomeTitular: 'Maria A Souza' };
const DECLINE = { ...CARD, numeroCartao: '4000000000000002' };

interface BillRow {
  doc_entry: number;
  id_status: string;
  paid_at: Date | null;
  total: number;
}

describe('payments: card payment of open bills, idempotency, ownership, change card', () => {
  let t: TestApp;
  let gateway: ReturnType<typeof spyCharges>;

  beforeAll(async () => {
    t = await createTestApp();
    gateway = spyCharges(t.app);
  });
  afterAll(() => t?.close());

  const seal = (card: CardForm) => sealCard(t.app, card);
  const key = () => ({ 'idempotency-key': randomUUID() });
  const pay = (c: Customer, body: Record<string, unknown>, idempotencyKey = randomUUID()) =>
    c.call('POST', `/api/payments/contracts/${c.contract.nCtrId}/card-payment`, body, { 'idempotency-key': idempotencyKey });
  const bills = (nCtrId: number) =>
    t.query<BillRow>(
      `SELECT doc_entry, id_status, paid_at, doc_total + valor_multa + valor_juros AS total FROM bills WHERE n_ctr_id = $1 ORDER BY doc_entry`,
      [nCtrId],
    );
  const overdue = async (nCtrId: number) => (await bills(nCtrId)).filter((b) => b.id_status === 'I');
  const count = async (sql: string, params: unknown[] = []) => (await t.query<{ n: number }>(sql, params))[0]!.n;
  /** A customer whose contract has a paid bill, an overdue one and the next one open. */
  const withOverdueBill = async (contract = {}) => {
    const c = await aLoggedInCustomer(t, { contract });
    await aBill(t, c.contract, { status: 'P' });
    const overdueBill = await aBill(t, c.contract, { status: 'I' });
    const openBill = await aBill(t, c.contract, { status: 'A' });
    return { c, overdueBill, openBill };
  };

  it('summary: card on file, seller, open total and overdue bills of the contract', async () => {
    const { c, overdueBill } = await withOverdueBill();
    const res = await c.call('GET', `/api/payments/contracts/${c.contract.nCtrId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      nCtrId: c.contract.nCtrId,
      cartao: { pmCard: 'visa', cardSummary: '4242', mascarado: '**** **** **** 4242', bandeira: 'Visa' },
      possuiVendedor: true,
      totalEmAberto: overdueBill.total,
      faturasEmAberto: [
        expect.objectContaining({ docEntry: overdueBill.docEntry, billStatus: { idStatus: 'I', descStatus: 'Inadimplente' } }),
      ],
      pixEmAberto: null,
    });
    expect(res.json().faturasEmAberto).toHaveLength(1);
  });

  it("another customer's contract or bill is a 404 on every payment route", async () => {
    const { c: maria, overdueBill: mariaBill } = await withOverdueBill();
    const joao = await aLoggedInCustomer(t);
    const calls = gateway.chargeCalls;
    const notFound = { sucesso: false, status: 404, erro: 'NOT_FOUND', mensagem: 'Contrato não encontrado.' };
    const url = `/api/payments/contracts/${maria.contract.nCtrId}`;
    const attempts = [
      joao.call('GET', url),
      joao.call('POST', `${url}/card-payment`, { valorTotal: mariaBill.total }, key()),
      joao.call('POST', `${url}/pix`, { valorTotal: mariaBill.total }, key()),
      joao.call('PUT', `${url}/card`, { dadosDoCartao: await seal(CARD) }),
      joao.call('GET', `${url}/advance`),
      joao.call('POST', `${url}/advance`, { metodoPagamento: 'PI' }, key()),
      joao.call('GET', '/api/payments/contracts/999999'),
    ];
    for (const res of await Promise.all(attempts))
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 404, body: notFound });

    // João names Maria's bill under his own contract: the bill is not found there.
    const res = await pay(joao, { faturas: [mariaBill.docEntry], valorTotal: mariaBill.total });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ erro: 'NOT_FOUND', mensagem: 'Fatura não encontrada.' });
    expect((await overdue(maria.contract.nCtrId)).map((b) => b.doc_entry)).toEqual([mariaBill.docEntry]);
    expect(gateway.chargeCalls).toBe(calls);
  });

  it('a charge needs an Idempotency-Key and a token', async () => {
    const { c, overdueBill } = await withOverdueBill();
    const calls = gateway.chargeCalls;
    const url = `/api/payments/contracts/${c.contract.nCtrId}/card-payment`;
    const noKey = await c.call('POST', url, { valorTotal: overdueBill.total });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({ erro: 'VALIDATION', mensagem: PAYMENT_MSG.idempotencyKeyRequired });
    const anon = await t.app.inject({ method: 'POST', url, headers: key(), payload: { valorTotal: overdueBill.total } });
    expect(anon.statusCode).toBe(401);
    expect(gateway.chargeCalls).toBe(calls);
    expect((await overdue(c.contract.nCtrId)).length).toBe(1);
  });

  it('50 concurrent identical card payments with one Idempotency-Key → one charge, one answer', async () => {
    const { c, overdueBill: bill, openBill } = await withOverdueBill();
    const calls = gateway.chargeCalls;
    const charges = await gateway.charges();
    const idem = randomUUID();
    const body = { faturas: [bill.docEntry], valorTotal: bill.total };
    const answers = await Promise.all(Array.from({ length: 50 }, () => pay(c, body, idem)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    const first = answers[0]!.json();
    expect(first).toEqual({
      sucesso: true,
      status: 200,
      mensagem: 'Pagamento solicitado com sucesso!',
      conteudo: {
        pagamentoId: expect.any(Number),
        valor: bill.total,
        faturas: [bill.docEntry],
        pmCard: 'visa',
        cardSummary: '4242',
        pagoEm: expect.any(String),
      },
    });
    for (const a of answers) expect(a.json()).toEqual(first);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'false')).toHaveLength(1);

    // Exactly one charge reached the gateway and one was recorded; the bill is paid.
    expect(gateway.chargeCalls - calls).toBe(1);
    expect((await gateway.charges()) - charges).toBe(1);
    expect(await count(`SELECT count(*)::int AS n FROM card_charges WHERE n_ctr_id = $1`, [c.contract.nCtrId])).toBe(1);
    const [after] = (await bills(c.contract.nCtrId)).filter((b) => b.doc_entry === bill.docEntry);
    expect(after).toMatchObject({ id_status: 'P', paid_at: expect.any(Date) });

    // A later retry with the same key replays; the history and open total show it paid (the next bill is not due yet).
    const retry = await pay(c, body, idem);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first);
    const history = (await c.call('GET', `/api/contracts/${c.contract.nCtrId}/bills`)).json();
    expect(history.openTotal).toBe(0);
    const status = (docEntry: number) => history.bills.find((b: { docEntry: number }) => b.docEntry === docEntry).billStatus.idStatus;
    expect([status(bill.docEntry), status(openBill.docEntry)]).toEqual(['P', 'A']);
    expect(gateway.chargeCalls - calls).toBe(1);
  });

  it('the same key with a different body is refused; a new key for a paid bill charges nothing', async () => {
    const c = await aLoggedInCustomer(t);
    const b1 = await aBill(t, c.contract, { status: 'I', total: 1000, fine: 0, interest: 0 });
    const idem = randomUUID();
    const ok = await pay(c, { faturas: [b1.docEntry], valorTotal: 1000 }, idem);
    expect(ok.statusCode).toBe(200);
    const calls = gateway.chargeCalls;

    const b2 = await aBill(t, c.contract, { status: 'I', total: 2000, fine: 0, interest: 0 });
    const reused = await pay(c, { faturas: [b2.docEntry], valorTotal: 2000 }, idem);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({
      sucesso: false,
      status: 422,
      erro: 'IDEMPOTENCY_KEY_REUSED',
      mensagem: PAYMENT_MSG.idempotencyKeyReused,
    });

    const again = await pay(c, { faturas: [b1.docEntry], valorTotal: 1000 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ erro: 'BILL_NOT_OPEN' });

    const wrongTotal = await pay(c, { faturas: [b2.docEntry], valorTotal: 1999 });
    expect(wrongTotal.statusCode).toBe(409);
    expect(wrongTotal.json()).toMatchObject({ erro: 'AMOUNT_CHANGED', mensagem: PAYMENT_MSG.amountChanged });
    expect(gateway.chargeCalls).toBe(calls);

    // Without faturas, every overdue bill is paid.
    const all = await pay(c, { valorTotal: 2000 });
    expect(all.statusCode).toBe(200);
    expect(all.json().conteudo.faturas).toEqual([b2.docEntry]);
    const none = await pay(c, { valorTotal: 2000 });
    expect(none.json()).toMatchObject({ status: 422, erro: 'NO_OPEN_BILLS' });
  });

  it('concurrent payments of one bill with different keys: one charge, the others find it paid', async () => {
    const c = await aLoggedInCustomer(t);
    const b = await aBill(t, c.contract, { status: 'I', total: 4990, fine: 0, interest: 0 });
    const calls = gateway.chargeCalls;
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(c, { faturas: [b.docEntry], valorTotal: 4990 })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().erro).toBe('BILL_NOT_OPEN');
    expect(gateway.chargeCalls - calls).toBe(1);
    expect(await count(`SELECT count(*)::int AS n FROM card_charges WHERE $1 = ANY(doc_entries)`, [b.docEntry])).toBe(1);
  });

  it('a contract without a seller code cannot pay by card (spec message)', async () => {
    const { c, overdueBill } = await withOverdueBill({ slpCode: null });
    const calls = gateway.chargeCalls;
    const res = await pay(c, { valorTotal: overdueBill.total });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      sucesso: false,
      status: 422,
      erro: 'SELLER_CODE_MISSING',
      mensagem: 'Erro: Código do vendedor não encontrado. Faça login novamente.',
    });
    expect(gateway.chargeCalls).toBe(calls);
  });

  it('a declined new card is answered 402, stored for the key, and leaves the bill open; an approved one pays and becomes the card on file', async () => {
    const { c, overdueBill: bill } = await withOverdueBill();
    const idem = randomUUID();
    const body = { faturas: [bill.docEntry], valorTotal: bill.total, dadosDoCartao: await seal(DECLINE) };
    const declined = await pay(c, body, idem);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({
      sucesso: false,
      status: 402,
      erro: 'CARD_DECLINED',
      mensagem: 'Pagamento recusado pela operadora do cartão. Cartão recusado pelo emissor.',
    });
    expect((await overdue(c.contract.nCtrId)).length).toBe(1);
    const charges = await gateway.charges();
    const replay = await pay(c, body, idem);
    expect(replay.statusCode).toBe(402);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await gateway.charges()).toBe(charges);

    // The browser checks the number (Luhn) before encrypting; one that gets past it is the issuer's refusal.
    const invalid = await pay(c, { ...body, dadosDoCartao: await seal({ ...CARD, numeroCartao: '4111111111111112' }) });
    expect(invalid.statusCode).toBe(402);
    expect(invalid.json().mensagem).toBe('Pagamento recusado pela operadora do cartão. Dados do cartão inválidos.');

    const paid = await pay(c, { ...body, dadosDoCartao: await seal({ ...CARD, numeroCartao: '5555555555554444' }) });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().conteudo).toMatchObject({ pmCard: 'mc', cardSummary: '4444' });
    expect((await overdue(c.contract.nCtrId)).length).toBe(0);
    const contract = (await c.call('GET', `/api/contracts/${c.contract.nCtrId}`)).json();
    expect(contract).toMatchObject({ pmCard: 'mc', cardSummary: '4444' });
  });

  it('gateway failure → 502, nothing recorded, the same key may be retried', async () => {
    const c = await aLoggedInCustomer(t);
    const b = await aBill(t, c.contract, { status: 'I', total: 7990, fine: 0, interest: 0 });
    const idem = randomUUID();
    const body = { faturas: [b.docEntry], valorTotal: 7990, dadosDoCartao: await seal({ ...CARD, numeroCartao: '4000000000000119' }) };
    const res = await pay(c, body, idem);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ erro: 'GATEWAY_UNAVAILABLE', mensagem: 'Ops, ocorreu um erro ao processar o pagamento.' });
    expect(await count(`SELECT count(*)::int AS n FROM idempotency_keys WHERE idem_key = $1`, [idem])).toBe(0);
    expect((await overdue(c.contract.nCtrId)).map((x) => x.doc_entry)).toEqual([b.docEntry]);
    const retried = await pay(c, { ...body, dadosDoCartao: await seal(CARD) }, idem);
    expect(retried.statusCode).toBe(200);
    expect((await overdue(c.contract.nCtrId)).length).toBe(0);
  });

  describe('change card', () => {
    it('takes only encrypted fields: a missing one carries the spec message, a card in clear is refused', async () => {
      const c = await aLoggedInCustomer(t, { contract: { card: { last4: '5454', brand: 'mc' } } });
      const sealed = await seal(CARD);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ ...sealed, encryptedCardNumber: '' }, 'Erro ao processar pagamento. número do cartão não informado!'],
        [{ ...sealed, encryptedExpiryMonth: undefined }, 'mês/ano de expiração não informado'],
        [{ ...sealed, encryptedSecurityCode: '' }, 'CVV não informado'],
        [{ ...sealed, holderName: '  42 ' }, 'nome do titular do cartão não informado.'],
        [{ ...sealed, encryptedCardNumber: '4111 1111 1111 1111' }, PAYMENT_MSG.cardNotEncrypted],
        [CARD, 'Erro ao processar pagamento. número do cartão não informado!'],
      ];
      for (const [dadosDoCartao, mensagem] of cases) {
        const res = await c.call('PUT', `/api/payments/contracts/${c.contract.nCtrId}/card`, { dadosDoCartao });
        expect({ status: res.statusCode, mensagem: res.json().mensagem }).toEqual({ status: 400, mensagem });
      }
      expect((await c.call('GET', `/api/contracts/${c.contract.nCtrId}`)).json()).toMatchObject({ pmCard: 'mc', cardSummary: '5454' });
    });

    it('a declining card is refused with the spec failure message; an approving one replaces brand + last 4 only', async () => {
      const c = await aLoggedInCustomer(t, { contract: { card: { last4: '5454', brand: 'mc' } } });
      const url = `/api/payments/contracts/${c.contract.nCtrId}/card`;
      const declined = await c.call('PUT', url, { dadosDoCartao: await seal(DECLINE) });
      expect(declined.statusCode).toBe(422);
      expect(declined.json()).toEqual({
        sucesso: false,
        status: 422,
        erro: 'CARD_DECLINED',
        mensagem: 'Erro ao trocar o cartão de crédito. Cartão recusado pelo emissor.',
      });
      expect((await c.call('GET', `/api/contracts/${c.contract.nCtrId}`)).json()).toMatchObject({ pmCard: 'mc', cardSummary: '5454' });

      const ok = await c.call('PUT', url, { dadosDoCartao: await seal({ ...CARD, numeroCartao: '3782 822463 10005', cvv: '1234' }) });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({
        sucesso: true,
        mensagem: 'Cartão de crédito atualizado com sucesso!',
        conteudo: { pmCard: 'amex', cardSummary: '0005', mascarado: '**** **** **** 0005', bandeira: 'American Express' },
      });
      expect((await c.call('GET', `/api/contracts/${c.contract.nCtrId}`)).json()).toMatchObject({ pmCard: 'amex', cardSummary: '0005' });
    });
  });

  it('no table holds a full card number or CVV', async () => {
    // Every card path this file takes, with its own numbers: change card (approved, declined, gateway down) and
    // a payment with a new card (declined, then approved).
    const { c, overdueBill } = await withOverdueBill();
    const pans = ['4111111111111111', '4000000000000002', '5555555555554444', '378282246310005', '4000000000000119'];
    const card = (numeroCartao: string) => ({ ...CARD, numeroCartao, cvv: '9731' });
    for (const pan of ['378282246310005', '4000000000000002', '4000000000000119', '4111111111111111'])
      await c.call('PUT', `/api/payments/contracts/${c.contract.nCtrId}/card`, { dadosDoCartao: await seal(card(pan)) });
    const idem = randomUUID();
    const body = { faturas: [overdueBill.docEntry], valorTotal: overdueBill.total };
    expect((await pay(c, { ...body, dadosDoCartao: await seal(card('4000000000000002')) }, idem)).statusCode).toBe(402);
    expect((await pay(c, { ...body, dadosDoCartao: await seal(card('5555555555554444')) })).statusCode).toBe(200);

    const dump = await t.query<{ j: string }>(
      `SELECT row_to_json(x)::text AS j FROM (
         SELECT to_jsonb(c) AS r FROM contracts c UNION ALL SELECT to_jsonb(k) FROM card_charges k
         UNION ALL SELECT to_jsonb(i) FROM idempotency_keys i UNION ALL SELECT to_jsonb(v) FROM card_sandbox_vault v
         UNION ALL SELECT to_jsonb(p) FROM card_sandbox_payments p UNION ALL SELECT to_jsonb(e) FROM payment_provider_events e) x`,
    );
    const text = dump.map((d) => d.j).join('\n');
    expect(text).toContain(idem); // the declined answer is stored for its key, without the card
    for (const pan of pans) expect(text).not.toContain(pan);
    expect(text).not.toMatch(/"cvv"|9731/i);
  });

  it('billTotal matches what the bills route sums', async () => {
    const { c } = await withOverdueBill();
    const { bills: list } = (await c.call('GET', `/api/contracts/${c.contract.nCtrId}/bills`)).json();
    expect(list.map((b: { billStatus: { idStatus: string } }) => b.billStatus.idStatus).sort()).toEqual(['A', 'I', 'P']);
    for (const b of list) expect(billTotal({ ...b, idStatus: b.billStatus.idStatus })).toBe(b.docTotal + b.valorMulta + b.valorJuros);
  });
});

describe('payments: card data never reaches the logs', () => {
  const logs = logCapture();
  let t: TestApp;
  // The app is built in the hook (its own timeout): a fresh database inside the test's 30 s failed on a loaded machine.
  beforeAll(async () => {
    t = await createTestApp({ logger: serverLoggerOptions(logs.stream) });
  });
  afterAll(() => t?.close());

  it('change card and a new-card payment log neither the number nor the CVV', async () => {
    const c = await aLoggedInCustomer(t);
    const bill = await aBill(t, c.contract, { status: 'I' });
    const url = `/api/payments/contracts/${c.contract.nCtrId}`;
    const card = { ...CARD, numeroCartao: '5555555555554444', cvv: '987' };
    const seal = (f: CardForm) => sealCard(t.app, f);
    await c.call('PUT', `${url}/card`, { dadosDoCartao: await seal(card) });
    await c.call('PUT', `${url}/card`, { dadosDoCartao: await seal({ ...card, numeroCartao: '4000000000000002' }) });
    await c.call('PUT', `${url}/card`, { dadosDoCartao: await seal({ ...card, numeroCartao: '4000000000000119' }) });
    const paid = await c.call(
      'POST',
      `${url}/card-payment`,
      { valorTotal: bill.total, dadosDoCartao: await seal(card) },
      { 'idempotency-key': randomUUID() },
    );
    expect(paid.statusCode).toBe(200);
    const text = logs.text();
    expect(text).toContain('card-payment'); // the requests were logged
    for (const s of ['5555555555554444', '4000000000000002', '4000000000000119', '"987"', 'numeroCartao']) expect(text).not.toContain(s);
  });
});
