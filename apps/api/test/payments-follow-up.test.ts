import { randomBytes, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { addDaysIso } from '@guarita/domain';
import { buildApp } from '../src/app';
import { ApiPixPsp } from '../src/ports/api-pix/adapter';
import { ApiPixClient } from '../src/ports/api-pix/client';
import { FixedClock } from '../src/ports/clock';
import type { SandboxCardGateway } from '../src/ports/card-sandbox';
import type { SandboxPixRecurrencePsp } from '../src/ports/pix-automatico-sandbox';
import { PixPspUnavailableError, signWebhookBody, type PixPsp } from '../src/ports/pix-psp';
import { makeTestPki, type TestPki } from './api-pix/certs';
import { FakeApiPix } from './api-pix/fake-api-pix';
import { aBill, aLoggedInCustomer, aStaffMember, type Customer, type StaffMember } from './factories';
import { createTestApp, type TestApp } from './helpers';
import { STAFF_COOKIE } from './staff-helpers';

/**
 * Chasing a provider's missing answer (issue 27 gap 3, ADR 081): the follow-up job asks the PSP about a devolução it
 * never notified and settles it as its notification would (once, whichever comes first); the sandboxes' webhooks are
 * kept and retried until our endpoint accepts them. Time moves on the app's clock (FixedClock), never by sleeping.
 */

const DESK = '/api/backoffice/financeiro/pagamentos';
const SECRET = randomBytes(24).toString('hex'); // made per run: no literal for the published-secrets scan
const MINUTE = 60_000;

/** The desk's refund of a payment, as the financeiro staff member asks it; and the payment's detail as the desk reads it. */
function desk(t: TestApp, staff: () => StaffMember) {
  return {
    refund: (method: string, id: number | string, valor: number, key = randomUUID()) =>
      t.app.inject({
        method: 'POST',
        url: `${DESK}/${method}/${id}/estornos`,
        cookies: { [STAFF_COOKIE]: staff().token },
        headers: { 'idempotency-key': key },
        payload: { valor, motivo: 'Pagamento em duplicidade' },
      }),
    detail: async (method: string, id: number | string) =>
      (await t.app.inject({ method: 'GET', url: `${DESK}/${method}/${id}`, cookies: { [STAFF_COOKIE]: staff().token } })).json(),
  };
}

/** A customer's open bill and the Pix charge made for it through the API. */
async function pixFor(t: TestApp, total = 10_000): Promise<{ c: Customer; txid: string }> {
  const c = await aLoggedInCustomer(t);
  const b = await aBill(t, c.contract, { status: 'I', total, fine: 0, interest: 0 });
  const res = await c.call(
    'POST',
    `/api/payments/contracts/${c.contract.nCtrId}/pix`,
    { faturas: [b.docEntry], valorTotal: total },
    { 'idempotency-key': randomUUID() },
  );
  expect(res.statusCode).toBe(200);
  return { c, txid: (res.json().conteudo as { txid: string }).txid };
}

const chargeId = async (t: TestApp, txid: string) =>
  (await t.query<{ id: number }>('SELECT id FROM pix_charges WHERE txid = $1', [txid]))[0]!.id;

describe('a devolução the API Pix PSP never notifies', () => {
  let pki: TestPki;
  let fake: FakeApiPix;
  let client: ApiPixClient;
  let t: TestApp;
  let psp: ApiPixPsp;
  let staff: StaffMember;
  const clock = new FixedClock('2026-11-05T15:00:00Z');

  beforeAll(async () => {
    pki = await makeTestPki();
    fake = await new FakeApiPix({ pki }).start();
    fake.now = () => clock.now().getTime();
    client = new ApiPixClient({
      baseUrl: fake.baseUrl,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      tls: { ...pki.client, ca: pki.ca },
      timeoutMs: 5_000,
      now: () => clock.now().getTime(),
    });
    psp = new ApiPixPsp(client, {
      receiverKey: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906',
      merchantName: 'Guarita Protecao Veicular',
      merchantCity: 'Belo Horizonte',
    });
    t = await createTestApp({ clock, ports: { pixPsp: psp } });
    staff = await aStaffMember(t, 'financeiro');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await client?.close();
    await fake?.stop();
  });

  const notify = (body: unknown) => t.app.inject({ method: 'POST', url: '/api/payments/pix/api-pix/webhook/pix', payload: body as object });

  /** A Pix paid at the PSP and settled here, then refunded from the desk: the PSP answers EM_PROCESSAMENTO. */
  async function pendingDevolucao(valor = 4_000) {
    const { txid } = await pixFor(t);
    const paid = fake.pay(txid);
    expect((await notify(paid)).json().resultados).toEqual([{ txid, resultado: 'paid' }]);
    const id = await chargeId(t, txid);
    const res = await desk(t, () => staff).refund('pix', id, valor);
    expect(res.statusCode).toBe(201);
    expect(res.json().estorno).toMatchObject({ status: 'pending', valor });
    return { id, txid, endToEndId: paid.pix[0]!.endToEndId, refundId: res.json().estorno.idEstorno as string };
  }
  /** How many times the job read this devolução at the PSP (other tests' refunds may be due in the same pass). */
  const reads = (endToEndId: string, refundId: string) =>
    fake.calls.filter((c) => c === `GET /api/v2/pix/${endToEndId}/devolucao/${refundId}`).length;
  const devolucaoEvents = (refundId: string) =>
    t.query<{ event_id: string; success: boolean | null }>(
      `SELECT event_id, success FROM payment_provider_events WHERE kind = 'devolucao' AND event_id LIKE $1 ORDER BY id`,
      [`devolucao:${refundId}:%`],
    );

  it('is asked about after five minutes and again on the schedule, then settled as refunded; nothing is asked twice', async () => {
    const { id, endToEndId, refundId } = await pendingDevolucao();
    const asked = () => reads(endToEndId, refundId);

    clock.advance(4 * MINUTE); // too soon: the PSP's own notification usually comes within seconds
    await t.app.paymentsFollowUp.runOnce();
    expect(asked()).toBe(0);

    clock.advance(MINUTE + 1_000);
    await t.app.paymentsFollowUp.runOnce();
    expect(asked()).toBe(1); // still EM_PROCESSAMENTO at the PSP
    expect((await desk(t, () => staff).detail('pix', id)).estornos[0].status).toBe('pending');
    await t.app.paymentsFollowUp.runOnce();
    expect(asked()).toBe(1); // next one a minute later, not before

    fake.settleRefund(endToEndId, refundId); // the SPI settles it; the PSP never notifies
    clock.advance(MINUTE);
    await t.app.paymentsFollowUp.runOnce();
    expect(asked()).toBe(2);
    const detail = await desk(t, () => staff).detail('pix', id);
    expect(detail.estornos[0]).toMatchObject({ status: 'refunded', idEstorno: refundId });
    expect(detail.estornos[0].confirmadoEm).not.toBeNull();
    expect(detail).toMatchObject({ estornado: 4_000, emAndamento: 0, estorno: 'parcial' });
    expect(await devolucaoEvents(refundId)).toEqual([{ event_id: `devolucao:${refundId}:DEVOLVIDO`, success: true }]);

    clock.advance(24 * 60 * MINUTE);
    await t.app.paymentsFollowUp.runOnce();
    expect(asked()).toBe(2); // a settled refund is never asked about again
  });

  it('a devolução the SPI refused becomes failed and frees the amount; an unreachable PSP is asked again later', async () => {
    const { id, endToEndId, refundId } = await pendingDevolucao(10_000);
    fake.settleRefund(endToEndId, refundId, 'NAO_REALIZADO');
    clock.advance(5 * MINUTE + 1_000);
    fake.failNext(503, `/api/v2/pix/${endToEndId}/devolucao/${refundId}`);
    await t.app.paymentsFollowUp.runOnce();
    expect(reads(endToEndId, refundId)).toBe(1);
    expect((await desk(t, () => staff).detail('pix', id)).estornos[0].status).toBe('pending');
    clock.advance(MINUTE);
    await t.app.paymentsFollowUp.runOnce();
    expect(reads(endToEndId, refundId)).toBe(2);
    const detail = await desk(t, () => staff).detail('pix', id);
    expect(detail.estornos[0].status).toBe('failed');
    expect(detail).toMatchObject({ estornado: 0, emAndamento: 0, estornavel: 10_000 });
    expect(await devolucaoEvents(refundId)).toEqual([{ event_id: `devolucao:${refundId}:NAO_REALIZADO`, success: false }]);
  });

  it("the PSP's notification and the job at the same moment: settled once, one event", async () => {
    const { id, endToEndId, refundId } = await pendingDevolucao();
    const settled = fake.settleRefund(endToEndId, refundId);
    clock.advance(5 * MINUTE + 1_000);
    const [hook] = await Promise.all([notify(settled), t.app.paymentsFollowUp.runOnce()]);
    expect(hook.statusCode).toBe(200);
    expect(reads(endToEndId, refundId)).toBe(2); // the notification's read-back (never trusted as sent) and the job's
    expect(await devolucaoEvents(refundId)).toHaveLength(1);
    const [row] = await t.query<{ status: string; confirmed_at: Date }>(
      'SELECT status, confirmed_at FROM payment_refunds WHERE refund_id = $1',
      [refundId],
    );
    expect(row!.status).toBe('refunded');
    // The later one of the two, and any repeat, changes nothing.
    expect((await notify(settled)).statusCode).toBe(200);
    clock.advance(60 * MINUTE);
    await t.app.paymentsFollowUp.runOnce();
    expect(await devolucaoEvents(refundId)).toHaveLength(1);
    const [again] = await t.query<{ confirmed_at: Date }>('SELECT confirmed_at FROM payment_refunds WHERE refund_id = $1', [refundId]);
    expect(again!.confirmed_at).toEqual(row!.confirmed_at);
    expect((await desk(t, () => staff).detail('pix', id)).estornado).toBe(4_000);
  });

  it('two instances running the job at the same moment ask about each refund once per period', async () => {
    const { endToEndId, refundId } = await pendingDevolucao(1_000);
    const asked = () => reads(endToEndId, refundId);
    const second = await buildApp({ db: t.db, config: t.config, ports: { pixPsp: psp, clock } });
    try {
      await second.ready();
      clock.advance(5 * MINUTE + 1_000);
      await Promise.all([t.app.paymentsFollowUp.runOnce(), second.paymentsFollowUp.runOnce()]);
      expect(asked()).toBe(1);
      clock.advance(MINUTE);
      await Promise.all([t.app.paymentsFollowUp.runOnce(), second.paymentsFollowUp.runOnce()]);
      expect(asked()).toBe(2);
    } finally {
      await second.close();
    }
  });
});

/** A Pix paid through the static sandbox's signed webhook: its charge's id. */
async function paidPix(t: TestApp, clock: FixedClock): Promise<number> {
  const { txid } = await pixFor(t);
  const endToEndId = `E${randomUUID().replace(/-/g, '')}`;
  const raw = JSON.stringify({ pix: [{ endToEndId, txid, valor: '100.00', horario: clock.now().toISOString() }] });
  const hook = await t.app.inject({
    method: 'POST',
    url: '/api/payments/pix/webhook',
    headers: { 'content-type': 'application/json', 'x-webhook-signature': signWebhookBody(raw, SECRET) },
    payload: raw,
  });
  expect(hook.json().resultados[0].resultado).toBe('paid');
  return chargeId(t, txid);
}

describe('a devolução of the static Pix sandbox whose answer was lost', () => {
  let t: TestApp;
  let staff: StaffMember;
  let getRefund: MockInstance<NonNullable<PixPsp['getRefund']>>;
  const clock = new FixedClock('2026-11-05T15:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { PIX_WEBHOOK_SECRET: SECRET } });
    staff = await aStaffMember(t, 'financeiro');
    getRefund = vi.spyOn(t.app.pixPsp as Required<PixPsp>, 'getRefund');
  }, 120_000);
  afterAll(() => t?.close());

  /** How many times the job read this devolução at the sandbox (other tests' refunds may be due in the same pass). */
  const reads = (refundId: string) => getRefund.mock.calls.filter(([, id]) => id === refundId).length;

  it('the sandbox did it but the answer never came back: the job reads it from the sandbox and the refund is refunded', async () => {
    const id = await paidPix(t, clock);
    const psp = t.app.pixPsp as PixPsp;
    const real = psp.refund.bind(psp);
    const lost = vi.spyOn(psp, 'refund').mockImplementationOnce(async (req) => {
      await real(req); // done at the sandbox…
      throw new PixPspUnavailableError('timeout'); // …and the answer lost on the way back
    });
    const key = randomUUID();
    const first = await desk(t, () => staff).refund('pix', id, 2_500, key);
    expect(first.statusCode).toBe(503);
    lost.mockRestore();
    expect((await desk(t, () => staff).detail('pix', id)).estornos[0].status).toBe('requested');

    const refundId = (await desk(t, () => staff).detail('pix', id)).estornos[0].idEstorno as string;
    clock.advance(5 * MINUTE + 1_000);
    await t.app.paymentsFollowUp.runOnce();
    expect(reads(refundId)).toBe(1);
    const detail = await desk(t, () => staff).detail('pix', id);
    expect(detail.estornos).toHaveLength(1);
    expect(detail.estornos[0]).toMatchObject({ status: 'refunded', valor: 2_500 });
    expect(detail).toMatchObject({ estornado: 2_500, emAndamento: 0 });
    // The desk's retry of the same request answers the refund as it stands; the sandbox holds one devolução.
    const retry = await desk(t, () => staff).refund('pix', id, 2_500, key);
    expect(retry.json().estorno).toMatchObject({ status: 'refunded' });
    const [{ n }] = (await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM pix_sandbox_refunds WHERE refund_id = $1`, [
      detail.estornos[0].idEstorno,
    ])) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('a request that never reached the sandbox stays reserved for the desk to send again', async () => {
    const id = await paidPix(t, clock);
    const psp = t.app.pixPsp as PixPsp;
    const down = vi.spyOn(psp, 'refund').mockRejectedValueOnce(new PixPspUnavailableError('connection refused'));
    expect((await desk(t, () => staff).refund('pix', id, 1_000)).statusCode).toBe(503);
    down.mockRestore();
    const refundId = (await desk(t, () => staff).detail('pix', id)).estornos[0].idEstorno as string;
    clock.advance(5 * MINUTE + 1_000);
    await t.app.paymentsFollowUp.runOnce();
    expect(reads(refundId)).toBe(1);
    const read = getRefund.mock.calls.findIndex(([, refund]) => refund === refundId);
    expect(await getRefund.mock.results[read]!.value).toBeNull(); // the sandbox knows no such devolução
    expect((await desk(t, () => staff).detail('pix', id)).estornos[0].status).toBe('requested');
  });
});

describe('one pass of the follow-up job, on a database of its own', () => {
  let t: TestApp;
  const clock = new FixedClock('2026-11-05T15:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { PIX_WEBHOOK_SECRET: SECRET } });
  }, 120_000);
  afterAll(() => t?.close());

  it('counts each refund it asked about by what became of it: settled, unknown to the PSP, or the PSP unreachable', async () => {
    const staff = await aStaffMember(t, 'financeiro');
    const psp = t.app.pixPsp as Required<PixPsp>;
    const real = psp.refund.bind(psp);
    /** A desk refund whose request fails with 503: done at the sandbox first when `reached`. */
    const refundLost = async (reached: boolean) => {
      const id = await paidPix(t, clock);
      const lost = vi.spyOn(psp, 'refund').mockImplementationOnce(async (req) => {
        if (reached) await real(req);
        throw new PixPspUnavailableError('timeout');
      });
      expect((await desk(t, () => staff).refund('pix', id, 1_500)).statusCode).toBe(503);
      lost.mockRestore();
      return id;
    };
    const settles = await refundLost(true);
    const unknown = await refundLost(false);
    const unreachable = await refundLost(true);
    const unreachableRefund = (await desk(t, () => staff).detail('pix', unreachable)).estornos[0].idEstorno as string;
    const realGet = psp.getRefund.bind(psp);
    const down = vi.spyOn(psp, 'getRefund').mockImplementation(async (e2e, refundId) => {
      if (refundId === unreachableRefund) throw new PixPspUnavailableError('connection refused');
      return realGet(e2e, refundId);
    });
    clock.advance(5 * MINUTE + 1_000);
    try {
      expect((await t.app.paymentsFollowUp.runOnce()).refunds).toEqual({ asked: 3, settled: 1, unknown: 1, unavailable: 1 });
    } finally {
      down.mockRestore();
    }
    const status = async (id: number) => (await desk(t, () => staff).detail('pix', id)).estornos[0].status;
    expect([await status(settles), await status(unknown), await status(unreachable)]).toEqual(['refunded', 'requested', 'requested']);
    // Nothing is due again before its next step (1 minute): an empty pass.
    expect((await t.app.paymentsFollowUp.runOnce()).refunds).toEqual({ asked: 0, settled: 0, unknown: 0, unavailable: 0 });
  });
});

describe("the sandboxes' webhooks are kept and retried until accepted", () => {
  let t: TestApp;
  const clock = new FixedClock('2026-11-05T15:00:00Z');
  const log: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        log.push(String(chunk));
        done();
      },
    });
    t = await createTestApp({ clock, env: { PIX_WEBHOOK_SECRET: SECRET }, logger: { level: 'info', stream } });
  }, 120_000);
  afterAll(() => t?.close());

  const billStatus = async (docEntry: number) =>
    (await t.query<{ id_status: string }>('SELECT id_status FROM bills WHERE doc_entry = $1', [docEntry]))[0]!.id_status;
  const sandbox = () => t.app.pixRecurrencePsp as SandboxPixRecurrencePsp;
  const deliveries = (source: string, like: string) =>
    t.query<{ status: string; attempts: number; last_outcome: string | null }>(
      `SELECT status, attempts, last_outcome FROM sandbox_webhook_deliveries WHERE source = $1 AND body LIKE $2 ORDER BY id`,
      [source, `%${like}%`],
    );

  it('card sandbox: the AUTHORISATION of a paid link refused once by our endpoint (500) is delivered a minute later; the bill is paid once', async () => {
    const c = await aLoggedInCustomer(t);
    const bill = await aBill(t, c.contract, { status: 'A', due: addDaysIso(clock.today(), 10), total: 7_990 });
    const link = await t.db.transaction().execute((tx) =>
      t.app.payments.links.issue(tx, {
        customerId: c.id,
        nCtrId: c.contract.nCtrId,
        docEntries: [bill.docEntry],
        amount: 7_990 as never,
      }),
    );
    await (t.app.cardGateway as SandboxCardGateway).drain();
    const page = new URL(link.url).pathname;

    const down = vi.spyOn(t.app.payments.cardWebhook, 'handle').mockRejectedValueOnce(new Error('database unavailable'));
    const pay = await t.app.inject({
      method: 'POST',
      url: page,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'cartao=approveVisa',
    });
    expect(pay.statusCode).toBe(303); // the payer paid at the provider…
    down.mockRestore();
    expect(await billStatus(bill.docEntry)).toBe('A'); // …but we never heard of it
    expect(await deliveries('card-sandbox', link.id)).toEqual([{ status: 'pending', attempts: 1, last_outcome: 'HTTP 500' }]);

    clock.advance(30_000);
    await t.app.paymentsFollowUp.runOnce();
    expect(await billStatus(bill.docEntry)).toBe('A'); // not before the minute
    clock.advance(30_000);
    expect((await t.app.paymentsFollowUp.runOnce()).webhooks['card-sandbox']).toEqual({ delivered: 1, retried: 0, failed: 0 });
    expect(await billStatus(bill.docEntry)).toBe('P');
    expect(await deliveries('card-sandbox', link.id)).toEqual([{ status: 'delivered', attempts: 2, last_outcome: 'HTTP 2xx' }]);

    clock.advance(24 * 60 * MINUTE);
    expect((await t.app.paymentsFollowUp.runOnce()).webhooks['card-sandbox']).toEqual({ delivered: 0, retried: 0, failed: 0 });
    const notes = await t.query('SELECT 1 FROM notifications WHERE customer_id = $1 AND type = $2', [c.id, 'pagamento_confirmado']);
    expect(notes).toHaveLength(1);
    const events = await t.query(
      `SELECT 1 FROM payment_provider_events WHERE kind = 'AUTHORISATION' AND provider_reference LIKE 'sbx_ch_%' AND payload::text LIKE $1`,
      [`%${link.id}%`],
    );
    expect(events).toHaveLength(1);

    // Nothing secret in the log: no signature, no body, only counts.
    const text = log.join('');
    expect(text).not.toContain('x-sandbox-hmac-signature');
    expect(text).not.toContain('notificationItems');
    const mine = log.filter((l) => l.includes('payments follow-up'));
    expect(mine.length).toBeGreaterThan(0);
    for (const line of mine) {
      expect(line).not.toContain(link.id);
      expect(JSON.parse(line).followUp.webhooks['card-sandbox']).toBeDefined();
    }
  });

  /** A customer who authorised Pix Automático and approved it on the sandbox's bank page. */
  async function onPixAutomatico() {
    const c = await aLoggedInCustomer(t);
    const url = `/api/payments/contracts/${c.contract.nCtrId}/pix-automatico`;
    const rec = (await c.call('POST', url, { aceite: true })).json().conteudo;
    const approve = await t.app.inject({
      method: 'POST',
      url: `${rec.linkAprovacao}/aprovar`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(approve.statusCode).toBe(303);
    await sandbox().idle();
    expect((await c.call('GET', url)).json().recorrencia.status).toBe('APROVADA');
    return { c, url };
  }
  /** A new bill of the contract, sent to the payer's bank (which debits it at once); its recurring charge. */
  async function billDebited(c: Customer, url: string) {
    clock.advance(1_000); // a bill issued after the approval is charged through it
    const bill = await t.db.transaction().execute((tx) =>
      t.app.contracts.issueBill(tx, {
        nCtrId: c.contract.nCtrId,
        dueDate: addDaysIso(clock.today(), 5),
        amount: c.contract.fee,
        issuedAt: clock.now(),
      }),
    );
    await t.app.pixAutomatico.service.chargeDueBills(c.contract.nCtrId);
    await sandbox().idle();
    const [charge] = (await c.call('GET', url)).json().recorrencia.cobrancas as Array<{ txid: string; status: string }>;
    return { bill, charge: charge! };
  }

  it('Pix Automático sandbox: the debit notice, unreachable twice, is retried at 1 and 5 minutes; the bill is paid once', async () => {
    const { c, url } = await onPixAutomatico();
    const send = sandbox().webhooks.currentSender!;
    let unreachable = 2;
    sandbox().webhooks.setSender(async (body) => {
      if (unreachable-- > 0) throw new Error('connect ECONNREFUSED');
      return send(body);
    });
    try {
      const { bill, charge } = await billDebited(c, url);
      expect(await billStatus(bill.docEntry)).not.toBe('P'); // debited at the bank; the notice did not reach us
      expect(await deliveries('pix-automatico-sandbox', charge.txid)).toEqual([
        { status: 'pending', attempts: 1, last_outcome: 'unreachable' },
      ]);

      clock.advance(MINUTE);
      expect((await t.app.paymentsFollowUp.runOnce()).webhooks['pix-automatico-sandbox']).toEqual({ delivered: 0, retried: 1, failed: 0 });
      clock.advance(4 * MINUTE);
      await t.app.paymentsFollowUp.runOnce();
      expect(await billStatus(bill.docEntry)).not.toBe('P'); // the second retry is 5 minutes after the first
      clock.advance(MINUTE);
      expect((await t.app.paymentsFollowUp.runOnce()).webhooks['pix-automatico-sandbox']).toEqual({ delivered: 1, retried: 0, failed: 0 });
      expect(await billStatus(bill.docEntry)).toBe('P');
      expect((await c.call('GET', url)).json().recorrencia.cobrancas[0]).toMatchObject({ status: 'paid' });
      expect(await deliveries('pix-automatico-sandbox', charge.txid)).toEqual([
        { status: 'delivered', attempts: 3, last_outcome: 'HTTP 2xx' },
      ]);
      const events = await t.query(`SELECT 1 FROM payment_provider_events WHERE kind = 'cobr' AND payment_id = $1`, [charge.txid]);
      expect(events).toHaveLength(1);
    } finally {
      sandbox().webhooks.setSender(send);
    }
  });

  it('Pix Automático: a devolução whose answer was lost is read back from its PSP by the job and becomes refunded', async () => {
    const { c, url } = await onPixAutomatico();
    const { charge } = await billDebited(c, url);
    expect(charge.status).toBe('paid');
    const staff = await aStaffMember(t, 'financeiro');
    const real = sandbox().refund.bind(sandbox());
    const lost = vi.spyOn(sandbox(), 'refund').mockImplementationOnce(async (req) => {
      await real(req); // done at the PSP…
      throw new Error('socket hang up'); // …and its answer lost
    });
    const first = await desk(t, () => staff).refund('pix_automatico', charge.txid, 1_000);
    lost.mockRestore();
    expect(first.statusCode).toBe(503);
    clock.advance(5 * MINUTE + 1_000);
    expect((await t.app.paymentsFollowUp.runOnce()).refunds).toMatchObject({ asked: 1, settled: 1 });
    const detail = await desk(t, () => staff).detail('pix_automatico', charge.txid);
    expect(detail.estornos).toEqual([expect.objectContaining({ status: 'refunded', valor: 1_000 })]);
  });
});
