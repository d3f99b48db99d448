import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DESK_PAYMENT_MSG, FINANCE_MSG, addDaysIso } from '@guarita/domain';
import { GatewayUnavailableError } from '../src/ports/card-gateway';
import { FixedClock } from '../src/ports/clock';
import type { SandboxPixRecurrencePsp } from '../src/ports/pix-automatico-sandbox';
import { PixPspUnavailableError, signWebhookBody } from '../src/ports/pix-psp';
import { aBill, aLoggedInCustomer, type Customer } from './factories';
import { createTestApp, type TestApp } from './helpers';
import { STAFF, STAFF_COOKIE, staffLogin, staffRequest } from './staff-helpers';
import { FakeAdyen } from './adyen/fake-adyen';

type Role = keyof typeof STAFF;
type Method = 'link' | 'pix_automatico' | 'pix_credito';
/** Made per run: the published-secrets scan finds no literal. */
const SECRET = randomBytes(24).toString('hex');
const BASE = '/api/backoffice/financeiro/pagamentos';
const LATE = '/api/backoffice/financeiro/pix-atrasados';

/** The desk of one app: staff sessions per role, refunds with an Idempotency-Key, a payment's detail. */
async function deskOf(t: TestApp, clock: FixedClock) {
  const tokens = {} as Record<Role, string>;
  for (const role of Object.keys(STAFF) as Role[]) tokens[role] = await staffLogin(t, clock, STAFF[role]);
  const as = (role: Role, method: 'GET' | 'POST', url: string, payload?: unknown) => staffRequest(t, tokens[role], method, url, payload);
  return {
    as,
    refund: (role: Role, metodo: Method, id: string, body: unknown, key: string = randomUUID()) =>
      t.app.inject({
        method: 'POST',
        url: `${BASE}/${metodo}/${encodeURIComponent(id)}/estornos`,
        cookies: { [STAFF_COOKIE]: tokens[role] },
        headers: { 'idempotency-key': key },
        payload: body as object,
      }),
    detail: async (metodo: Method, id: string) => (await as('financeiro', 'GET', `${BASE}/${metodo}/${encodeURIComponent(id)}`)).json(),
    listed: async (metodo: Method, nCtrId: number) =>
      (await as('admin', 'GET', `${BASE}?metodo=${metodo}&contrato=${nCtrId}`)).json().itens,
    refundRows: (metodo: Method, id: string) =>
      t.query<{ status: string; amount_cents: number; refund_id: string }>(
        `SELECT status, amount_cents, refund_id FROM payment_refunds WHERE payment_method = $1 AND payment_id = $2 ORDER BY id`,
        [metodo, id],
      ),
  };
}

/** A bill of the customer's paid by a payment link issued for it (the advance by link's own step). */
async function issueLink(t: TestApp, c: Customer, total: number) {
  const bill = await aBill(t, c.contract, { status: 'A', total, fine: 0, interest: 0 });
  const link = await t.db
    .transaction()
    .execute((tx) =>
      t.app.payments.links.issue(tx, { customerId: c.id, nCtrId: c.contract.nCtrId, docEntries: [bill.docEntry], amount: total as never }),
    );
  return { bill, link };
}

const billStatus = async (t: TestApp, docEntry: number) =>
  (await t.query<{ id_status: string }>('SELECT id_status FROM bills WHERE doc_entry = $1', [docEntry]))[0]!.id_status;

