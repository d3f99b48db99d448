import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChargeRequest } from '../src/ports/card-gateway';
import { sealCard } from './card-encryption';
import { signWebhookBody } from '../src/ports/pix-psp';
import { aBill, aContract, aLoggedInCustomer, type Customer } from './factories';
import { createTestApp, type TestApp } from './helpers';

/** Issue 7, items 3, 10 and 11: charges outside the lock, closed contracts, late Pix. Data from factories.ts (ADR 070). */

/** The app's sandbox gateway, but `charge` waits until the test lets it go (a slow gateway). */
function slowDown(app: TestApp['app']) {
  const gw = app.cardGateway;
  const charge = gw.charge.bind(gw);
  let gate: Promise<void> = Promise.resolve();
  let open: () => void = () => {};
  const slow = {
    waiting: 0,
    chargeCalls: 0,
    hold(): void {
      gate = new Promise((r) => (open = r));
    },
    release(): void {
      open();
    },
  };
  gw.charge = async (req: ChargeRequest) => {
    slow.chargeCalls++;
    slow.waiting++;
    await gate;
    slow.waiting--;
    return charge(req);
  };
  return slow;
}

describe('hardening: payments', () => {
  let t: TestApp;
  let gateway: ReturnType<typeof slowDown>;

  beforeAll(async () => {
    t = await createTestApp();
    gateway = slowDown(t.app);
  });
  afterAll(() => t?.close());

  const pay = (c: Customer, body: Record<string, unknown>, key = randomUUID()) =>
    c.call('POST', `/api/payments/contracts/${c.contract.nCtrId}/card-payment`, body, { 'idempotency-key': key });
  const withBill = async (total: number) => {
    const c = await aLoggedInCustomer(t);
    const bill = await aBill(t, c.contract, { status: 'I', total, fine: 0, interest: 0 });
    return { c, bill: bill.docEntry };
  };
  const until = async (ok: () => boolean) => {
    for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
  };

  it('item 3: a slow gateway holds no lock — a second payment of the bill answers at once, reads go on', async () => {
    const { c, bill } = await withBill(3100);
    gateway.hold();
    const first = pay(c, { faturas: [bill], valorTotal: 3100 });
    await until(() => gateway.waiting === 1);
    expect(gateway.waiting).toBe(1);

    // While the gateway is still thinking: another payment of the same bill is refused (it does not wait for a lock
    // the first one would hold until the gateway answers: that wait would never end, the gateway is held) …
    const second = await pay(c, { faturas: [bill], valorTotal: 3100 });
    expect(second.statusCode).toBe(409);
    expect(second.json().erro).toBe('BILL_NOT_OPEN');
    // … and the customer's pages still load (the embedded database is not held by an open transaction).
    expect((await c.call('GET', `/api/payments/contracts/${c.contract.nCtrId}`)).statusCode).toBe(200);
    expect(gateway.waiting).toBe(1);

    gateway.release();
    const res = await first;
    expect(res.statusCode).toBe(200);
    const [row] = await t.query<{ id_status: string }>('SELECT id_status FROM bills WHERE doc_entry = $1', [bill]);
    expect(row!.id_status).toBe('P');
    const [charges] = await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM card_charges WHERE $1 = ANY(doc_entries)`, [bill]);
    expect(charges!.n).toBe(1);
  });

  it('item 3: a gateway failure frees the key (its bill stays held for it: the outcome is unknown, issue 27); a retry with the same key charges once', async () => {
    const { c, bill } = await withBill(4200);
    const key = randomUUID();
    const failing = {
      faturas: [bill],
      valorTotal: 4200,
      dadosDoCartao: await sealCard(t.app, {
        numeroCartao: '4000000000000119',
        mesExpiracao: '12',
        anoExpiracao: '2030',
        cvv: '123',
        nomeTitular: 'Maria A Souza',
      }),
    };
    const bad = await pay(c, failing, key);
    expect(bad.statusCode).toBe(502);
    const calls = gateway.chargeCalls;
    const ok = await pay(c, { faturas: [bill], valorTotal: 4200 }, key);
    expect(ok.statusCode).toBe(200);
    expect(gateway.chargeCalls - calls).toBe(1);
    expect((await pay(c, { faturas: [bill], valorTotal: 4200 }, key)).headers['idempotent-replayed']).toBe('true');
    expect(gateway.chargeCalls - calls).toBe(1);
  });

  it('item 7: the four inputs that gave a 500 are refused with 400 (NUL in Sessao, a bill id beyond the column)', async () => {
    for (const url of ['/api/auth/code', '/api/auth/verify']) {
      const res = await t.app.inject({ method: 'POST', url, payload: { Sessao: '\u0000', canal: 'sms', CodigoAutenticacao: '123456' } });
      expect(res.statusCode).toBe(400);
    }
    const c = await aLoggedInCustomer(t);
    for (const route of ['pix', 'card-payment']) {
      const res = await c.call(
        'POST',
        `/api/payments/contracts/${c.contract.nCtrId}/${route}`,
        { faturas: [2147483648], valorTotal: 100 },
        { 'idempotency-key': randomUUID() },
      );
      expect(res.statusCode).toBe(400);
    }
  });

  it('item 10: the closed (Encerrado) contract is never listed and its card cannot be changed nor paid', async () => {
    const c = await aLoggedInCustomer(t);
    const closed = await aContract(t, c, { status: 'Encerrado', end: '2024-02-05', card: { last4: '0005', brand: 'amex' } });
    await aBill(t, closed, { status: 'I' });
    const list = (await c.call('GET', '/api/contracts')).json() as Array<{ nCtrId: number }>;
    expect(list.map((x) => x.nCtrId)).toEqual([c.contract.nCtrId]);
    const card = {
      numeroCartao: '4111 1111 1111 1111',
      mesExpiracao: '12',
      anoExpiracao: '2030',
      cvv: '123',
      nomeTitular: 'Maria A Souza',
    };
    const change = await c.call('PUT', `/api/payments/contracts/${closed.nCtrId}/card`, { dadosDoCartao: await sealCard(t.app, card) });
    expect(change.statusCode).toBe(404);
    expect(change.json().mensagem).toBe('Contrato não encontrado.');
    const [row] = await t.query<{ card_summary: string | null }>('SELECT card_summary FROM contracts WHERE n_ctr_id = $1', [closed.nCtrId]);
    expect(row!.card_summary).toBe('0005');
    const pix = await c.call(
      'POST',
      `/api/payments/contracts/${closed.nCtrId}/pix`,
      { valorTotal: 100 },
      { 'idempotency-key': randomUUID() },
    );
    expect(pix.statusCode).toBe(404);
  });
});

describe('hardening: late Pix (item 11)', () => {
  let t: TestApp;
  const SECRET = 'test-webhook-secret-0123456789abcdef';
  beforeAll(async () => {
    t = await createTestApp({ env: { PIX_WEBHOOK_SECRET: SECRET } });
  });
  afterAll(() => t?.close());

  const webhook = (txid: string, valor: string) => {
    const raw = JSON.stringify({
      pix: [{ endToEndId: `E${randomUUID().replace(/-/g, '')}`, txid, valor, horario: new Date().toISOString() }],
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/pix/webhook',
      headers: { 'content-type': 'application/json', 'x-webhook-signature': signWebhookBody(raw, SECRET) },
      payload: raw,
    });
  };

  it('paid after expiry when the bill was paid meanwhile: a credit to refund, kept for staff, and the customer is told', async () => {
    const c = await aLoggedInCustomer(t);
    const b = await aBill(t, c.contract, { status: 'I', total: 2590, fine: 0, interest: 0 });
    const url = `/api/payments/contracts/${c.contract.nCtrId}`;
    const res = await c.call('POST', `${url}/pix`, { faturas: [b.docEntry], valorTotal: 2590 }, { 'idempotency-key': randomUUID() });
    expect(res.statusCode).toBe(200);
    const txid = res.json().conteudo.txid as string;
    // The window passes; the customer pays the bill another way (by card).
    await t.query(`UPDATE pix_charges SET expires_at = now() - interval '1 minute' WHERE txid = $1`, [txid]);
    const card = await c.call(
      'POST',
      `${url}/card-payment`,
      { faturas: [b.docEntry], valorTotal: 2590 },
      { 'idempotency-key': randomUUID() },
    );
    expect(card.statusCode).toBe(200);
    const sentBefore = t.sent.length;

    // Then the late Pix arrives.
    const late = await webhook(txid, '25.90');
    expect(late.json().resultados).toEqual([{ txid, resultado: 'late_credit' }]);
    const [kept] = await t.query<{ outcome: string; credit_cents: number; refund_status: string; notified: boolean }>(
      `SELECT outcome, credit_cents, refund_status, customer_notified_at IS NOT NULL AS notified FROM pix_late_payments WHERE txid = $1`,
      [txid],
    );
    expect(kept).toEqual({ outcome: 'credit', credit_cents: 2590, refund_status: 'pending', notified: true });
    expect(t.sent.length).toBe(sentBefore + 1);
    expect(t.sent.at(-1)!.to).toBe(c.email);
    expect(t.sent.at(-1)!.body).toContain('R$\u00a025,90');
    expect(t.sent.at(-1)!.body).toContain('será devolvido');
  });
});
