import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxCardGateway, type ChargeRequest } from '../src/ports/card-gateway';
import { signWebhookBody } from '../src/ports/pix-psp';
import { CPF_MARIA, createTestApp, type TestApp } from './helpers';

/** Issue 7, items 3, 10 and 11: charges outside the lock, closed contracts, late Pix. */

/** The sandbox gateway, but `charge` waits until the test lets it go (a slow gateway). */
class SlowGateway extends SandboxCardGateway {
  private gate: Promise<void> = Promise.resolve();
  private open: () => void = () => {};
  waiting = 0;
  hold(): void {
    this.gate = new Promise((r) => (this.open = r));
  }
  release(): void {
    this.open();
  }
  override async charge(req: ChargeRequest) {
    this.waiting++;
    await this.gate;
    this.waiting--;
    return super.charge(req);
  }
}

describe('hardening: payments', () => {
  let t: TestApp;
  let token: string;
  const gateway = new SlowGateway({ publicUrl: 'http://localhost:3000', latencyMs: 0 });

  beforeAll(async () => {
    t = await createTestApp({ ports: { cardGateway: gateway } });
    token = (await t.login(CPF_MARIA)).AccessToken;
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const addBill = async (nCtrId: number, total: number) =>
    (
      await t.query<{ doc_entry: number }>(
        `INSERT INTO bills (n_ctr_id, doc_due_date, doc_total, id_status) VALUES ($1, '2026-04-10', $2, 'I') RETURNING doc_entry`,
        [nCtrId, total],
      )
    )[0]!.doc_entry;
  const until = async (ok: () => boolean) => {
    for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
  };

  it('item 3: a slow gateway holds no lock — a second payment of the bill answers at once, reads go on', async () => {
    const bill = await addBill(100102, 3100);
    gateway.hold();
    const first = call(
      'POST',
      '/api/payments/contracts/100102/card-payment',
      { faturas: [bill], valorTotal: 3100 },
      { 'idempotency-key': randomUUID() },
    );
    await until(() => gateway.waiting === 1);
    expect(gateway.waiting).toBe(1);

    // While the gateway is still thinking: another payment of the same bill is refused at once (no lock wait) …
    const t0 = Date.now();
    const second = await call(
      'POST',
      '/api/payments/contracts/100102/card-payment',
      { faturas: [bill], valorTotal: 3100 },
      { 'idempotency-key': randomUUID() },
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().erro).toBe('BILL_NOT_OPEN');
    // … and the customer's pages still load (the embedded database is not held by an open transaction).
    expect((await call('GET', '/api/payments/contracts/100102')).statusCode).toBe(200);
    expect(Date.now() - t0).toBeLessThan(2_000);

    gateway.release();
    const res = await first;
    expect(res.statusCode).toBe(200);
    const [row] = await t.query<{ id_status: string }>('SELECT id_status FROM bills WHERE doc_entry = $1', [bill]);
    expect(row!.id_status).toBe('P');
    const [charges] = await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM card_charges WHERE $1 = ANY(doc_entries)`, [bill]);
    expect(charges!.n).toBe(1);
  });

  it('item 3: a gateway failure frees the bill and the key; a retry with the same key charges once', async () => {
    const bill = await addBill(100102, 4200);
    const key = randomUUID();
    const body = { faturas: [bill], valorTotal: 4200, dadosDoCartao: undefined };
    const failing = {
      ...body,
      dadosDoCartao: {
        numeroCartao: '4000000000000119',
        mesExpiracao: '12',
        anoExpiracao: '2030',
        cvv: '123',
        nomeTitular: 'Maria A Souza',
      },
    };
    const bad = await call('POST', '/api/payments/contracts/100102/card-payment', failing, { 'idempotency-key': key });
    expect(bad.statusCode).toBe(502);
    const ok = await call(
      'POST',
      '/api/payments/contracts/100102/card-payment',
      { faturas: [bill], valorTotal: 4200 },
      { 'idempotency-key': randomUUID() },
    );
    expect(ok.statusCode).toBe(200);
  });

  it('item 7: the four inputs that gave a 500 are refused with 400 (NUL in Sessao, a bill id beyond the column)', async () => {
    for (const url of ['/api/auth/code', '/api/auth/verify']) {
      const res = await t.app.inject({ method: 'POST', url, payload: { Sessao: '\u0000', canal: 'sms', CodigoAutenticacao: '123456' } });
      expect(res.statusCode).toBe(400);
    }
    for (const url of ['/api/payments/contracts/100101/pix', '/api/payments/contracts/100101/card-payment']) {
      const res = await call('POST', url, { faturas: [2147483648], valorTotal: 100 }, { 'idempotency-key': randomUUID() });
      expect(res.statusCode).toBe(400);
    }
  });

  it('item 10: the closed (Encerrado) contract is never listed and its card cannot be changed nor paid', async () => {
    const list = (await call('GET', '/api/contracts')).json() as Array<{ nCtrId: number }>;
    expect(list.map((c) => c.nCtrId)).not.toContain(100103);
    const card = {
      numeroCartao: '4111 1111 1111 1111',
      mesExpiracao: '12',
      anoExpiracao: '2030',
      cvv: '123',
      nomeTitular: 'Maria A Souza',
    };
    const change = await call('PUT', '/api/payments/contracts/100103/card', { dadosDoCartao: card });
    expect(change.statusCode).toBe(404);
    expect(change.json().mensagem).toBe('Contrato não encontrado.');
    const [row] = await t.query<{ card_summary: string | null }>('SELECT card_summary FROM contracts WHERE n_ctr_id = 100103');
    expect(row!.card_summary).not.toBe('1111');
    const pay = await call('POST', '/api/payments/contracts/100103/pix', { valorTotal: 100 }, { 'idempotency-key': randomUUID() });
    expect(pay.statusCode).toBe(404);
  });
});

describe('hardening: late Pix (item 11)', () => {
  let t: TestApp;
  let token: string;
  const SECRET = 'test-webhook-secret-0123456789abcdef';
  beforeAll(async () => {
    t = await createTestApp({ env: { PIX_WEBHOOK_SECRET: SECRET } });
    token = (await t.login(CPF_MARIA)).AccessToken;
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
    const [b] = await t.query<{ doc_entry: number }>(
      `INSERT INTO bills (n_ctr_id, doc_due_date, doc_total, id_status) VALUES (100102, '2026-03-10', 2590, 'I') RETURNING doc_entry`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/contracts/100102/pix',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
      payload: { faturas: [b!.doc_entry], valorTotal: 2590 },
    });
    expect(res.statusCode).toBe(200);
    const txid = res.json().conteudo.txid as string;
    // The window passes; the customer pays the bill another way (by card).
    await t.query(`UPDATE pix_charges SET expires_at = now() - interval '1 minute' WHERE txid = $1`, [txid]);
    const card = await t.app.inject({
      method: 'POST',
      url: '/api/payments/contracts/100102/card-payment',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
      payload: { faturas: [b!.doc_entry], valorTotal: 2590 },
    });
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
    expect(t.sent.at(-1)!.body).toContain('R$\u00a025,90');
    expect(t.sent.at(-1)!.body).toContain('será devolvido');
  });
});