describe('financeiro desk: every payment refunded through its provider (card sandbox, static Pix, Pix Automático sandbox)', () => {
  let t: TestApp;
  let desk: Awaited<ReturnType<typeof deskOf>>;
  const clock = new FixedClock('2026-11-05T15:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { PIX_WEBHOOK_SECRET: SECRET } });
    desk = await deskOf(t, clock);
  }, 180_000);
  afterAll(() => t?.close());

  /** A link paid by the customer on the card sandbox's hosted page: its AUTHORISATION settles the bill. */
  async function linkPaidOnSandbox(total = 9_000) {
    const c = await aLoggedInCustomer(t);
    const { bill, link } = await issueLink(t, c, total);
    const pay = await t.app.inject({
      method: 'POST',
      url: new URL(link.url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'cartao=approveVisa',
    });
    expect(pay.statusCode).toBe(303);
    expect(await billStatus(t, bill.docEntry)).toBe('P');
    return { c, bill, link };
  }

  const sandboxRefunds = (gatewayId: string) =>
    t.query<{ amount_cents: number }>('SELECT amount_cents FROM card_sandbox_refunds WHERE gateway_id = $1', [gatewayId]);

  it("a payment link paid on the sandbox's page keeps the payment's id; 'Estornar' refunds it through the sandbox; a double click refunds once", async () => {
    const { c, link } = await linkPaidOnSandbox(9_000);
    const [row] = await t.query<{ paid_gateway_id: string | null }>('SELECT paid_gateway_id FROM payment_links WHERE id = $1', [link.id]);
    expect(row!.paid_gateway_id).toMatch(/^sbx_ch_/);
    const paymentId = row!.paid_gateway_id!;
    expect(await desk.listed('link', c.contract.nCtrId)).toEqual([
      expect.objectContaining({
        metodo: 'link',
        id: link.id,
        valor: 9_000,
        provedor: t.app.cardGateway.name,
        referencia: paymentId,
        estornoPor: 'provedor',
        estornavel: 9_000,
        estorno: 'nenhum',
      }),
    ]);

    const key = randomUUID();
    const body = { valor: 9_000, motivo: 'Antecipação cancelada' };
    const [a, b] = await Promise.all([
      desk.refund('financeiro', 'link', link.id, body, key),
      desk.refund('financeiro', 'link', link.id, body, key),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().estorno.id).toBe(b.json().estorno.id);
    expect(a.json().estorno).toMatchObject({ status: 'refunded', valor: 9_000 });
    expect(await sandboxRefunds(paymentId)).toEqual([{ amount_cents: 9_000 }]);
    expect(await desk.refundRows('link', link.id)).toEqual([expect.objectContaining({ status: 'refunded', amount_cents: 9_000 })]);

    await vi.waitFor(async () => {
      const d = await desk.detail('link', link.id);
      expect(d.eventos.map((e: { tipo: string }) => e.tipo)).toEqual(
        expect.arrayContaining(['AUTHORISATION', 'estorno.resposta', 'REFUND']),
      );
    });
    expect(await desk.detail('link', link.id)).toMatchObject({ estornado: 9_000, estornavel: 0, estorno: 'total' });
    const audit = await t.query<{ action: string; role: string }>(
      `SELECT action, role FROM staff_audit WHERE action LIKE 'financeiro.estorno%' AND (before->>'pagamento' = $1 OR after->>'pagamento' = $1
         OR after->>'estorno' IN (SELECT id::text FROM payment_refunds WHERE payment_method = 'link' AND payment_id = $2)) ORDER BY id`,
      [`link:${link.id}`, link.id],
    );
    expect(audit).toEqual([
      { action: 'financeiro.estorno.pedido', role: 'financeiro' },
      { action: 'financeiro.estorno', role: 'financeiro' },
    ]);
  });

  it('the card provider down: 503, nothing refunded anywhere, the link and its bill untouched; the same request then refunds once', async () => {
    const { link, bill } = await linkPaidOnSandbox(5_000);
    const paymentId = (await desk.listed('link', link.nCtrId))[0].referencia as string;
    const key = randomUUID();
    const spy = vi.spyOn(t.app.cardGateway, 'refund').mockRejectedValueOnce(new GatewayUnavailableError('connect ETIMEDOUT'));
    const down = await desk.refund('financeiro', 'link', link.id, { valor: 5_000, motivo: 'Cobrança indevida' }, key);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ erro: 'PROVIDER_UNAVAILABLE', mensagem: DESK_PAYMENT_MSG.providerUnavailable });
    expect(await sandboxRefunds(paymentId)).toEqual([]);
    expect(await desk.detail('link', link.id)).toMatchObject({ estornado: 0, emAndamento: 5_000, estornavel: 0, estorno: 'em_andamento' });
    expect(await t.query('SELECT status FROM payment_links WHERE id = $1', [link.id])).toEqual([{ status: 'paid' }]);
    expect(await billStatus(t, bill.docEntry)).toBe('P');

    const again = await desk.refund('financeiro', 'link', link.id, { valor: 5_000, motivo: 'Cobrança indevida' }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().estorno.status).toBe('refunded');
    expect(spy).toHaveBeenCalledTimes(2);
    expect(spy.mock.calls[1]![0]).toEqual(spy.mock.calls[0]![0]); // same payment id, amount and idempotency key
    spy.mockRestore();
    expect(await sandboxRefunds(paymentId)).toEqual([{ amount_cents: 5_000 }]);
  });

  /** A customer on Pix Automático with a bill charged and paid by the sandbox's "bank"; the charge as we keep it. */
  async function paidByPixAutomatico() {
    const c = await aLoggedInCustomer(t);
    const sandbox = t.app.pixRecurrencePsp as SandboxPixRecurrencePsp;
    const url = `/api/payments/contracts/${c.contract.nCtrId}/pix-automatico`;
    const rec = (await c.call('POST', url, { aceite: true })).json().conteudo;
    const approve = await t.app.inject({
      method: 'POST',
      url: `${rec.linkAprovacao}/aprovar`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(approve.statusCode).toBe(303);
    await sandbox.idle();
    const bill = await t.db.transaction().execute((tx) =>
      t.app.contracts.issueBill(tx, {
        nCtrId: c.contract.nCtrId,
        dueDate: addDaysIso(t.app.clock.today(), 5),
        amount: c.contract.fee,
        issuedAt: t.app.clock.now(),
      }),
    );
    await t.app.pixAutomatico.service.chargeDueBills(c.contract.nCtrId);
    await sandbox.idle();
    expect(await billStatus(t, bill.docEntry)).toBe('P');
    const [charge] = await t.query<{ txid: string; end_to_end_id: string | null; amount_cents: number }>(
      'SELECT txid, end_to_end_id, amount_cents FROM pix_recurring_charges WHERE doc_entry = $1',
      [bill.docEntry],
    );
    return { c, sandbox, charge: charge!, bill };
  }

  it('a Pix Automático charge keeps the Pix that paid it; the desk refunds it as a devolução at the recurrence PSP', async () => {
    const { c, charge } = await paidByPixAutomatico();
    expect(charge.end_to_end_id).toMatch(/^E[0-9A-Za-z]{31}$/);
    expect(await desk.listed('pix_automatico', c.contract.nCtrId)).toEqual([
      expect.objectContaining({
        metodo: 'pix_automatico',
        id: charge.txid,
        txid: charge.txid,
        referencia: charge.end_to_end_id,
        provedor: t.app.pixRecurrencePsp!.name,
        estornoPor: 'provedor',
        estornavel: charge.amount_cents,
      }),
    ]);
    const part = await desk.refund('financeiro', 'pix_automatico', charge.txid, { valor: 1_000, motivo: 'Desconto concedido' });
    expect(part.statusCode).toBe(201);
    expect(part.json()).toMatchObject({
      estorno: { status: 'refunded', valor: 1_000, idProvedor: expect.stringMatching(/^D/) },
      pagamento: { estornado: 1_000, estornavel: charge.amount_cents - 1_000, estorno: 'parcial' },
    });
    const over = await desk.refund('financeiro', 'pix_automatico', charge.txid, { valor: charge.amount_cents, motivo: 'Cancelamento' });
    expect(over.statusCode).toBe(409);
    expect(over.json().erro).toBe('OVER_REFUND');
    expect(await t.query('SELECT amount_cents FROM pix_sandbox_refunds WHERE end_to_end_id = $1', [charge.end_to_end_id])).toEqual([
      { amount_cents: 1_000 },
    ]);
    const d = await desk.detail('pix_automatico', charge.txid);
    expect(d.eventos.map((e: { tipo: string }) => e.tipo)).toEqual(expect.arrayContaining(['cobr', 'estorno.resposta']));
  });

  it('Pix Automático: the PSP down leaves no devolução and nothing refunded; a double click after it refunds once', async () => {
    const { charge, sandbox } = await paidByPixAutomatico();
    const key = randomUUID();
    const body = { valor: charge.amount_cents, motivo: 'Cobrança em duplicidade' };
    const spy = vi.spyOn(sandbox, 'refund').mockRejectedValueOnce(new PixPspUnavailableError('socket hang up'));
    expect((await desk.refund('financeiro', 'pix_automatico', charge.txid, body, key)).statusCode).toBe(503);
    expect(await t.query('SELECT 1 FROM pix_sandbox_refunds WHERE end_to_end_id = $1', [charge.end_to_end_id])).toEqual([]);
    expect(await desk.detail('pix_automatico', charge.txid)).toMatchObject({ estornado: 0, estorno: 'em_andamento' });
    const [a, b] = await Promise.all([
      desk.refund('financeiro', 'pix_automatico', charge.txid, body, key),
      desk.refund('financeiro', 'pix_automatico', charge.txid, body, key),
    ]);
    spy.mockRestore();
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().estorno.id).toBe(b.json().estorno.id);
    expect(await t.query('SELECT amount_cents FROM pix_sandbox_refunds WHERE end_to_end_id = $1', [charge.end_to_end_id])).toEqual([
      { amount_cents: charge.amount_cents },
    ]);
    expect(await desk.detail('pix_automatico', charge.txid)).toMatchObject({ estornado: charge.amount_cents, estorno: 'total' });
  });

  /** A Pix paid after its bill was settled another way: kept as a credit to give back (pix_late_payments). */
  async function lateCredit(total = 6_000) {
    const c = await aLoggedInCustomer(t);
    const b = await aBill(t, c.contract, { status: 'I', total, fine: 0, interest: 0 });
    const res = await c.call(
      'POST',
      `/api/payments/contracts/${c.contract.nCtrId}/pix`,
      { faturas: [b.docEntry], valorTotal: total },
      { 'idempotency-key': randomUUID() },
    );
    expect(res.statusCode).toBe(200);
    const { txid } = res.json().conteudo as { txid: string };
    await t.query(`UPDATE bills SET id_status = 'P' WHERE doc_entry = $1`, [b.docEntry]); // paid at the counter meanwhile
    const endToEndId = `E${randomUUID().replace(/-/g, '')}`;
    const raw = JSON.stringify({ pix: [{ endToEndId, txid, valor: (total / 100).toFixed(2), horario: clock.now().toISOString() }] });
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/payments/pix/webhook',
      headers: { 'content-type': 'application/json', 'x-webhook-signature': signWebhookBody(raw, SECRET) },
      payload: raw,
    });
    expect(hook.json().resultados).toEqual([{ txid, resultado: 'late_credit' }]);
    const [late] = await t.query<{ id: number }>('SELECT id FROM pix_late_payments WHERE end_to_end_id = $1', [endToEndId]);
    return { c, id: String(late!.id), lateId: late!.id, txid, endToEndId };
  }
  const lateRow = async (id: number) =>
    (await desk.as('financeiro', 'GET', `${LATE}?limite=100`)).json().itens.find((r: { id: number }) => r.id === id);
  const markByHand = (id: number) => desk.as('financeiro', 'POST', `${LATE}/${id}/reembolso`, { observacao: 'Devolvido pelo banco.' });

  it("a late Pix credit goes back as a devolução through the PSP; 'Marcar reembolsado' is refused while a PSP can do it", async () => {
    const p = await lateCredit(6_000);
    expect(await desk.listed('pix_credito', p.c.contract.nCtrId)).toEqual([
      expect.objectContaining({
        metodo: 'pix_credito',
        id: p.id,
        valor: 6_000,
        referencia: p.endToEndId,
        txid: p.txid,
        provedor: t.app.pixPsp!.name,
        estornoPor: 'provedor',
      }),
    ]);
    expect(await lateRow(p.lateId)).toMatchObject({ reembolso: 'pending', devolucao: 'provedor' });
    const manual = await markByHand(p.lateId);
    expect(manual.statusCode).toBe(409);
    expect(manual.json()).toMatchObject({ erro: 'USE_PROVIDER_REFUND', mensagem: FINANCE_MSG.useProviderRefund });

    const res = await desk.refund('financeiro', 'pix_credito', p.id, { valor: 6_000, motivo: 'Crédito de Pix pago em duplicidade' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ estorno: { status: 'refunded', valor: 6_000 }, pagamento: { estorno: 'total', estornavel: 0 } });
    const refundId = res.json().estorno.idEstorno as string;
    expect(await t.query('SELECT amount_cents FROM pix_sandbox_refunds WHERE end_to_end_id = $1', [p.endToEndId])).toEqual([
      { amount_cents: 6_000 },
    ]);
    // The late-Pix list says it went back, by whom and through which devolução; marking it again is refused.
    expect(await lateRow(p.lateId)).toMatchObject({
      reembolso: 'refunded',
      reembolsadoPor: STAFF.financeiro,
      observacao: expect.stringContaining(refundId),
    });
    expect((await markByHand(p.lateId)).json().erro).toBe('NOT_PENDING');
  });

  it('a late Pix credit: the PSP down leaves the credit pending, no devolução, and still no marking by hand; a double click refunds once', async () => {
    const p = await lateCredit(3_000);
    const key = randomUUID();
    const body = { valor: 3_000, motivo: 'Devolução do crédito' };
    const spy = vi.spyOn(t.app.pixPsp!, 'refund').mockRejectedValueOnce(new PixPspUnavailableError('connect ECONNREFUSED'));
    const down = await desk.refund('financeiro', 'pix_credito', p.id, body, key);
    expect(down.statusCode).toBe(503);
    expect(await t.query('SELECT 1 FROM pix_sandbox_refunds WHERE end_to_end_id = $1', [p.endToEndId])).toEqual([]);
    expect(await lateRow(p.lateId)).toMatchObject({ reembolso: 'pending', reembolsadoEm: null });
    expect((await markByHand(p.lateId)).statusCode).toBe(409);

    const [a, b] = await Promise.all([
      desk.refund('financeiro', 'pix_credito', p.id, body, key),
      desk.refund('financeiro', 'pix_credito', p.id, body, key),
    ]);
    spy.mockRestore();
    expect(a.json().estorno).toMatchObject({ id: b.json().estorno.id, status: 'refunded' });
    expect(await desk.refundRows('pix_credito', p.id)).toEqual([expect.objectContaining({ status: 'refunded', amount_cents: 3_000 })]);
    expect(await t.query('SELECT amount_cents FROM pix_sandbox_refunds WHERE end_to_end_id = $1', [p.endToEndId])).toEqual([
      { amount_cents: 3_000 },
    ]);
    expect(await lateRow(p.lateId)).toMatchObject({ reembolso: 'refunded' });
  });

  it("a credit received by another PSP than the configured one: no 'Estornar' (OTHER_PROVIDER), and 'Marcar reembolsado' stays", async () => {
    const p = await lateCredit(2_000);
    await t.query(`UPDATE pix_charges SET psp = 'api-pix' WHERE txid = $1`, [p.txid]);
    expect(await desk.listed('pix_credito', p.c.contract.nCtrId)).toEqual([expect.objectContaining({ estornoPor: 'outro_provedor' })]);
    expect(await lateRow(p.lateId)).toMatchObject({ devolucao: 'outro_provedor' });
    const res = await desk.refund('financeiro', 'pix_credito', p.id, { valor: 2_000, motivo: 'Devolução do crédito' });
    expect(res.statusCode).toBe(409);
    expect(res.json().erro).toBe('OTHER_PROVIDER');
    expect(await desk.refundRows('pix_credito', p.id)).toEqual([]);
    expect((await markByHand(p.lateId)).statusCode).toBe(204);
    // Marked by hand: the desk shows it refunded in full, nothing left to refund.
    expect(await desk.detail('pix_credito', p.id)).toMatchObject({ estornado: 2_000, estornavel: 0, estorno: 'total' });
  });

  it('only financeiro refunds a link, a Pix Automático charge or a late credit; admin reads; atendimento and sinistros see nothing', async () => {
    const { link } = await linkPaidOnSandbox(1_500);
    const { charge } = await paidByPixAutomatico();
    const late = await lateCredit(1_200);
    const payments: Array<[Method, string]> = [
      ['link', link.id],
      ['pix_automatico', charge.txid],
      ['pix_credito', late.id],
    ];
    for (const [metodo, id] of payments) {
      for (const role of ['admin', 'atendimento', 'sinistros'] as Role[]) {
        expect((await desk.refund(role, metodo, id, { valor: 100, motivo: 'Teste de papel' })).statusCode, `${metodo} ${role}`).toBe(403);
      }
      for (const role of ['atendimento', 'sinistros'] as Role[]) {
        expect((await desk.as(role, 'GET', `${BASE}/${metodo}/${id}`)).statusCode, `${metodo} ${role}`).toBe(403);
      }
      expect((await desk.as('admin', 'GET', `${BASE}/${metodo}/${id}`)).statusCode).toBe(200);
      expect(await desk.refundRows(metodo, id)).toEqual([]);
    }
    expect((await desk.as('financeiro', 'GET', `${BASE}/pix_credito/nao-numero`)).json()).toMatchObject({ erro: 'NOT_FOUND' });
    expect((await desk.as('financeiro', 'GET', `${BASE}/link/${'x'.repeat(65)}`)).statusCode).toBe(400);
  });
});

