import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, cents, todayInSaoPaulo } from '@guarita/domain';
import { ApiPixClient } from '../src/ports/api-pix/client';
import { ApiPixRecurrencePsp } from '../src/ports/api-pix/recurrence';
import { PixRecurrenceUnavailableError, type PixRecurrencePsp } from '../src/ports/pix-automatico';
import { SandboxPixRecurrencePsp } from '../src/ports/pix-automatico-sandbox';
import { signWebhookBody } from '../src/ports/pix-psp';
import { makeTestPki, type TestPki } from './api-pix/certs';
import { FakeApiPixRec } from './api-pix/fake-api-pix-rec';
import { aLoggedInCustomer } from './factories';
import { createTestApp, type TestApp } from './helpers';

/**
 * The Pix Automático port (ADR 077): one contract run on the API Pix adapter over the local mTLS fake and on the demo
 * sandbox, then the whole journey through our API with the API Pix adapter (authorise → the payer approves → a new bill
 * → the payer's bank debits it → the bill is paid by the webhook).
 */

/** Made per run: the published-secrets scan finds no literal. */
const SECRET = randomBytes(24).toString('hex');
const request = (txid: string, idRec: string) => ({
  txid,
  idRec,
  dueDate: addDaysIso(todayInSaoPaulo(), 5),
  amount: cents(19497),
  description: 'Fatura 1 do contrato 900001',
  debtor: { document: '52998224725', name: 'Maria Souza' },
});
const recurrence = {
  contract: '900001',
  object: 'Mensalidade Guarita Completo',
  debtor: { document: '52998224725', name: 'Maria Souza' },
  startDate: addDaysIso(todayInSaoPaulo(), 10),
  amount: cents(19497),
  retryPolicy: 'NAO_PERMITE' as const,
};

interface Harness {
  psp: () => PixRecurrencePsp;
  approve(idRec: string): Promise<void>;
  debit(txid: string): Promise<void>;
}

function contract(name: string, h: Harness) {
  describe(`PixRecurrencePsp contract: ${name}`, () => {
    it('a recurrence is created waiting for the payer, with its QR; approved, it runs; cancelled, it ends', async () => {
      const psp = h.psp();
      const created = await psp.createRecurrence(recurrence);
      expect(created.idRec).toMatch(/^RN[0-9]{16}[A-Za-z0-9]{11}$/);
      expect(created.status).toBe('CRIADA');
      expect(created.copyPaste).toMatch(/^000201/);
      await h.approve(created.idRec);
      expect(await psp.getRecurrence(created.idRec)).toMatchObject({ status: 'APROVADA', copyPaste: null });
      expect((await psp.cancelRecurrence(created.idRec)).status).toBe('CANCELADA');
    });

    it('a recurring charge is scheduled, debited once, and the same txid again answers the same charge', async () => {
      const psp = h.psp();
      const { idRec } = await psp.createRecurrence(recurrence);
      await h.approve(idRec);
      const txid = `GUAR${Date.now().toString(16)}${'0'.repeat(16)}`.slice(0, 32);
      const sent = await psp.createRecurringCharge(request(txid, idRec));
      expect(sent).toMatchObject({ txid, idRec, status: 'ATIVA', payment: null });
      await h.debit(txid);
      const paid = await psp.getRecurringCharge(txid);
      expect(paid.status).toBe('CONCLUIDA');
      expect(paid.payment).toMatchObject({ amount: 19497, endToEndId: expect.stringMatching(/^E\w{31}$/) });
      expect((await psp.createRecurringCharge(request(txid, idRec))).status).toBe('CONCLUIDA');
    });

    it('no charge on a recurrence the payer has not approved', async () => {
      const psp = h.psp();
      const { idRec } = await psp.createRecurrence(recurrence);
      await expect(psp.createRecurringCharge(request('GUARnotapproved0000000000000000', idRec))).rejects.toThrow();
    });
  });
}

