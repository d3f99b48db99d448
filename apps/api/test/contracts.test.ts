import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CNPJ_ALFA, CNPJ_HORIZONTE, CPF_JOAO, CPF_MARIA, createTestApp, type TestApp } from './helpers';

const envelope = (status: number, erro: string, mensagem: string) => ({ sucesso: false, status, erro, mensagem });
const CONTRACT_NOT_FOUND = envelope(404, 'NOT_FOUND', 'Contrato não encontrado.');

/** The demo contracts each customer owns (src/db/seed.ts). */
const OWNED: Record<string, number[]> = {
  [CPF_MARIA]: [100101, 100102, 100103, 100104],
  [CPF_JOAO]: [200201],
  [CNPJ_HORIZONTE]: [300301],
  [CNPJ_ALFA]: [400401],
};
const ALL = Object.values(OWNED).flat();

interface Bill {
  docEntry: number;
  docDueDate: string;
  docTotal: number;
  valorMulta: number;
  valorJuros: number;
  billStatus: { idStatus: 'I' | 'A' | 'P'; descStatus: string };
  paidAt: string | null;
}

describe('contracts, bills and customer data', () => {
  let t: TestApp;
  const token: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    for (const doc of Object.keys(OWNED)) token[doc] = (await t.login(doc)).AccessToken;
  });
  afterAll(() => t?.close());

  it('every data route needs a valid access token', async () => {
    for (const url of ['/api/me', '/api/contracts', '/api/contracts/100101', '/api/contracts/100101/bills']) {
      const res = await t.get(url);
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({
        url,
        status: 401,
        body: envelope(401, 'UNAUTHORIZED', 'Sessão expirada. Faça login novamente.'),
      });
    }
  });

  it('GET /api/me answers the logged-in customer with the billing and delivery addresses', async () => {
    const me = await t.get('/api/me', token[CPF_MARIA]);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      key: expect.any(Number),
      name: 'Maria Aparecida Souza',
      tradeName: null,
      email: 'maria.souza@example.com',
      phone: '31987654321',
      cpf: CPF_MARIA,
      cnpj: null,
      addresses: [
        {
          addressType: 'Cobrança',
          street: 'Rua da Bahia',
          streetNo: '1148',
          building: 'Apto 702',
          block: 'Centro',
          city: 'Belo Horizonte',
          state: 'MG',
          zipCode: '30160011',
        },
        {
          addressType: 'Entrega',
          street: 'Rua Pernambuco',
          streetNo: '353',
          building: null,
          block: 'Funcionários',
          city: 'Belo Horizonte',
          state: 'MG',
          zipCode: '30130150',
        },
      ],
    });
  });

  it('GET /api/me for companies fills cnpj, not cpf; for the e-mail-only customer phone is null', async () => {
    const horizonte = (await t.get('/api/me', token[CNPJ_HORIZONTE])).json();
    expect(horizonte).toMatchObject({
      name: 'Transportes Horizonte Ltda',
      cpf: null,
      cnpj: CNPJ_HORIZONTE,
      email: 'financeiro@horizonte.example.com',
    });
    const alfa = (await t.get('/api/me', token[CNPJ_ALFA])).json();
    expect(alfa).toMatchObject({ name: 'Alfa Numérica Logística S.A.', cpf: null, cnpj: CNPJ_ALFA });
    expect(alfa.addresses).toEqual([expect.objectContaining({ addressType: 'Cobrança', city: 'São Paulo', state: 'SP' })]);
    const joao = (await t.get('/api/me', token[CPF_JOAO])).json();
    expect(joao).toMatchObject({ name: 'João Pedro Lima', cpf: CPF_JOAO, cnpj: null, phone: null, email: 'joao.lima@example.com' });
    // Each token sees its own customer only.
    expect(new Set([horizonte.key, alfa.key, joao.key]).size).toBe(3);
  });

  it('GET /api/contracts lists only the caller’s contracts', async () => {
    for (const [doc, ids] of Object.entries(OWNED)) {
      const res = await t.get('/api/contracts', token[doc]);
      expect(res.statusCode).toBe(200);
      const list = res.json() as Array<{ nCtrId: number; bpName: string }>;
      // The Encerrado contract (100103) is owned but never listed (spec 000; issue 7 item 10).
      expect(list.map((c) => c.nCtrId).sort()).toEqual(ids.filter((id) => id !== 100103).sort());
      const name = (await t.get('/api/me', token[doc])).json().name;
      for (const c of list) expect(c.bpName).toBe(name);
    }
  });

  it('GET /api/contracts has the fields the vehicle selector and payments need', async () => {
    const list = (await t.get('/api/contracts', token[CPF_MARIA])).json() as Array<Record<string, unknown>>;
    const byId = new Map(list.map((c) => [c.nCtrId, c]));
    expect(byId.get(100101)).toMatchObject({
      idPlan: 'GUARITA_COMPLETO_MG',
      slpCode: 45,
      status: 'Ativo',
      cancelled: false,
      cardSummary: '4242',
      pmCard: 'visa',
      dataInicioVigencia: '2025-03-10',
      vehicle: { numberPlate: 'RTA1B23', vModel: 'Onix LT 1.0', manufacturer: 'Chevrolet', year: 2022 },
    });
    expect(byId.get(100102)).toMatchObject({ vehicle: { numberPlate: null, vModel: null }, pmCard: 'mc' }); // device only
    expect(byId.has(100103)).toBe(false); // Encerrado: never listed
    expect((await t.get('/api/contracts/100103', token[CPF_MARIA])).json()).toMatchObject({
      status: 'Encerrado',
      dataFimVigencia: '2024-02-05',
    });
    expect(byId.get(100104)).toMatchObject({ slpCode: null, pmCard: 'amex', idPlan: 'GUARITA_ESSENCIAL_ANUAL_MG' });
  });

  it('GET /api/contracts/:nCtrId answers the caller’s contract with its items', async () => {
    const res = await t.get('/api/contracts/100101', token[CPF_MARIA]);
    expect(res.statusCode).toBe(200);
    const c = res.json();
    expect(c).toMatchObject({ nCtrId: 100101, bpName: 'Maria Aparecida Souza', planName: 'Guarita Completo' });
    expect(c.items.map((i: { code: string }) => i.code)).toEqual(['ROUBO_FURTO', 'RASTREADOR', 'ASSIST_24H', 'COLISAO', 'VIDROS']);
    const assistance = c.items.find((i: { code: string }) => i.code === 'ASSIST_24H');
    expect(assistance.subItems).toEqual([
      { code: 'GUINCHO_200', name: 'Guincho até 200 km', towingKm: 200, selected: true, required: false },
      { code: 'GUINCHO_400', name: 'Guincho até 400 km', towingKm: 400, selected: false, required: false },
      { code: 'GUINCHO_1000', name: 'Guincho até 1.000 km', towingKm: 1000, selected: false, required: false },
    ]);
    const alfa = await t.get('/api/contracts/400401', token[CNPJ_ALFA]);
    expect(alfa.statusCode).toBe(200);
    expect(alfa.json().bpName).toBe('Alfa Numérica Logística S.A.');
  });

  it('someone else’s nCtrId is a 404 on the contract and on its bills, exactly like a missing one', async () => {
    for (const [doc, owned] of Object.entries(OWNED)) {
      const others = ALL.filter((id) => !owned.includes(id));
      for (const id of [...others, 999999]) {
        for (const url of [`/api/contracts/${id}`, `/api/contracts/${id}/bills`]) {
          const res = await t.get(url, token[doc]);
          expect({ doc, url, status: res.statusCode, body: res.json() }).toEqual({ doc, url, status: 404, body: CONTRACT_NOT_FOUND });
        }
      }
    }
  });

  it('a malformed nCtrId is a 400 envelope', async () => {
    for (const id of ['abc', '0', '-5', '1.5', '99999999999', '100101abc']) {
      const res = await t.get(`/api/contracts/${id}`, token[CPF_MARIA]);
      expect({ id, status: res.statusCode }).toEqual({ id, status: 400 });
      expect(res.json()).toMatchObject({ sucesso: false, status: 400, erro: 'VALIDATION' });
    }
  });

  it('bills: openTotal is Σ docTotal + valorMulta + valorJuros of the overdue (I) bills only', async () => {
    for (const [doc, owned] of Object.entries(OWNED)) {
      for (const id of owned) {
        const res = await t.get(`/api/contracts/${id}/bills`, token[doc]);
        expect(res.statusCode).toBe(200);
        const { bills, openTotal } = res.json() as { bills: Bill[]; openTotal: number };
        const expected = bills
          .filter((b) => b.billStatus.idStatus === 'I')
          .reduce((s, b) => s + b.docTotal + b.valorMulta + b.valorJuros, 0);
        expect({ id, openTotal }).toEqual({ id, openTotal: expected });
      }
    }
  });

  it('bills: known totals, labels, order and dates of the demo data', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const maria = (await t.get('/api/contracts/100101/bills', token[CPF_MARIA])).json() as { bills: Bill[]; openTotal: number };
    // The fee is the price table's (ADR 051, seededPlanCharge) + 2 % fine + 1 % a month of interest for 20 days.
    expect(maria.openTotal).toBe(39440 + 789 + 263);
    expect(maria.bills).toHaveLength(8);
    const overdue = maria.bills.filter((b) => b.billStatus.idStatus === 'I');
    expect(overdue).toEqual([
      expect.objectContaining({
        docTotal: 39440,
        valorMulta: 789,
        valorJuros: 263,
        billStatus: { idStatus: 'I', descStatus: 'Inadimplente' },
        paidAt: null,
      }),
    ]);
    expect(overdue[0]!.docDueDate < today).toBe(true);
    const open = maria.bills.filter((b) => b.billStatus.idStatus === 'A');
    expect(open).toHaveLength(1);
    expect(open[0]!.billStatus.descStatus).toBe('Em aberto');
    expect(open[0]!.docDueDate >= today).toBe(true);
    for (const b of maria.bills.filter((x) => x.billStatus.idStatus === 'P')) expect(b.paidAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const dates = maria.bills.map((b) => b.docDueDate);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const d of dates) expect(d).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const horizonte = (await t.get('/api/contracts/300301/bills', token[CNPJ_HORIZONTE])).json();
    expect(horizonte.openTotal).toBe(56348 + 1127 + 376);
    // An open (A) bill is not part of the open total.
    const device = (await t.get('/api/contracts/100102/bills', token[CPF_MARIA])).json() as { bills: Bill[]; openTotal: number };
    expect(device.bills.some((b) => b.billStatus.idStatus === 'A')).toBe(true);
    expect(device.openTotal).toBe(0);
    // The closed contract has no bills.
    expect((await t.get('/api/contracts/100103/bills', token[CPF_MARIA])).json()).toEqual({ bills: [], openTotal: 0 });
  });
});