describe('financeiro desk: a payment link paid at Adyen (the local fake) is refunded through Adyen', () => {
  let t: TestApp;
  let fake: FakeAdyen;
  let desk: Awaited<ReturnType<typeof deskOf>>;
  const clock = new FixedClock('2026-11-05T15:00:00Z');

  beforeAll(async () => {
    const keys = {
      apiKey: randomBytes(24).toString('base64url'),
      merchantAccount: 'GuaritaECOM',
      hmacKey: randomBytes(32).toString('hex').toUpperCase(),
    };
    fake = new FakeAdyen(keys);
    const url = await fake.start();
    t = await createTestApp({
      clock,
      env: {
        CARD_GATEWAY: 'adyen',
        ADYEN_API_KEY: keys.apiKey,
        ADYEN_MERCHANT_ACCOUNT: keys.merchantAccount,
        ADYEN_CLIENT_KEY: `test_${randomBytes(16).toString('hex').toUpperCase()}`,
        ADYEN_HMAC_KEY: keys.hmacKey,
        ADYEN_CHECKOUT_URL: url,
      },
    });
    fake.webhookSink = async (raw) => {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/payments/card/webhook',
        payload: raw,
        headers: { 'content-type': 'application/json' },
      });
      if (r.statusCode !== 200 && r.statusCode !== 202) throw new Error(`webhook ${r.statusCode}: ${r.body}`);
    };
    desk = await deskOf(t, clock);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await fake?.stop();
  });

  it("the link's AUTHORISATION keeps Adyen's payment id; 'Estornar' sends /payments/{id}/refunds once; the REFUND webhook confirms it", async () => {
    const c = await aLoggedInCustomer(t);
    const { bill, link } = await issueLink(t, c, 7_500);
    const pspReference = await fake.payLink(link.id);
    expect(await billStatus(t, bill.docEntry)).toBe('P');
    expect(await desk.listed('link', c.contract.nCtrId)).toEqual([
      expect.objectContaining({ id: link.id, provedor: 'adyen', referencia: pspReference, estornoPor: 'provedor', estornavel: 7_500 }),
    ]);

    const key = randomUUID();
    const body = { valor: 7_500, motivo: 'Antecipação em duplicidade' };
    const first = await desk.refund('financeiro', 'link', link.id, body, key);
    expect(first.statusCode).toBe(201);
    expect(first.json().estorno.status === 'pending' || first.json().estorno.status === 'refunded').toBe(true);
    const again = await desk.refund('financeiro', 'link', link.id, body, key); // the double click
    expect(again.statusCode).toBe(200);
    expect(again.json().estorno.id).toBe(first.json().estorno.id);
    const refundCalls = fake.requests.filter((r) => r.method === 'POST' && r.path === `/payments/${pspReference}/refunds`);
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]!.idempotencyKey).toBe(first.json().estorno.idEstorno);

    await fake.settleWebhooks();
    const d = await desk.detail('link', link.id);
    expect(d).toMatchObject({ estornado: 7_500, estorno: 'total', estornos: [expect.objectContaining({ status: 'refunded' })] });
    expect(d.eventos.map((e: { tipo: string }) => e.tipo)).toEqual(expect.arrayContaining(['AUTHORISATION', 'REFUND']));
  });
});
