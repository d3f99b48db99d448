import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MSG, billTotal } from '@guarita/domain';
import type { SandboxCardGateway } from '../src/ports/card-gateway';
import { CNPJ_HORIZONTE, CPF_JOAO, CPF_MARIA, createTestApp, logCapture, serverLoggerOptions, type TestApp } from './helpers';

/** Card payments, idempotency, ownership and card change (issue 3). Pix, webhook and advance: payments-pix.test.ts. */

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
  let gateway: SandboxCardGateway;
  const token: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    gateway = t.app.cardGateway as SandboxCardGateway;
    for (const doc of [CPF_MARIA, CPF_JOAO, CNPJ_HORIZONTE]) token[doc] = (await t.login(doc)).AccessToken;
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token[who]}`, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const bills = (nCtrId: number) =>
    t.query<BillRow>(
      `SELECT doc_entry, id_status, paid_at, doc_total + valor_multa + valor_juros AS total FROM bills WHERE n_ctr_id = $1 ORDER BY doc_entry`,
      [nCtrId],
    );
  const overdue = async (nCtrId: number) => (await bills(nCtrId)).filter((b) => b.id_status === 'I');
  const addBill = async (nCtrId: number, status: 'I' | 'A' | 'P', due: string, total = 5000) =>
    (
      await t.query<{ doc_entry: number }>(
        `INSERT INTO bills (n_ctr_id, doc_due_date, doc_total, id_status) VALUES ($1, $2, $3, $4) RETURNING doc_entry`,
        [nCtrId, due, total, status],
      )
    )[0]!.doc_entry;
  const count = async (sql: string, params: unknown[] = []) => (await t.query<{ n: number }>(sql, params))[0]!.n;

  it('summary: card on file, seller, open total and overdue bills of the contract', async () => {
    const res = await call('GET', '/api/payments/contracts/100101', CPF_MARIA);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      nCtrId: 100101,
      cartao: { pmCard: 'visa', cardSummary: '4242', mascarado: '**** **** **** 4242', bandeira: 'Visa' },
      possuiVendedor: true,
      totalEmAberto: 39440 + 789 + 263,
      faturasEmAberto: [expect.objectContaining({ billStatus: { idStatus: 'I', descStatus: 'Inadimplente' } })],
      pixEmAberto: null,
    });
  });

  it("another customer's contract or bill is a 404 on every payment route", async () => {
    const [mariaBill] = await overdue(100101);
    const key = { 'idempotency-key': randomUUID() };
    const notFound = { sucesso: false, status: 404, erro: 'NOT_FOUND', mensagem: 'Contrato não encontrado.' };
    const attempts = [
      call('GET', '/api/payments/contracts/100101', CPF_JOAO),
      call('POST', '/api/payments/contracts/100101/card-payment', CPF_JOAO, { valorTotal: mariaBill!.total }, key),
      call('POST', '/api/payments/contracts/100101/pix', CPF_JOAO, { valorTotal: mariaBill!.total }, { 'idempotency-key': randomUUID() }),
      call('PUT', '/api/payments/contracts/100101/card', CPF_JOAO, { dadosDoCartao: CARD }),
      call('GET', '/api/payments/contracts/100101/advance', CPF_JOAO),
      call('POST', '/api/payments/contracts/100101/advance', CPF_JOAO, { metodoPagamento: 'PI' }, { 'idempotency-key': randomUUID() }),
      call('GET', '/api/payments/contracts/999999', CPF_JOAO),
    ];
    for (const res of await Promise.all(attempts))
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 404, body: notFound });

    // João names Maria's bill under his own contract: the bill is not found there.
    const res = await call(
      'POST',
      '/api/payments/contracts/200201/card-payment',
      CPF_JOAO,
      { faturas: [mariaBill!.doc_entry], valorTotal: mariaBill!.total },
      { 'idempotency-key': randomUUID() },
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ erro: 'NOT_FOUND', mensagem: 'Fatura não encontrada.' });
    expect((await overdue(100101)).length).toBe(1);
    expect(gateway.chargeCalls).toBe(0);
  });

  it('a charge needs an Idempotency-Key and a token', async () => {
    const noKey = await call('POST', '/api/payments/contracts/100101/card-payment', CPF_MARIA, { valorTotal: 40492 });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({ erro: 'VALIDATION', mensagem: PAYMENT_MSG.idempotencyKeyRequired });
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/payments/contracts/100101/card-payment',
      headers: { 'idempotency-key': randomUUID() },
      payload: { valorTotal: 40492 },
    });
    expect(anon.statusCode).toBe(401);
    expect(gateway.chargeCalls).toBe(0);
  });

  it('50 concurrent identical card payments with one Idempotency-Key → one charge, one answer', async () => {
    const [bill] = await overdue(100101);
    const key = randomUUID();
    const body = { faturas: [bill!.doc_entry], valorTotal: bill!.total };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        call('POST', '/api/payments/contracts/100101/card-payment', CPF_MARIA, body, { 'idempotency-key': key }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    const first = answers[0]!.json();
    expect(first).toEqual({
      sucesso: true,
      status: 200,
      mensagem: 'Pagamento solicitado com sucesso!',
      conteudo: {
        pagamentoId: expect.any(Number),
        valor: bill!.total,
        faturas: [bill!.doc_entry],
        pmCard: 'visa',
        cardSummary: '4242',
        pagoEm: expect.any(String),
      },
    });
    for (const a of answers) expect(a.json()).toEqual(first);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'false')).toHaveLength(1);

    // Exactly one charge reached the gateway and one was recorded; the bill is paid.
    expect(gateway.chargeCalls).toBe(1);
    expect(gateway.charges).toHaveLength(1);
    expect(await count(`SELECT count(*)::int AS n FROM card_charges WHERE n_ctr_id = 100101`)).toBe(1);
    const [after] = (await bills(100101)).filter((b) => b.doc_entry === bill!.doc_entry);
    expect(after).toMatchObject({ id_status: 'P', paid_at: expect.any(Date) });

    // A later retry with the same key replays; the history and open total show it paid.
    const retry = await call('POST', '/api/payments/contracts/100101/card-payment', CPF_MARIA, body, { 'idempotency-key': key });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first);
    const history = (await call('GET', '/api/contracts/100101/bills', CPF_MARIA)).json();
    expect(history.openTotal).toBe(0);
    expect(history.bills.find((b: { docEntry: number }) => b.docEntry === bill!.doc_entry).billStatus.idStatus).toBe('P');
    expect(gateway.chargeCalls).toBe(1);
  });

  it('the same key with a different body is refused; a new key for a paid bill charges nothing', async () => {
    const b1 = await addBill(100101, 'I', '2026-01-10', 1000);
    const key = randomUUID();
    const ok = await call(
      'POST',
      '/api/payments/contracts/100101/card-payment',
      CPF_MARIA,
      { faturas: [b1], valorTotal: 1000 },
      { 'idempotency-key': key },
    );
    expect(ok.statusCode).toBe(200);
    const calls = gateway.chargeCalls;

    const b2 = await addBill(100101, 'I', '2026-02-10', 2000);
    const reused = await call(
      'POST',
      '/api/payments/contracts/100101/card-payment',
      CPF_MARIA,
      { faturas: [b2], valorTotal: 2000 },
      { 'idempotency-key': key },
    );
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({
      sucesso: false,
      status: 422,
      erro: 'IDEMPOTENCY_KEY_REUSED',
      mensagem: PAYMENT_MSG.idempotencyKeyReused,
    });

    const again = await call(
      'POST',
      '/api/payments/contracts/100101/card-payment',
      CPF_MARIA,
      { faturas: [b1], valorTotal: 1000 },
      { 'idempotency-key': randomUUID() },
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ erro: 'BILL_NOT_OPEN' });

    const wrongTotal = await call(
      'POST',
      '/api/payments/contracts/100101/card-payment',
      CPF_MARIA,
      { faturas: [b2], valorTotal: 1999 },
      { 'idempotency-key': randomUUID() },
    );
    expect(wrongTotal.statusCode).toBe(409);
    expect(wrongTotal.json()).toMatchObject({ erro: 'AMOUNT_CHANGED', mensagem: PAYMENT_MSG.amountChanged });
    expect(gateway.chargeCalls).toBe(calls);

    // Without faturas, every overdue bill is paid.
    const all = await call(
      'POST',
      '/api/payments/contracts/100101/card-payment',
      CPF_MARIA,
      { valorTotal: 2000 },
      { 'idempotency-key': randomUUID() },
    );
    expect(all.statusCode).toBe(200);
    expect(all.json().conteudo.faturas).toEqual([b2]);
    const none = await call(
      'POST',
      '/api/payments/contracts/100101/card-payment',
      CPF_MARIA,
      { valorTotal: 2000 },
      { 'idempotency-key': randomUUID() },
    );
    expect(none.json()).toMatchObject({ status: 422, erro: 'NO_OPEN_BILLS' });
  });

  it('concurrent payments of one bill with different keys: one charge, the others find it paid', async () => {
    const b = await addBill(100102, 'I', '2026-05-10', 4990);
    const calls = gateway.chargeCalls;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(
          'POST',
          '/api/payments/contracts/100102/card-payment',
          CPF_MARIA,
          { faturas: [b], valorTotal: 4990 },
          { 'idempotency-key': randomUUID() },
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().erro).toBe('BILL_NOT_OPEN');
    expect(gateway.chargeCalls - calls).toBe(1);
    expect(await count(`SELECT count(*)::int AS n FROM card_charges WHERE $1 = ANY(doc_entries)`, [b])).toBe(1);
  });

  it('a contract without a seller code cannot pay by card (spec message)', async () => {
    await addBill(100104, 'I', '2026-03-20', 13990);
    const res = await call(
      'POST',
      '/api/payments/contracts/100104/card-payment',
      CPF_MARIA,
      { valorTotal: 13990 },
      { 'idempotency-key': randomUUID() },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      sucesso: false,
      status: 422,
      erro: 'SELLER_CODE_MISSING',
      mensagem: 'Erro: Código do vendedor não encontrado. Faça login novamente.',
    });
  });

  it('a declined new card is answered 402, stored for the key, and leaves the bill open; an approved one pays and becomes the card on file', async () => {
    const [bill] = await overdue(300301);
    const key = randomUUID();
    const body = { faturas: [bill!.doc_entry], valorTotal: bill!.total, dadosDoCartao: DECLINE };
    const declined = await call('POST', '/api/payments/contracts/300301/card-payment', CNPJ_HORIZONTE, body, { 'idempotency-key': key });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({
      sucesso: false,
      status: 402,
      erro: 'CARD_DECLINED',
      mensagem: 'Pagamento recusado pela operadora do cartão. Cartão recusado pelo emissor.',
    });
    expect((await overdue(300301)).length).toBe(1);
    const charges = gateway.charges.length;
    const replay = await call('POST', '/api/payments/contracts/300301/card-payment', CNPJ_HORIZONTE, body, { 'idempotency-key': key });
    expect(replay.statusCode).toBe(402);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(gateway.charges.length).toBe(charges);

    const invalid = await call(
      'POST',
      '/api/payments/contracts/300301/card-payment',
      CNPJ_HORIZONTE,
      { ...body, dadosDoCartao: { ...CARD, numeroCartao: '4111111111111112' } },
      { 'idempotency-key': randomUUID() },
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().mensagem).toBe('Erro ao processar pagamento. número do cartão inválido!');

    const paid = await call(
      'POST',
      '/api/payments/contracts/300301/card-payment',
      CNPJ_HORIZONTE,
      { ...body, dadosDoCartao: { ...CARD, numeroCartao: '5555555555554444' } },
      { 'idempotency-key': randomUUID() },
    );
    expect(paid.statusCode).toBe(200);
    expect(paid.json().conteudo).toMatchObject({ pmCard: 'mc', cardSummary: '4444' });
    expect((await overdue(300301)).length).toBe(0);
    const contract = (await call('GET', '/api/contracts/300301', CNPJ_HORIZONTE)).json();
    expect(contract).toMatchObject({ pmCard: 'mc', cardSummary: '4444' });
  });

  it('gateway failure → 502, nothing recorded, the same key may be retried', async () => {
    const b = await addBill(200201, 'I', '2026-04-15', 7990);
    const key = randomUUID();
    const body = { faturas: [b], valorTotal: 7990, dadosDoCartao: { ...CARD, numeroCartao: '4000000000000119' } };
    const res = await call('POST', '/api/payments/contracts/200201/card-payment', CPF_JOAO, body, { 'idempotency-key': key });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ erro: 'GATEWAY_UNAVAILABLE', mensagem: 'Ops, ocorreu um erro ao processar o pagamento.' });
    expect(await count(`SELECT count(*)::int AS n FROM idempotency_keys WHERE idem_key = $1`, [key])).toBe(0);
    expect((await overdue(200201)).map((x) => x.doc_entry)).toContain(b);
  });

  describe('change card', () => {
    it('validates the form with the spec messages', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ ...CARD, numeroCartao: '' }, 'Erro ao processar pagamento. número do cartão não informado!'],
        [{ ...CARD, numeroCartao: '1234 5678 9012 3456' }, 'Erro ao processar pagamento. número do cartão inválido!'],
        [{ ...CARD, mesExpiracao: '' }, 'mês/ano de expiração não informado'],
        [{ ...CARD, cvv: '' }, 'CVV não informado'],
        [{ ...CARD, nomeTitular: '  42 ' }, 'nome do titular do cartão não informado.'],
      ];
      for (const [dadosDoCartao, mensagem] of cases) {
        const res = await call('PUT', '/api/payments/contracts/100102/card', CPF_MARIA, { dadosDoCartao });
        expect({ status: res.statusCode, mensagem: res.json().mensagem }).toEqual({ status: 400, mensagem });
      }
    });

    it('a declining card is refused with the spec failure message; an approving one replaces brand + last 4 only', async () => {
      const declined = await call('PUT', '/api/payments/contracts/100102/card', CPF_MARIA, { dadosDoCartao: DECLINE });
      expect(declined.statusCode).toBe(422);
      expect(declined.json()).toEqual({
        sucesso: false,
        status: 422,
        erro: 'CARD_DECLINED',
        mensagem: 'Erro ao trocar o cartão de crédito. Cartão recusado pelo emissor.',
      });
      expect((await call('GET', '/api/contracts/100102', CPF_MARIA)).json()).toMatchObject({ pmCard: 'mc', cardSummary: '5454' });

      const ok = await call('PUT', '/api/payments/contracts/100102/card', CPF_MARIA, {
        dadosDoCartao: { ...CARD, numeroCartao: '3782 822463 10005', cvv: '1234' },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({
        sucesso: true,
        mensagem: 'Cartão de crédito atualizado com sucesso!',
        conteudo: { pmCard: 'amex', cardSummary: '0005', mascarado: '**** **** **** 0005', bandeira: 'American Express' },
      });
      expect((await call('GET', '/api/contracts/100102', CPF_MARIA)).json()).toMatchObject({ pmCard: 'amex', cardSummary: '0005' });
    });
  });

  it('no table holds a full card number or CVV', async () => {
    const dump = await t.query<{ j: string }>(
      `SELECT row_to_json(x)::text AS j FROM (
         SELECT to_jsonb(c) AS r FROM contracts c UNION ALL SELECT to_jsonb(k) FROM card_charges k
         UNION ALL SELECT to_jsonb(i) FROM idempotency_keys i) x`,
    );
    const text = dump.map((d) => d.j).join('\n');
    for (const pan of ['4111111111111111', '4000000000000002', '5555555555554444', '378282246310005', '4000000000000119'])
      expect(text).not.toContain(pan);
    expect(text).not.toMatch(/"cvv"/i);
  });

  it('billTotal matches what the bills route sums', async () => {
    const { bills: list } = (await call('GET', '/api/contracts/100102/bills', CPF_MARIA)).json();
    for (const b of list) expect(billTotal({ ...b, idStatus: b.billStatus.idStatus })).toBe(b.docTotal + b.valorMulta + b.valorJuros);
  });
});

describe('payments: card data never reaches the logs', () => {
  it('change card and a new-card payment log neither the number nor the CVV', async () => {
    const logs = logCapture();
    const t = await createTestApp({ logger: serverLoggerOptions(logs.stream) });
    try {
      const { AccessToken } = await t.login(CNPJ_HORIZONTE);
      const auth = { authorization: `Bearer ${AccessToken}` };
      const card = { ...CARD, numeroCartao: '5555555555554444', cvv: '987' };
      await t.app.inject({ method: 'PUT', url: '/api/payments/contracts/300301/card', headers: auth, payload: { dadosDoCartao: card } });
      await t.app.inject({
        method: 'PUT',
        url: '/api/payments/contracts/300301/card',
        headers: auth,
        payload: { dadosDoCartao: { ...card, numeroCartao: '4000000000000002' } },
      });
      await t.app.inject({
        method: 'PUT',
        url: '/api/payments/contracts/300301/card',
        headers: auth,
        payload: { dadosDoCartao: { ...card, numeroCartao: '4000000000000119' } },
      });
      await t.app.inject({
        method: 'POST',
        url: '/api/payments/contracts/300301/card-payment',
        headers: { ...auth, 'idempotency-key': randomUUID() },
        payload: { valorTotal: 57851, dadosDoCartao: card },
      });
      const text = logs.text();
      expect(text.length).toBeGreaterThan(0);
      for (const s of ['5555555555554444', '4000000000000002', '4000000000000119', '"987"', 'numeroCartao']) expect(text).not.toContain(s);
    } finally {
      await t.close();
    }
  });
});
