import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxCardGateway, type ChargeRequest } from '../src/ports/card-gateway';
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
      await t.db.query<{ doc_entry: number }>(
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
    const [row] = await t.db.query<{ id_status: string }>('SELECT id_status FROM bills WHERE doc_entry = $1', [bill]);
    expect(row!.id_status).toBe('P');
    const [charges] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM card_charges WHERE $1 = ANY(doc_entries)`, [bill]);
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
});