describe('API Pix adapter on the local fake (mutual TLS)', () => {
  let pki: TestPki;
  let fake: FakeApiPixRec;
  let client: ApiPixClient;
  let adapter: ApiPixRecurrencePsp;
  const clientFor = (tls: { cert: string; key: string }) =>
    new ApiPixClient({
      baseUrl: fake.baseUrl,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      tls: { ...tls, ca: pki.ca },
      timeoutMs: 5000,
    });

  beforeAll(async () => {
    pki = await makeTestPki();
    fake = await new FakeApiPixRec(pki).start();
    client = clientFor(pki.client);
    adapter = new ApiPixRecurrencePsp(client, { webhookSecret: SECRET });
  });
  afterAll(async () => {
    await adapter?.close();
    await fake?.stop();
  });

  contract('API Pix over mTLS', {
    psp: () => adapter,
    approve: async (idRec) => void fake.answer(idRec, 'APROVADA'),
    debit: async (txid) => void fake.debit(txid),
  });

  it('sends the documented shapes: vinculo with the debtor, calendario MENSAL, valorRec in reais, the location', async () => {
    const { idRec } = await adapter.createRecurrence(recurrence);
    expect(fake.calls.slice(-3)).toEqual(['POST /locrec', 'POST /rec', `GET /rec/${idRec}`]);
    expect(fake.bodies.filter((b) => b.call === 'POST /rec').at(-1)!.body).toMatchObject({
      vinculo: { contrato: '900001', objeto: 'Mensalidade Guarita Completo', devedor: { cpf: '52998224725', nome: 'Maria Souza' } },
      calendario: { dataInicial: recurrence.startDate, periodicidade: 'MENSAL' },
      valor: { valorRec: '194.97' },
      politicaRetentativa: 'NAO_PERMITE',
      loc: expect.any(Number),
    });
  });

  it('a certificate the PSP does not trust, or a PSP that fails, is "unavailable" (nothing known to have changed)', async () => {
    const stranger = clientFor(pki.stranger);
    try {
      await expect(new ApiPixRecurrencePsp(stranger, { webhookSecret: SECRET }).createRecurrence(recurrence)).rejects.toBeInstanceOf(
        PixRecurrenceUnavailableError,
      );
    } finally {
      await stranger.close();
    }
    fake.failNext(503);
    await expect(adapter.getRecurrence('RN000000002026010100000000000')).rejects.toBeInstanceOf(PixRecurrenceUnavailableError);
    await expect(adapter.getRecurrence('RN000000002026010100000000000')).rejects.toThrow(/RecNaoEncontrada/);
  });

  it('webhook notices need the signature', () => {
    const raw = Buffer.from(JSON.stringify({ recs: [{ idRec: 'RN1' }], cobsr: [{ txid: 'GUAR1' }] }));
    expect(adapter.parseWebhook(raw, { 'x-webhook-signature': signWebhookBody(raw, SECRET) })).toEqual([
      { kind: 'rec', idRec: 'RN1' },
      { kind: 'cobr', txid: 'GUAR1' },
    ]);
    expect(adapter.parseWebhook(raw, { 'x-webhook-signature': signWebhookBody(raw, 'another') })).toBeNull();
    expect(adapter.parseWebhook(raw, {})).toBeNull();
  });

  describe('through our API: a new bill paid by the payer’s bank, confirmed by the webhook', () => {
    let t: TestApp;
    beforeAll(async () => {
      // An adapter of its own: the app closes its PSP when it closes, and the tests above may run after this block.
      const own = new ApiPixRecurrencePsp(clientFor(pki.client), { webhookSecret: SECRET });
      t = await createTestApp({ env: { PIX_WEBHOOK_SECRET: SECRET }, ports: { pixRecurrencePsp: own } });
    });
    afterAll(() => t?.close());
    const webhook = (body: unknown) => {
      const raw = JSON.stringify(body);
      return t.app.inject({
        method: 'POST',
        url: '/api/payments/pix-automatico/webhook',
        headers: { 'content-type': 'application/json', 'x-webhook-signature': signWebhookBody(raw, SECRET) },
        payload: raw,
      });
    };

    it('authorise → approve → bill → debit → paid', async () => {
      const c = await aLoggedInCustomer(t);
      const url = `/api/payments/contracts/${c.contract.nCtrId}/pix-automatico`;
      const created = (await c.call('POST', url, { aceite: true })).json().conteudo;
      expect(created).toMatchObject({ status: 'CRIADA', linkAprovacao: null });
      expect(created.pixCopiaECola).toContain('pix.psp.example/qr/v2/rec/');

      expect((await webhook(fake.answer(created.idRec, 'APROVADA'))).json().recs).toEqual([{ idRec: created.idRec, resultado: 'updated' }]);
      expect((await c.call('GET', url)).json().recorrencia.status).toBe('APROVADA');

      const bill = await t.db.transaction().execute((tx) =>
        t.app.contracts.issueBill(tx, {
          nCtrId: c.contract.nCtrId,
          dueDate: addDaysIso(t.app.clock.today(), 7),
          amount: c.contract.fee,
          issuedAt: t.app.clock.now(),
        }),
      );
      expect(await t.app.pixAutomatico.service.chargeDueBills(c.contract.nCtrId)).toBe(1);
      const [charge] = (await c.call('GET', url)).json().recorrencia.cobrancas;
      expect(charge).toMatchObject({ fatura: bill.docEntry, status: 'scheduled', statusTexto: 'Débito agendado' });
      expect(fake.cobrs.get(charge.txid)).toMatchObject({
        idRec: created.idRec,
        status: 'ATIVA',
        calendario: { dataDeVencimento: bill.docDueDate },
      });

      expect((await webhook(fake.debit(charge.txid))).json().cobsr).toEqual([{ txid: charge.txid, resultado: 'paid' }]);
      expect((await c.call('GET', url)).json().recorrencia.cobrancas[0].status).toBe('paid');
      const [row] = await t.query<{ id_status: string }>('SELECT id_status FROM bills WHERE doc_entry = $1', [bill.docEntry]);
      expect(row?.id_status).toBe('P');
    });
  });
});

describe('the demo sandbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PIX_WEBHOOK_SECRET: SECRET } });
  });
  afterAll(() => t?.close());
  const sandbox = () => t.app.pixRecurrencePsp as SandboxPixRecurrencePsp;
  const tokenOf = async (idRec: string) =>
    (await t.query<{ approval_token: string }>('SELECT approval_token FROM sandbox_pix_recs WHERE id_rec = $1', [idRec]))[0]!
      .approval_token;

  contract('sandbox', {
    psp: sandbox,
    approve: async (idRec) => {
      await sandbox().answer(await tokenOf(idRec), 'approve');
      await sandbox().idle();
    },
    debit: () => sandbox().idle(),
  });
});
