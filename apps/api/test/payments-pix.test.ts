import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIX_EXPIRY_MINUTES, parsePixPayload, pixDueDate, todayInSaoPaulo } from '@guarita/domain';
import { signWebhookBody } from '../src/ports/pix-psp';
import { DEMO_PIX } from '../src/modules/payments/settings';
import { aBill, aLoggedInCustomer, type Customer } from './factories';
import { createTestApp, type TestApp } from './helpers';
import { sealCard } from './card-encryption';

/** Pix charges, the PSP webhook, the demo confirmation and advance payments (issue 3). Data from factories.ts (ADR 070). */

const SECRET = 'test-webhook-secret-0123456789abcdef';

/** 'YYYY-MM-DD' of day `day` of the month `months` after today's month (São Paulo). */
function monthDay(months: number, day: number): string {
  const [y, m] = todayInSaoPaulo().split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + months, day)).toISOString().slice(0, 10);
}

/** A Pix amount as the PSP writes it: '404.92'. */
const reais = (cents: number) => (cents / 100).toFixed(2);

describe('payments: Pix, webhook, advance', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { PIX_WEBHOOK_SECRET: SECRET } });
  });
  afterAll(() => t?.close());

  const key = () => ({ 'idempotency-key': randomUUID() });
  const bill = async (docEntry: number) =>
    (
      await t.query<{ id_status: string; paid_at: Date | null }>(`SELECT id_status, paid_at FROM bills WHERE doc_entry = $1`, [docEntry])
    )[0]!;
  const webhook = (body: unknown, signature?: string | null) => {
    const raw = JSON.stringify(body);
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/pix/webhook',
      headers: {
        'content-type': 'application/json',
        ...(signature === null ? {} : { 'x-webhook-signature': signature ?? signWebhookBody(raw, SECRET) }),
      },
      payload: raw,
    });
  };
  const paid = (txid: string, valor: string, endToEndId = `E${randomUUID().replace(/-/g, '')}`) => ({
    pix: [{ endToEndId, txid, valor, horario: new Date().toISOString() }],
  });
  const newPix = async (c: Customer, faturas: number[], valorTotal: number) => {
    const res = await c.call('POST', `/api/payments/contracts/${c.contract.nCtrId}/pix`, { faturas, valorTotal }, key());
    expect(res.statusCode).toBe(200);
    return res.json().conteudo as {
      txid: string;
      chaveAleatoria: string;
      valor: number;
      faturas: number[];
      dataExpiracao: string;
      status: string;
    };
  };
  /** A customer with an overdue bill and an open Pix for it. */
  const withOpenPix = async (total?: number) => {
    const c = await aLoggedInCustomer(t);
    const b = await aBill(t, c.contract, { status: 'I', ...(total === undefined ? {} : { total, fine: 0, interest: 0 }) });
    const pix = await newPix(c, [b.docEntry], b.total);
    return { c, b, pix };
  };
  const summary = async (c: Customer) => (await c.call('GET', `/api/payments/contracts/${c.contract.nCtrId}`)).json();

  describe('Pix for open bills', () => {
    it('creates one charge with a real BR Code (valid CRC, configured key, amount, txid) expiring in 360 minutes, due tomorrow', async () => {
      const c = await aLoggedInCustomer(t);
      const overdue = await aBill(t, c.contract, { status: 'I' });
      await aBill(t, c.contract, { status: 'A' });
      const before = Date.now();
      const res = await c.call('POST', `/api/payments/contracts/${c.contract.nCtrId}/pix`, { valorTotal: overdue.total }, key());
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        sucesso: true,
        mensagem: 'Pix gerado com sucesso!',
        conteudo: {
          valor: overdue.total,
          faturas: [overdue.docEntry],
          status: 'pending',
          pagoEm: null,
          link: null,
          validadeExibida: '02 horas',
          dtVencimento: pixDueDate(),
        },
      });
      const pix = body.conteudo;
      expect(pix.txid).toMatch(/^[A-Za-z0-9]{25}$/);
      expect(pix.rnId).toBe(pix.txid);
      expect(pix.pspReference).toEqual(expect.any(String));
      const parsed = parsePixPayload(pix.chaveAleatoria);
      expect(parsed).toMatchObject({
        key: DEMO_PIX.key,
        amount: overdue.total,
        txid: pix.txid,
        merchantName: DEMO_PIX.merchantName,
        merchantCity: DEMO_PIX.merchantCity,
      });
      const expires = new Date(pix.dataExpiracao).getTime();
      expect(expires).toBeGreaterThanOrEqual(before + PIX_EXPIRY_MINUTES * 60_000 - 1000);
      expect(expires).toBeLessThanOrEqual(Date.now() + PIX_EXPIRY_MINUTES * 60_000 + 1000);
      const row = (await t.query<{ slp_code: number }>(`SELECT slp_code FROM pix_charges WHERE txid = $1`, [pix.txid]))[0]!;
      expect(row.slp_code).toBe(16);

      // The screen can poll it and the payments summary shows it.
      const status = await c.call('GET', `/api/payments/pix/${pix.txid}`);
      expect(status.json()).toEqual(pix);
      expect((await summary(c)).pixEmAberto).toEqual(pix);
    });

    it('a second Pix (or a card payment) for bills in an open negotiation is refused with the spec phrase', async () => {
      const { c, b } = await withOpenPix();
      const url = `/api/payments/contracts/${c.contract.nCtrId}`;
      const second = await c.call('POST', `${url}/pix`, { valorTotal: b.total }, key());
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({
        sucesso: false,
        status: 409,
        erro: 'PIX_NEGOTIATION_OPEN',
        mensagem: 'A fatura faz parte de uma negociação em aberto!',
      });
      const card = await c.call('POST', `${url}/card-payment`, { valorTotal: b.total }, key());
      expect(card.statusCode).toBe(409);
      expect(card.json().erro).toBe('PIX_NEGOTIATION_OPEN');
      expect((await bill(b.docEntry)).id_status).toBe('I');
    });

    it("another customer's Pix is a 404", async () => {
      const { c, pix } = await withOpenPix();
      const other = await aLoggedInCustomer(t);
      const res = await other.call('GET', `/api/payments/pix/${pix.txid}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ erro: 'NOT_FOUND', mensagem: 'Cobrança Pix não encontrada.' });
      expect((await c.call('GET', `/api/payments/pix/${pix.txid}`)).statusCode).toBe(200);
    });
  });

  describe('PSP webhook', () => {
    it('refuses a missing, wrong or foreign-secret signature (401) and changes nothing', async () => {
      const { c, b, pix } = await withOpenPix(40492);
      const body = paid(pix.txid, '404.92');
      const raw = JSON.stringify(body);
      for (const sig of [
        null,
        'sha256=00',
        signWebhookBody(raw, 'another-secret-0123456789abcdef'),
        signWebhookBody(raw, SECRET).toUpperCase(),
      ]) {
        const res = await webhook(body, sig);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ sucesso: false, erro: 'INVALID_SIGNATURE' });
      }
      // Signed body ≠ sent body.
      const tampered = await t.app.inject({
        method: 'POST',
        url: '/api/payments/pix/webhook',
        headers: { 'content-type': 'application/json', 'x-webhook-signature': signWebhookBody(raw, SECRET) },
        payload: raw.replace('404.92', '404.93'),
      });
      expect(tampered.statusCode).toBe(401);
      expect((await c.call('GET', `/api/payments/pix/${pix.txid}`)).json().status).toBe('pending');
      expect((await bill(b.docEntry)).id_status).toBe('I');
    });

    it('marks the charge and its bills paid exactly once; a duplicate delivery changes nothing', async () => {
      const { c, b, pix } = await withOpenPix();
      const body = paid(pix.txid, reais(b.total));
      const first = await webhook(body);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ recebido: true, resultados: [{ txid: pix.txid, resultado: 'paid' }] });
      const after = await bill(b.docEntry);
      expect(after).toMatchObject({ id_status: 'P', paid_at: expect.any(Date) });
      const status = (await c.call('GET', `/api/payments/pix/${pix.txid}`)).json();
      expect(status).toMatchObject({ status: 'paid', pagoEm: expect.any(String) });

      const dup = await webhook(body);
      expect(dup.statusCode).toBe(200);
      expect(dup.json().resultados).toEqual([{ txid: pix.txid, resultado: 'already_paid' }]);
      expect(await bill(b.docEntry)).toEqual(after);
      expect((await c.call('GET', `/api/payments/pix/${pix.txid}`)).json()).toEqual(status);
      expect(await summary(c)).toMatchObject({ totalEmAberto: 0, pixEmAberto: null });
    });

    it('an expired charge: a new Pix may be created; money received late settles still-open bills once (issue 7)', async () => {
      const c = await aLoggedInCustomer(t);
      const b = (await aBill(t, c.contract, { status: 'I', total: 4990, fine: 0, interest: 0 })).docEntry;
      const pix = await newPix(c, [b], 4990);
      await t.query(`UPDATE pix_charges SET expires_at = now() - interval '1 minute' WHERE txid = $1`, [pix.txid]);
      expect((await c.call('GET', `/api/payments/pix/${pix.txid}`)).json().status).toBe('expired');
      expect((await bill(b)).id_status).toBe('I');

      const again = await newPix(c, [b], 4990);
      expect(again.txid).not.toBe(pix.txid);
      await t.query(`UPDATE pix_charges SET expires_at = now() - interval '1 minute' WHERE txid = $1`, [again.txid]);

      // The payer pays the first (expired) code anyway: the bill is still open, so it is settled — never ignored.
      const body = paid(pix.txid, '49.90');
      const res = await webhook(body);
      expect(res.json().resultados).toEqual([{ txid: pix.txid, resultado: 'late_paid' }]);
      expect((await bill(b)).id_status).toBe('P');
      expect((await webhook(body)).json().resultados).toEqual([{ txid: pix.txid, resultado: 'already_paid' }]);
      // The demo action plays the bank for the second code: the bill is paid by now, so that money is a credit.
      const dev = await t.app.inject({ method: 'POST', url: `/api/dev/pix/${again.txid}/confirm` });
      expect(dev.json()).toEqual({ txid: again.txid, resultado: 'late_credit' });
    });

    it('a wrong amount or unknown txid settles nothing; a malformed signed body is a 400', async () => {
      const { c, b, pix } = await withOpenPix(4990);
      const res = await webhook({ pix: [...paid(pix.txid, '49.89').pix, ...paid('GUAunknown000000000000000', '1.00').pix] });
      expect(res.json().resultados).toEqual([
        { txid: pix.txid, resultado: 'amount_mismatch' },
        { txid: 'GUAunknown000000000000000', resultado: 'not_found' },
      ]);
      expect((await c.call('GET', `/api/payments/pix/${pix.txid}`)).json().status).toBe('pending');
      expect((await bill(b.docEntry)).id_status).toBe('I');
      const bad = await webhook({ pix: 'nope' });
      expect(bad.statusCode).toBe(400);
    });

    it('concurrent Pix requests for one bill create one charge; concurrent duplicate deliveries settle it once', async () => {
      const c = await aLoggedInCustomer(t);
      const b = (await aBill(t, c.contract, { status: 'I', total: 13990, fine: 0, interest: 0 })).docEntry;
      const tries = await Promise.all(
        Array.from({ length: 8 }, () =>
          c.call('POST', `/api/payments/contracts/${c.contract.nCtrId}/pix`, { faturas: [b], valorTotal: 13990 }, key()),
        ),
      );
      expect(tries.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      const created = tries.find((r) => r.statusCode === 200)!.json().conteudo;
      expect((await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM pix_charges WHERE $1 = ANY(doc_entries)`, [b]))[0]!.n).toBe(1);

      const body = paid(created.txid, '139.90');
      const deliveries = await Promise.all(Array.from({ length: 10 }, () => webhook(body)));
      const results = deliveries.map((r) => r.json().resultados[0].resultado).sort();
      expect(results).toEqual([...Array<string>(9).fill('already_paid'), 'paid']);
      expect((await bill(b)).id_status).toBe('P');
    });

    it('demo mode: the dev action confirms through the same path, once', async () => {
      const { b, pix } = await withOpenPix();
      const first = await t.app.inject({ method: 'POST', url: `/api/dev/pix/${pix.txid}/confirm` });
      expect(first.json()).toEqual({ txid: pix.txid, resultado: 'paid' });
      const second = await t.app.inject({ method: 'POST', url: `/api/dev/pix/${pix.txid}/confirm` });
      expect(second.json()).toEqual({ txid: pix.txid, resultado: 'already_paid' });
      expect((await bill(b.docEntry)).id_status).toBe('P');
      expect((await t.app.inject({ method: 'POST', url: '/api/dev/pix/GUAnope/confirm' })).statusCode).toBe(404);
    });
  });

  describe('advance (ADR 002)', () => {
    /**
     * A customer whose contract is due on the 15th, paid up to the last due date before today, with a Visa ending
     * 1111 on file and no open bill: each test places the bills it needs in time.
     */
    const advanceCustomer = async () => {
      const c = await aLoggedInCustomer(t, { contract: { dueDay: 15, card: { last4: '1111', brand: 'visa' } } });
      const last = monthDay(0, 15) < todayInSaoPaulo() ? 0 : -1;
      for (const m of [last - 2, last - 1, last]) await aBill(t, c.contract, { status: 'P', due: monthDay(m, 15), total: 7990 });
      const url = `/api/payments/contracts/${c.contract.nCtrId}/advance`;
      return {
        c,
        forecast: async () => (await c.call('GET', url)).json(),
        advance: (metodoPagamento: unknown, headers = key()) => c.call('POST', url, { metodoPagamento }, headers),
        openBill: (due: string) => aBill(t, c.contract, { status: 'A', due, total: 7990 }).then((x) => x.docEntry),
      };
    };

    it('the method is required (spec message)', async () => {
      const { c } = await advanceCustomer();
      const res = await c.call('POST', `/api/payments/contracts/${c.contract.nCtrId}/advance`, {}, key());
      expect(res.statusCode).toBe(400);
      expect(res.json().mensagem).toBe('Selecione um método de pagamento para antecipação');
    });

    it('no open bill → "Você não possui faturas para antecipação!"', async () => {
      const { forecast, advance } = await advanceCustomer();
      expect(await forecast()).toEqual({
        sucesso: true,
        conteudo: {
          valor: 0,
          docEntry: null,
          docDueDate: null,
          elegivel: false,
          motivo: 'NO_INVOICES',
          mensagem: 'Você não possui faturas para antecipação!',
          dataAgendada: null,
        },
      });
      const res = await advance('PI');
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        sucesso: false,
        status: 422,
        erro: 'ADVANCE_NO_INVOICES',
        mensagem: 'Você não possui faturas para antecipação!',
      });
    });

    it("this month's debit still scheduled → ADVANCE_UNAVAILABLE with the scheduled date", async () => {
      const { forecast, advance, openBill } = await advanceCustomer();
      const today = todayInSaoPaulo();
      const b = await openBill(today);
      const f = await forecast();
      expect(f.conteudo).toMatchObject({ valor: 7990, docEntry: b, elegivel: false, motivo: 'PENDING_DEBIT', dataAgendada: today });
      const res = await advance('CC');
      expect(res.statusCode).toBe(422);
      const [y, m, d] = today.split('-');
      expect(res.json()).toEqual({
        sucesso: false,
        status: 422,
        erro: 'ADVANCE_UNAVAILABLE',
        mensagem: `A antecipação só é possível após o débito da mensalidade deste mês, agendado para ${d}/${m}/${y}.`,
        detalhes: { motivo: 'PENDING_DEBIT', dataAgendada: today },
      });
      expect((await bill(b)).id_status).toBe('A');
    });

    it('overdue bills → ADVANCE_UNAVAILABLE (OVERDUE_BILLS)', async () => {
      const { c, advance, openBill } = await advanceCustomer();
      await aBill(t, c.contract, { status: 'I', total: 7990 });
      const next = await openBill(monthDay(1, 15));
      const res = await advance('PI');
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        erro: 'ADVANCE_UNAVAILABLE',
        mensagem: 'A antecipação só é possível após a quitação das faturas em atraso.',
        detalhes: { motivo: 'OVERDUE_BILLS', dataAgendada: null },
      });
      expect((await bill(next)).id_status).toBe('A');
    });

    it('PI: a Pix for the next open bill; a second request while it is open → the spec message; paid through the webhook path', async () => {
      const { forecast, advance, openBill } = await advanceCustomer();
      const next = await openBill(monthDay(1, 15));
      const f = await forecast();
      expect(f.conteudo.docEntry).toBe(next);
      expect(f.conteudo).toMatchObject({ valor: 7990, elegivel: true, motivo: null, docDueDate: monthDay(1, 15) });
      const res = await advance('PI');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        sucesso: true,
        metodoPagamento: 'PI',
        conteudo: { valor: 7990, faturas: [f.conteudo.docEntry], link: null, status: 'pending' },
      });
      expect(parsePixPayload(body.conteudo.chaveAleatoria)).toMatchObject({ amount: 7990, txid: body.conteudo.txid });
      expect(body.conteudo.pix.txid).toBe(body.conteudo.txid);

      const again = await advance('CC');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        sucesso: false,
        status: 409,
        erro: 'ADVANCE_IN_PROGRESS',
        mensagem: 'Já existe uma solicitação de antecipação em processamento para o seu contrato!',
      });
      expect((await forecast()).conteudo).toMatchObject({ elegivel: false, motivo: 'REQUEST_IN_PROGRESS' });

      const confirm = await webhook(paid(body.conteudo.txid, '79.90'));
      expect(confirm.json().resultados[0].resultado).toBe('paid');
      expect((await bill(f.conteudo.docEntry)).id_status).toBe('P');
      expect((await forecast()).conteudo.motivo).toBe('NO_INVOICES');
    });

    it('CC: charges the card on file once per key and pays the bill', async () => {
      const { c, advance, openBill } = await advanceCustomer();
      const b = await openBill(monthDay(2, 15));
      const headers = key();
      const res = await advance('CC', headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        sucesso: true,
        metodoPagamento: 'CC',
        conteudo: { valor: 7990, faturas: [b], status: 'paid', chaveAleatoria: null },
      });
      const [y, m, d] = monthDay(2, 15).split('-');
      expect(res.json().mensagem).toBe(
        `Antecipação realizada com sucesso! A fatura com vencimento em ${d}/${m}/${y} foi paga no cartão final 1111.`,
      );
      expect((await bill(b)).id_status).toBe('P');
      const replay = await advance('CC', headers);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual(res.json());
      expect(
        (
          await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM card_charges WHERE n_ctr_id = $1 AND purpose = 'advance'`, [
            c.contract.nCtrId,
          ])
        )[0]!.n,
      ).toBe(1);
    });

    it('CC: a card on file that declines charges → 402, no request left in processing', async () => {
      const { c, forecast, advance, openBill } = await advanceCustomer();
      // A card that the gateway accepts on file but declines when charged.
      const change = await c.call('PUT', `/api/payments/contracts/${c.contract.nCtrId}/card`, {
        dadosDoCartao: await sealCard(t.app, {
          numeroCartao: '4000000000000341',
          mesExpiracao: '01',
          anoExpiracao: '31',
          cvv: '321',
          nomeTitular: 'Joao P Lima',
        }),
      });
      expect(change.statusCode).toBe(200);
      const b = await openBill(monthDay(3, 15));
      const res = await advance('CC');
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({ sucesso: false, status: 402, erro: 'CARD_DECLINED' });
      expect((await bill(b)).id_status).toBe('A');
      expect((await forecast()).conteudo).toMatchObject({ elegivel: true, docEntry: b });
      expect(
        (
          await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM advance_requests WHERE n_ctr_id = $1 AND status = 'processing'`, [
            c.contract.nCtrId,
          ])
        )[0]!.n,
      ).toBe(0);
    });

    it('LP: a payment link to open in a new tab; paying it on the (sandbox) checkout settles the bill once', async () => {
      const { forecast, advance, openBill } = await advanceCustomer();
      const next = await openBill(monthDay(1, 15));
      const { conteudo: f } = await forecast();
      expect(f.docEntry).toBe(next);
      const res = await advance('LP');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        sucesso: true,
        metodoPagamento: 'LP',
        conteudo: { valor: 7990, faturas: [f.docEntry], chaveAleatoria: null, status: 'pending' },
      });
      const url = new URL(body.conteudo.link);
      // A hosted page of the card sandbox itself (not a demo-mode route of our API).
      expect(url.pathname).toMatch(/^\/sandbox\/pay\/[A-Za-z0-9_-]+$/);
      const page = await t.app.inject({ method: 'GET', url: url.pathname });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('Pagar R$\u00a079,90');
      expect((await advance('PI')).json().erro).toBe('ADVANCE_IN_PROGRESS');

      const declined = await t.app.inject({
        method: 'POST',
        url: url.pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'cartao=decline',
      });
      expect(declined.statusCode).toBe(303);
      expect((await bill(f.docEntry)).id_status).toBe('A');
      const pay = await t.app.inject({
        method: 'POST',
        url: url.pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'cartao=approveVisa',
      });
      expect(pay.statusCode).toBe(303);
      expect((await bill(f.docEntry)).id_status).toBe('P');
      expect((await t.app.inject({ method: 'GET', url: url.pathname })).body).toContain('Pagamento confirmado.');
      const payAgain = await t.app.inject({
        method: 'POST',
        url: url.pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'cartao=approveVisa',
      });
      expect(payAgain.statusCode).toBe(303);
    });
  });
});

describe('payments outside demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demoMode: false });
  });
  afterAll(() => t?.close());

  it('without PIX_KEY there is no Pix, without a webhook secret every webhook is refused, and the dev action does not exist', async () => {
    const c = await aLoggedInCustomer(t);
    const overdue = await aBill(t, c.contract, { status: 'I' });
    const pix = await c.call(
      'POST',
      `/api/payments/contracts/${c.contract.nCtrId}/pix`,
      { valorTotal: overdue.total },
      {
        'idempotency-key': randomUUID(),
      },
    );
    expect(pix.statusCode).toBe(503);
    expect(pix.json()).toMatchObject({ erro: 'PIX_UNAVAILABLE' });
    const raw = JSON.stringify({ pix: [{ endToEndId: 'E1', txid: 'GUA1', valor: '1.00' }] });
    for (const secret of [DEMO_PIX.webhookSecret, '']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/pix/webhook',
        headers: { 'content-type': 'application/json', 'x-webhook-signature': signWebhookBody(raw, secret) },
        payload: raw,
      });
      expect(res.statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/dev/pix/GUA1/confirm' })).statusCode).toBe(404);
  });
});
