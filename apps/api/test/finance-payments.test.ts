import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CompactEncrypt, importJWK } from 'jose';
import { DESK_PAYMENT_MSG, formatMoney, REMOVED } from '@guarita/domain';
import { FixedClock } from '../src/ports/clock';
import { PixPspUnavailableError, signWebhookBody } from '../src/ports/pix-psp';
import { aBill, aLoggedInCustomer, type Customer } from './factories';
import { createTestApp, type TestApp } from './helpers';
import { STAFF, STAFF_COOKIE, staffLogin, staffRequest } from './staff-helpers';

type Role = keyof typeof STAFF;
/** The PSP webhook's secret, made per run (no literal for the published-secrets scan). */
const SECRET = randomBytes(24).toString('hex');
const BASE = '/api/backoffice/financeiro/pagamentos';

/**
 * The financeiro desk's payments (issue 27 item 7, ADR 078): provider reference, the provider's events, refunds
 * through the provider (the static Pix sandbox's devolução, the card sandbox's refund), audited, role-checked,
 * idempotent. Each test pays with a customer of its own (factories, ADR 070).
 */
describe('financeiro desk: payments, provider history, refunds', () => {
  let t: TestApp;
  const clock = new FixedClock('2026-11-05T15:00:00Z');
  const tokens = {} as Record<Role, string>;

  const as = (role: Role, method: 'GET' | 'POST', url: string, payload?: unknown) => staffRequest(t, tokens[role], method, url, payload);
  const refund = (role: Role, method: 'pix' | 'card', id: number, body: unknown, key: string | null = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url: `${BASE}/${method}/${id}/estornos`,
      cookies: { [STAFF_COOKIE]: tokens[role] },
      headers: key ? { 'idempotency-key': key } : {},
      payload: body as object,
    });
  const audit = (payment: string) =>
    t.query<{ action: string; role: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
      `SELECT action, role, before, after FROM staff_audit WHERE action LIKE 'financeiro.estorno%'
         AND (after->>'pagamento' = $1 OR after->>'estorno' IN (SELECT id::text FROM payment_refunds WHERE payment_method || ':' || payment_id = $1))
       ORDER BY id`,
      [payment],
    );

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { PIX_WEBHOOK_SECRET: SECRET } });
    for (const role of Object.keys(STAFF) as Role[]) tokens[role] = await staffLogin(t, clock, STAFF[role]);
  }, 180_000);
  afterAll(() => t?.close());

  /** A customer's overdue bill paid by Pix: the charge through the API, the payment through the signed PSP webhook. */
  async function paidPix(total = 10_000): Promise<{ c: Customer; id: number; txid: string; endToEndId: string }> {
    const c = await aLoggedInCustomer(t);
    const b = await aBill(t, c.contract, { status: 'I', total, fine: 0, interest: 0 });
    const res = await c.call(
      'POST',
      `/api/payments/contracts/${c.contract.nCtrId}/pix`,
      { faturas: [b.docEntry], valorTotal: total },
      {
        'idempotency-key': randomUUID(),
      },
    );
    expect(res.statusCode).toBe(200);
    const { txid } = res.json().conteudo as { txid: string };
    const endToEndId = `E${randomUUID().replace(/-/g, '')}`;
    const raw = JSON.stringify({ pix: [{ endToEndId, txid, valor: (total / 100).toFixed(2), horario: clock.now().toISOString() }] });
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/payments/pix/webhook',
      headers: { 'content-type': 'application/json', 'x-webhook-signature': signWebhookBody(raw, SECRET) },
      payload: raw,
    });
    expect(hook.statusCode).toBe(200);
    const [row] = await t.query<{ id: number }>('SELECT id FROM pix_charges WHERE txid = $1', [txid]);
    return { c, id: row!.id, txid, endToEndId };
  }

  /** A card payment approved by the card sandbox (fields encrypted to its public key, as the browser does), recorded as the API records one. */
  async function paidCard(amount = 15_000) {
    const c = await aLoggedInCustomer(t);
    const cfg = t.app.cardGateway.clientConfig();
    if (cfg.provider !== 'sandbox') throw new Error('the tests run on the card sandbox');
    const key = await importJWK(cfg.publicKeyJwk as never, 'RSA-OAEP-256');
    const enc = (v: string) =>
      new CompactEncrypt(new TextEncoder().encode(v))
        .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: cfg.keyId })
        .encrypt(key);
    const idempotencyKey = randomUUID();
    const r = await t.app.cardGateway.charge({
      idempotencyKey,
      reference: `contract:${c.contract.nCtrId}`,
      amount: amount as never,
      currency: 'BRL',
      installments: 1,
      description: 'Mensalidade',
      returnUrl: 'http://localhost/pagamentos',
      card: {
        encryptedCardNumber: await enc('4111111111111111'),
        encryptedExpiryMonth: await enc('03'),
        encryptedExpiryYear: await enc('2030'),
        encryptedSecurityCode: await enc('737'),
        holderName: 'Maria Silva',
      },
    });
    if (r.status !== 'approved') throw new Error(`card sandbox: ${r.status}`);
    const b = await aBill(t, c.contract, { status: 'P', total: amount });
    const row = await t.owner
      .insertInto('card_charges')
      .values({
        n_ctr_id: c.contract.nCtrId,
        customer_id: c.id,
        purpose: 'invoice',
        idem_key: idempotencyKey,
        doc_entries: [b.docEntry],
        amount_cents: amount,
        card_brand: 'visa',
        card_last4: '1111',
        gateway: t.app.cardGateway.name,
        gateway_id: r.gatewayId,
        status: 'approved',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { c, id: row.id, gatewayId: r.gatewayId };
  }

  it('shows a Pix payment with its provider reference and the PSP webhook in its history', async () => {
    const p = await paidPix(12_345);
    const list = (await as('financeiro', 'GET', `${BASE}?contrato=${p.c.contract.nCtrId}`)).json();
    expect(list.itens).toEqual([
      expect.objectContaining({
        metodo: 'pix',
        id: String(p.id),
        valor: 12_345,
        estornado: 0,
        estornavel: 12_345,
        estorno: 'nenhum',
        referencia: p.endToEndId,
        txid: p.txid,
      }),
    ]);
    const d = await as('admin', 'GET', `${BASE}/pix/${p.id}`);
    expect(d.statusCode).toBe(200);
    expect(d.json().eventos).toEqual([
      expect.objectContaining({ tipo: 'pix', sucesso: true, valor: 12_345, referencia: expect.any(String) }),
    ]);
    expect(d.json().estornos).toEqual([]);
  });

  it('refunds part of a Pix through the PSP (devolução), refuses more than is left, then refunds the rest; audited', async () => {
    const p = await paidPix(10_000);
    const first = await refund('financeiro', 'pix', p.id, { valor: 4_000, motivo: 'Cobrança em duplicidade' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      estorno: {
        valor: 4_000,
        status: 'refunded',
        motivo: 'Cobrança em duplicidade',
        pedidoPor: STAFF.financeiro,
        idProvedor: expect.any(String),
      },
      pagamento: { estornado: 4_000, emAndamento: 0, estornavel: 6_000, estorno: 'parcial' },
    });

    const over = await refund('financeiro', 'pix', p.id, { valor: 6_001, motivo: 'Cancelamento do contrato' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      erro: 'OVER_REFUND',
      mensagem: DESK_PAYMENT_MSG.overRefund.replace('{restante}', formatMoney(6_000)),
    });

    expect((await refund('financeiro', 'pix', p.id, { valor: 6_000, motivo: 'Cancelamento do contrato' })).json().pagamento).toMatchObject({
      estornado: 10_000,
      estornavel: 0,
      estorno: 'total',
    });
    const none = await refund('financeiro', 'pix', p.id, { valor: 1, motivo: 'Mais um' });
    expect(none.statusCode).toBe(409);
    expect(none.json().mensagem).toBe(DESK_PAYMENT_MSG.nothingLeft);

    const d = (await as('financeiro', 'GET', `${BASE}/pix/${p.id}`)).json();
    expect(d.estornos.map((e: { valor: number; status: string }) => [e.valor, e.status])).toEqual([
      [4_000, 'refunded'],
      [6_000, 'refunded'],
    ]);
    expect(d.eventos.filter((e: { tipo: string }) => e.tipo === 'estorno.resposta')).toHaveLength(2);

    const rows = await audit(`pix:${p.id}`);
    expect(rows.map((r) => [r.action, r.role])).toEqual([
      ['financeiro.estorno.pedido', 'financeiro'],
      ['financeiro.estorno', 'financeiro'],
      ['financeiro.estorno.pedido', 'financeiro'],
      ['financeiro.estorno', 'financeiro'],
    ]);
    expect(rows[0]).toMatchObject({
      before: { pagamento: `pix:${p.id}`, valor: 10_000, estornado: 0, emAndamento: 0 },
      after: { valor: 4_000, status: 'requested', motivo: 'Cobrança em duplicidade' },
    });
    expect(rows[1]).toMatchObject({ before: { status: 'requested' }, after: { status: 'refunded' } });
  });

  it('two refunds at once cannot add up to more than was paid', async () => {
    const p = await paidPix(10_000);
    const answers = await Promise.all([
      refund('financeiro', 'pix', p.id, { valor: 6_000, motivo: 'Primeiro pedido' }),
      refund('financeiro', 'pix', p.id, { valor: 6_000, motivo: 'Segundo pedido' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const d = (await as('financeiro', 'GET', `${BASE}/pix/${p.id}`)).json();
    expect(d).toMatchObject({ estornado: 6_000, estornavel: 4_000 });
  });

  it('a retry with the same Idempotency-Key answers the same refund and never refunds twice; another body is refused', async () => {
    const p = await paidPix(5_000);
    const key = randomUUID();
    const spy = vi.spyOn(t.app.pixPsp!, 'refund');
    const a = await refund('financeiro', 'pix', p.id, { valor: 2_000, motivo: 'Pedido do cliente' }, key);
    const b = await refund('financeiro', 'pix', p.id, { valor: 2_000, motivo: 'Pedido do cliente' }, key);
    expect([a.statusCode, b.statusCode]).toEqual([201, 200]);
    expect(b.json().estorno.id).toBe(a.json().estorno.id);
    expect(b.json().pagamento).toMatchObject({ estornado: 2_000, estornavel: 3_000 });
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
    const other = await refund('financeiro', 'pix', p.id, { valor: 2_500, motivo: 'Pedido do cliente' }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ erro: 'IDEMPOTENCY_CONFLICT', mensagem: DESK_PAYMENT_MSG.idempotencyConflict });
    const noKey = await refund('financeiro', 'pix', p.id, { valor: 100, motivo: 'Sem chave' }, null);
    expect(noKey.statusCode).toBe(400);
  });

  it('a PSP that does not answer leaves the refund reserved, unconfirmed, and the same request resumes it once', async () => {
    const p = await paidPix(3_000);
    const key = randomUUID();
    const spy = vi.spyOn(t.app.pixPsp!, 'refund').mockRejectedValueOnce(new PixPspUnavailableError('connect ETIMEDOUT'));
    const down = await refund('financeiro', 'pix', p.id, { valor: 3_000, motivo: 'Cancelamento' }, key);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ erro: 'PROVIDER_UNAVAILABLE', mensagem: DESK_PAYMENT_MSG.providerUnavailable });
    let d = (await as('financeiro', 'GET', `${BASE}/pix/${p.id}`)).json();
    expect(d).toMatchObject({ estornado: 0, emAndamento: 3_000, estornavel: 0, estorno: 'em_andamento' });
    expect(d.estornos).toEqual([expect.objectContaining({ status: 'requested' })]);

    const again = await refund('financeiro', 'pix', p.id, { valor: 3_000, motivo: 'Cancelamento' }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().estorno).toMatchObject({ id: d.estornos[0].id, status: 'refunded' });
    expect(spy).toHaveBeenCalledTimes(2);
    expect(spy.mock.calls[0]![0].refundId).toBe(spy.mock.calls[1]![0].refundId);
    spy.mockRestore();
    d = (await as('financeiro', 'GET', `${BASE}/pix/${p.id}`)).json();
    expect(d).toMatchObject({ estornado: 3_000, estorno: 'total' });
  });

  it('a refusal by the PSP is 422, refunds nothing and frees the amount', async () => {
    const p = await paidPix(2_000);
    const spy = vi.spyOn(t.app.pixPsp!, 'refund').mockResolvedValueOnce({ status: 'NAO_REALIZADO', rtrId: null });
    const res = await refund('financeiro', 'pix', p.id, { valor: 2_000, motivo: 'Cancelamento' });
    spy.mockRestore();
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ erro: 'REFUND_REFUSED', mensagem: DESK_PAYMENT_MSG.providerRefused });
    const d = (await as('financeiro', 'GET', `${BASE}/pix/${p.id}`)).json();
    expect(d).toMatchObject({ estornado: 0, emAndamento: 0, estornavel: 2_000, estorno: 'nenhum' });
    expect(d.estornos).toEqual([expect.objectContaining({ status: 'failed' })]);
  });

  it('refunds a card payment through the card sandbox; its REFUND webhook lands in the history with no card data', async () => {
    const p = await paidCard(15_000);
    const res = await refund('financeiro', 'card', p.id, { valor: 5_000, motivo: 'Desconto concedido' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      estorno: { status: 'refunded', valor: 5_000 },
      pagamento: {
        metodo: 'card',
        referencia: p.gatewayId,
        provedor: t.app.cardGateway.name,
        cartao: 'visa •••• 1111',
        estorno: 'parcial',
      },
    });
    await vi.waitFor(async () => {
      const d = (await as('financeiro', 'GET', `${BASE}/card/${p.id}`)).json();
      expect(d.eventos.map((e: { tipo: string }) => e.tipo)).toEqual(expect.arrayContaining(['estorno.resposta', 'REFUND']));
    });
    const d = (await as('financeiro', 'GET', `${BASE}/card/${p.id}`)).json();
    expect(JSON.stringify(d.eventos)).not.toMatch(/4111111111111111|"737"/);
    expect(d.estornos).toEqual([expect.objectContaining({ status: 'refunded', valor: 5_000 })]);
  });

  it('a payment taken by another provider than the configured one is refused, nothing reserved', async () => {
    const p = await paidCard(2_000);
    await t.query(`UPDATE card_charges SET gateway = 'adyen' WHERE id = $1`, [p.id]);
    const res = await refund('financeiro', 'card', p.id, { valor: 2_000, motivo: 'Cancelamento' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ erro: 'OTHER_PROVIDER', mensagem: DESK_PAYMENT_MSG.otherProvider.replace('{provedor}', 'adyen') });
    expect(await t.query(`SELECT 1 FROM payment_refunds WHERE payment_method = 'card' AND payment_id = $1`, [String(p.id)])).toEqual([]);
  });

  it('only financeiro refunds; admin reads; atendimento, sinistros, no session and bad input are refused', async () => {
    const p = await paidPix(1_000);
    for (const role of ['admin', 'atendimento', 'sinistros'] as Role[]) {
      expect((await refund(role, 'pix', p.id, { valor: 100, motivo: 'Teste de papel' })).statusCode, role).toBe(403);
    }
    for (const role of ['atendimento', 'sinistros'] as Role[]) {
      expect((await as(role, 'GET', BASE)).statusCode, role).toBe(403);
      expect((await as(role, 'GET', `${BASE}/pix/${p.id}`)).statusCode, role).toBe(403);
    }
    expect((await staffRequest(t, undefined, 'GET', BASE)).statusCode).toBe(401);
    expect((await as('admin', 'GET', `${BASE}/pix/${p.id}`)).statusCode).toBe(200);
    expect((await as('financeiro', 'GET', `${BASE}/pix/2147483647`)).json()).toMatchObject({
      erro: 'NOT_FOUND',
      mensagem: DESK_PAYMENT_MSG.notFound,
    });

    const zero = await refund('financeiro', 'pix', p.id, { valor: 0, motivo: 'Zero' });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().mensagem).toContain(DESK_PAYMENT_MSG.amountRequired);
    const noReason = await refund('financeiro', 'pix', p.id, { valor: 100, motivo: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().mensagem).toContain(DESK_PAYMENT_MSG.reasonRequired);
    expect(await t.query(`SELECT 1 FROM payment_refunds WHERE payment_method = 'pix' AND payment_id = $1`, [String(p.id)])).toEqual([]);
  });

  it('keeps provider events once per (provider, event id), card data removed', async () => {
    const ref = `psp-${randomUUID()}`;
    const e = {
      provider: 'adyen',
      eventId: `${ref}:AUTHORISATION`,
      kind: 'AUTHORISATION',
      providerReference: ref,
      payload: { card: { number: '4111 1111 1111 1111', cvc: '737' }, note: 'pan 5555555555554444 here', amount: { value: 100 } },
    };
    expect(await t.app.payments.providerEvents.record(t.db, e)).toBe(true);
    expect(await t.app.payments.providerEvents.record(t.db, e)).toBe(false);
    const rows = await t.query<{ payload: unknown }>('SELECT payload FROM payment_provider_events WHERE provider_reference = $1', [ref]);
    expect(rows).toEqual([{ payload: { card: { number: REMOVED, cvc: REMOVED }, note: `pan ${REMOVED} here`, amount: { value: 100 } } }]);
  });
});
