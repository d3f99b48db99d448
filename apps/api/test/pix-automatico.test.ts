import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PIX_AUTOMATICO_MSG, addDaysIso } from '@guarita/domain';
import { signWebhookBody } from '../src/ports/pix-psp';
import { SandboxPixRecurrencePsp } from '../src/ports/pix-automatico-sandbox';
import { aBill, aLoggedInCustomer, type Customer } from './factories';
import { createTestApp, type TestApp } from './helpers';

/** Pix Automático (issue 27 item 6; ADR 077) on the demo sandbox PSP: authorise, approve, new bill charged and paid, cancel. */

/** Made per run: the published-secrets scan finds no literal. */
const SECRET = randomBytes(24).toString('hex');

describe('Pix Automático', () => {
  let t: TestApp;
  let sandbox: SandboxPixRecurrencePsp;

  beforeAll(async () => {
    t = await createTestApp({ env: { PIX_WEBHOOK_SECRET: SECRET } });
    sandbox = t.app.pixRecurrencePsp as SandboxPixRecurrencePsp;
  });
  afterAll(() => t?.close());

  const url = (c: Customer, nCtrId = c.contract.nCtrId) => `/api/payments/contracts/${nCtrId}/pix-automatico`;
  const state = async (c: Customer) => (await c.call('GET', url(c))).json().recorrencia;
  const authorise = (c: Customer) => c.call('POST', url(c), { aceite: true });
  /** The customer approves on the sandbox's "bank app" page, as a person would: open it, press the button. */
  const approveOnSandbox = async (link: string) => {
    const page = await t.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Autorizar Pix Automático');
    const res = await t.app.inject({
      method: 'POST',
      url: `${link}/aprovar`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode).toBe(303);
    await sandbox.idle();
  };
  const issueBill = async (c: Customer, dueInDays: number, amount = c.contract.fee) => {
    const bill = await t.db.transaction().execute((tx) =>
      t.app.contracts.issueBill(tx, {
        nCtrId: c.contract.nCtrId,
        dueDate: addDaysIso(t.app.clock.today(), dueInDays),
        amount,
        issuedAt: t.app.clock.now(),
      }),
    );
    await t.app.pixAutomatico.service.chargeDueBills(c.contract.nCtrId);
    await sandbox.idle();
    return bill;
  };
  const billStatus = async (docEntry: number) =>
    (await t.query<{ id_status: string }>('SELECT id_status FROM bills WHERE doc_entry = $1', [docEntry]))[0]!.id_status;
  const webhook = (body: unknown, signature?: string) => {
    const raw = JSON.stringify(body);
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/pix-automatico/webhook',
      headers: { 'content-type': 'application/json', 'x-webhook-signature': signature ?? signWebhookBody(raw, SECRET) },
      payload: raw,
    });
  };

  it('a contract never authorised has no recurrence', async () => {
    const c = await aLoggedInCustomer(t);
    expect((await c.call('GET', url(c))).json()).toEqual({ recorrencia: null });
  });

  it('authorising needs the consent; without it, a pt-BR message and nothing recorded', async () => {
    const c = await aLoggedInCustomer(t);
    for (const body of [{}, { aceite: false }, { aceite: 'sim' }]) {
      const res = await c.call('POST', url(c), body);
      expect(res.statusCode).toBe(400);
      expect(res.json().mensagem).toContain(PIX_AUTOMATICO_MSG.consentRequired);
    }
    expect(await state(c)).toBeNull();
  });

  it('authorise → QR and approval link; approve on the sandbox → Ativo; a new bill is charged and paid by the webhook', async () => {
    const c = await aLoggedInCustomer(t);
    const overdue = await aBill(t, c.contract, { status: 'I' }); // before the authorisation: paid as before

    const res = await authorise(c);
    expect(res.statusCode).toBe(200);
    const rec = res.json().conteudo;
    expect(res.json().mensagem).toBe(PIX_AUTOMATICO_MSG.authorised);
    expect(rec).toMatchObject({ status: 'CRIADA', statusTexto: 'Pendente de autorização', valor: c.contract.fee, periodicidade: 'MENSAL' });
    expect(rec.idRec).toMatch(/^RN[0-9]{16}[A-Za-z0-9]{11}$/);
    expect(rec.pixCopiaECola).toMatch(/^000201.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/);
    expect(rec.linkAprovacao).toMatch(/^\/sandbox\/pix-automatico\/[A-Za-z0-9_-]+$/);
    expect((await authorise(c)).json()).toMatchObject({ status: 409, erro: 'PIX_AUTOMATICO_EXISTS', mensagem: PIX_AUTOMATICO_MSG.exists });

    await approveOnSandbox(rec.linkAprovacao);
    const approved = await state(c);
    expect(approved).toMatchObject({ status: 'APROVADA', statusTexto: 'Ativo', pixCopiaECola: null, linkAprovacao: null, cobrancas: [] });
    expect(approved.aprovadoEm).not.toBeNull();

    const later = await issueBill(c, 25); // more than 10 days ahead: not yet
    const bill = await issueBill(c, 5);
    const after = await state(c);
    expect(after.cobrancas).toHaveLength(1);
    expect(after.cobrancas[0]).toMatchObject({ fatura: bill.docEntry, valor: c.contract.fee, status: 'paid', statusTexto: 'Paga' });
    expect(await billStatus(bill.docEntry)).toBe('P');
    expect(await billStatus(later.docEntry)).toBe('A');
    expect(await billStatus(overdue.docEntry)).toBe('I');

    // The PSP's history on the finance desk: one event per change, whatever the repeats.
    const events = await t.query<{ kind: string; payment_method: string }>(
      `SELECT kind, payment_method FROM payment_provider_events WHERE payment_id IN ($1, $2) ORDER BY id`,
      [rec.idRec, after.cobrancas[0].txid],
    );
    expect(events).toEqual([
      { kind: 'rec', payment_method: 'pix_automatico' },
      { kind: 'cobr', payment_method: 'pix_automatico' },
    ]);

    // A repeated notice changes nothing: the bill stays paid once, one charge, one notification.
    const again = await webhook({ recs: [{ idRec: rec.idRec }], cobsr: [{ txid: after.cobrancas[0].txid }] });
    expect(again.json()).toEqual({
      recebido: true,
      recs: [{ idRec: rec.idRec, resultado: 'unchanged' }],
      cobsr: [{ txid: after.cobrancas[0].txid, resultado: 'unchanged' }],
    });
    await t.app.pixAutomatico.service.chargeDueBills(c.contract.nCtrId);
    expect((await state(c)).cobrancas).toHaveLength(1);
    const notes = await t.query<{ body: string }>(
      `SELECT body FROM notifications WHERE customer_id = $1 AND type = 'pagamento_confirmado'`,
      [c.id],
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]!.body).toContain('Recebemos seu pagamento');
  });

  it('cancel: at the PSP and here; again → 409; the customer may authorise anew', async () => {
    const c = await aLoggedInCustomer(t);
    const rec = (await authorise(c)).json().conteudo;
    await approveOnSandbox(rec.linkAprovacao);
    const res = await c.call('DELETE', url(c));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      mensagem: PIX_AUTOMATICO_MSG.cancelled,
      conteudo: { status: 'CANCELADA', statusTexto: 'Cancelado' },
    });
    expect((await sandbox.getRecurrence(rec.idRec)).status).toBe('CANCELADA');
    expect((await c.call('DELETE', url(c))).json()).toMatchObject({ status: 409, erro: 'PIX_AUTOMATICO_ENDED' });

    const bill = await issueBill(c, 5); // cancelled: no charge
    expect((await state(c)).cobrancas).toEqual([]);
    expect(await billStatus(bill.docEntry)).toBe('A');
    expect((await authorise(c)).json().conteudo.status).toBe('CRIADA');
  });

  it('refusing on the sandbox page ends the recurrence as Recusado', async () => {
    const c = await aLoggedInCustomer(t);
    const rec = (await authorise(c)).json().conteudo;
    await t.app.inject({
      method: 'POST',
      url: `${rec.linkAprovacao}/recusar`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    await sandbox.idle();
    expect(await state(c)).toMatchObject({ status: 'REJEITADA', statusTexto: 'Recusado', pixCopiaECola: null });
    expect((await c.call('DELETE', url(c))).statusCode).toBe(409);
  });

  it('another customer’s contract, an unknown one, or no session: 404 / 401 on every route', async () => {
    const owner = await aLoggedInCustomer(t);
    const rec = (await authorise(owner)).json().conteudo;
    const stranger = await aLoggedInCustomer(t);
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { aceite: true }],
      ['DELETE', undefined],
    ] as const) {
      expect((await stranger.call(method, url(owner), body)).statusCode).toBe(404);
      expect((await stranger.call(method, url(stranger, 999999), body)).statusCode).toBe(404);
      expect((await t.app.inject({ method, url: url(owner), ...(body ? { payload: body } : {}) })).statusCode).toBe(401);
    }
    expect((await state(owner)).status).toBe('CRIADA');
    expect((await sandbox.getRecurrence(rec.idRec)).status).toBe('CRIADA');
  });

  it('the PSP failing: 502 and nothing recorded', async () => {
    const c = await aLoggedInCustomer(t);
    vi.spyOn(sandbox, 'createRecurrence').mockRejectedValueOnce(new Error('PSP down'));
    const res = await authorise(c);
    expect(res.statusCode).toBe(502);
    expect(res.json().mensagem).toBe(PIX_AUTOMATICO_MSG.unavailable);
    expect(await state(c)).toBeNull();
  });

  it('a recurring charge the PSP refused stays to be sent again with the same txid', async () => {
    const c = await aLoggedInCustomer(t);
    const rec = (await authorise(c)).json().conteudo;
    await approveOnSandbox(rec.linkAprovacao);
    vi.spyOn(sandbox, 'createRecurringCharge').mockRejectedValueOnce(new Error('PSP down'));
    const bill = await issueBill(c, 5);
    const [row] = await t.query<{ txid: string; status: string }>('SELECT txid, status FROM pix_recurring_charges WHERE doc_entry = $1', [
      bill.docEntry,
    ]);
    expect(row?.status).toBe('sending');
    expect(await billStatus(bill.docEntry)).toBe('A');
  });

  it('the webhook: a bad signature is 401, a bad body 400, an unknown id not_found', async () => {
    expect((await webhook({ cobsr: [{ txid: 'GUAR0' }] }, 'sha256=00')).statusCode).toBe(401);
    expect((await webhook({ cobsr: [{ txid: "x' or 1=1" }] })).statusCode).toBe(400);
    expect((await webhook({ recs: [{ idRec: 'RN000000002026010100000000000' }] })).json().recs).toEqual([
      { idRec: 'RN000000002026010100000000000', resultado: 'not_found' },
    ]);
  });

  it('the sandbox approval page of an unknown token is a 404 page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/pix-automatico/unknown-token-unknown-token' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('não existe');
  });
});
