import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';
import { aBill, aContract, aCustomer, aSession, shiftDays, type ContractRow, type CustomerRow } from './factories';

const envelope = (status: number, erro: string, mensagem: string) => ({ sucesso: false, status, erro, mensagem });
const CONTRACT_NOT_FOUND = envelope(404, 'NOT_FOUND', 'Contrato não encontrado.');

interface Bill {
  docEntry: number;
  docDueDate: string;
  docTotal: number;
  valorMulta: number;
  valorJuros: number;
  billStatus: { idStatus: 'I' | 'A' | 'P'; descStatus: string };
  paidAt: string | null;
}

/** Every test makes the customers it reads (ADR 070); the app is the file's. */
describe('contracts, bills and customer data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const tokenOf = async (c: Pick<CustomerRow, 'document'>) => (await aSession(t, c)).AccessToken;

  /** Six paid months, this month's bill overdue and next month's ahead (the API's newest-first order reversed). */
  async function overdueHistory(contract: ContractRow): Promise<void> {
    const today = t.app.clock.today();
    for (let month = 6; month >= 1; month--) await aBill(t, contract, { status: 'P', due: shiftDays(today, -15 - 30 * month) });
    await aBill(t, contract, { status: 'I' });
    await aBill(t, contract, { status: 'A' });
  }

  /**
   * A person with a billing and a delivery address and four contracts: a Guarita Completo on a car with an overdue
   * bill, a device-only plan outside the catalogue (paid up, one bill ahead), a closed one, and an annual plan with no
   * seller and an Amex card.
   */
  async function aPersonWithFourContracts() {
    const customer = await aCustomer(t, {
      phone: '31987654321',
      smsPhone: '31987654321',
      addresses: [
        { type: 'Cobrança', street: 'Rua da Bahia', no: '1148', building: 'Apto 702', block: 'Centro', zip: '30160011' },
        { type: 'Entrega', street: 'Rua Pernambuco', no: '353', block: 'Funcionários', zip: '30130150' },
      ],
    });
    const car = await aContract(t, customer, { start: '2025-03-10' });
    await overdueHistory(car);
    const device = await aContract(t, customer, {
      idPlan: 'GUARITA_RASTREADOR',
      planName: 'Guarita Rastreador',
      fee: 4990,
      fipeLimit: 0,
      card: { last4: '5454', brand: 'mc' },
      vehicle: null,
      items: ['rastreador', 'assistencia'],
    });
    for (const status of ['P', 'P', 'A'] as const) await aBill(t, device, { status });
    const closed = await aContract(t, customer, {
      idPlan: 'GUARITA_ESSENCIAL',
      planName: 'Guarita Essencial',
      fee: 8990,
      slpCode: 16,
      status: 'Encerrado',
      start: '2023-02-05',
      end: '2024-02-05',
      tracker: false,
      card: null,
      items: ['roubo_furto', 'assistencia'],
    });
    const annual = await aContract(t, customer, {
      idPlan: 'GUARITA_ESSENCIAL_ANUAL_MG',
      planName: 'Guarita Essencial Anual',
      slpCode: null,
      tracker: false,
      fipeLimit: 12_000_000,
      card: { last4: '0005', brand: 'amex' },
      items: ['roubo_furto', 'assistencia', 'colisao'],
    });
    await aBill(t, annual, { status: 'A' });
    return { customer, car, device, closed, annual, token: await tokenOf(customer) };
  }

  /** A company (trade name, SMS and e-mail) with a Cobre Frota contract whose bill of the month is overdue. */
  async function aFleetCompany() {
    const customer = await aCustomer(t, { kind: 'cnpj', name: 'Transportes Teste Ltda', tradeName: 'Teste Cargas' });
    const contract = await aContract(t, customer, {
      idPlan: 'GUARITA_COBRE_FROTA_MG',
      planName: 'Guarita Cobre Frota',
      slpCode: 31,
      fipeLimit: 15_000_000,
      vehicleType: 'CAT_AGRAVO_OUTROS',
      items: ['roubo_furto', 'rastreador', 'assistencia', 'colisao', 'carro_reserva'],
    });
    await overdueHistory(contract);
    return { customer, contract, token: await tokenOf(customer) };
  }

  /** A company with an alphanumeric CNPJ and a billing address in São Paulo. */
  async function anAlphanumericCompany() {
    const customer = await aCustomer(t, {
      kind: 'cnpj',
      alphanumeric: true,
      addresses: [{ street: 'Avenida Paulista', no: '1000', block: 'Bela Vista', city: 'São Paulo', state: 'SP', zip: '01310100' }],
    });
    const contract = await aContract(t, customer, {
      idPlan: 'GUARITA_COMPLETO_SP',
      vehicleType: 'CAT_AGRAVO_PICKUP_CAM',
      items: ['roubo_furto', 'rastreador', 'assistencia', 'vidros'],
    });
    return { customer, contract, token: await tokenOf(customer) };
  }

  /** A person reachable by e-mail only. */
  async function anEmailOnlyPerson() {
    const customer = await aCustomer(t, { phone: null, smsPhone: null });
    const contract = await aContract(t, customer, { idPlan: 'GUARITA_RECUP_MG', items: ['roubo_furto', 'rastreador'] });
    return { customer, contract, token: await tokenOf(customer) };
  }

  it('every data route needs a valid access token', async () => {
    const { car } = await aPersonWithFourContracts();
    for (const url of ['/api/me', '/api/contracts', `/api/contracts/${car.nCtrId}`, `/api/contracts/${car.nCtrId}/bills`]) {
      const res = await t.get(url);
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({
        url,
        status: 401,
        body: envelope(401, 'UNAUTHORIZED', 'Sessão expirada. Faça login novamente.'),
      });
    }
  });

  it('GET /api/me answers the logged-in customer with the billing and delivery addresses', async () => {
    const { customer, token } = await aPersonWithFourContracts();
    const me = await t.get('/api/me', token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      key: customer.id,
      name: customer.name,
      tradeName: null,
      email: customer.email,
      phone: '31987654321',
      cpf: customer.document,
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
    const fleet = await aFleetCompany();
    const alfa = await anAlphanumericCompany();
    const person = await anEmailOnlyPerson();
    const company = (await t.get('/api/me', fleet.token)).json();
    expect(company).toMatchObject({
      name: 'Transportes Teste Ltda',
      tradeName: 'Teste Cargas',
      cpf: null,
      cnpj: fleet.customer.document,
      email: fleet.customer.email,
    });
    const alphanumeric = (await t.get('/api/me', alfa.token)).json();
    expect(alfa.customer.document).toMatch(/[A-Z]/);
    expect(alphanumeric).toMatchObject({ name: alfa.customer.name, cpf: null, cnpj: alfa.customer.document });
    expect(alphanumeric.addresses).toEqual([expect.objectContaining({ addressType: 'Cobrança', city: 'São Paulo', state: 'SP' })]);
    const emailOnly = (await t.get('/api/me', person.token)).json();
    expect(emailOnly).toMatchObject({
      name: person.customer.name,
      cpf: person.customer.document,
      cnpj: null,
      phone: null,
      email: person.customer.email,
    });
    // Each token sees its own customer only.
    expect([company.key, alphanumeric.key, emailOnly.key]).toEqual([fleet.customer.id, alfa.customer.id, person.customer.id]);
  });

  it('GET /api/contracts lists only the caller’s contracts', async () => {
    const maria = await aPersonWithFourContracts();
    const others = [await aFleetCompany(), await anAlphanumericCompany(), await anEmailOnlyPerson()];
    // The closed (Encerrado) contract is owned but never listed (spec 000; issue 7 item 10).
    const cases = [
      { customer: maria.customer, token: maria.token, listed: [maria.car, maria.device, maria.annual] },
      ...others.map((o) => ({ customer: o.customer, token: o.token, listed: [o.contract] })),
    ];
    for (const { customer, token, listed } of cases) {
      const res = await t.get('/api/contracts', token);
      expect(res.statusCode).toBe(200);
      const list = res.json() as Array<{ nCtrId: number; bpName: string }>;
      expect(list.map((c) => c.nCtrId).sort()).toEqual(listed.map((c) => c.nCtrId).sort());
      for (const c of list) expect(c.bpName).toBe(customer.name);
    }
  });

  it('GET /api/contracts has the fields the vehicle selector and payments need', async () => {
    const { car, device, closed, annual, token } = await aPersonWithFourContracts();
    const list = (await t.get('/api/contracts', token)).json() as Array<Record<string, unknown>>;
    const byId = new Map(list.map((c) => [c.nCtrId, c]));
    expect(byId.get(car.nCtrId)).toMatchObject({
      idPlan: 'GUARITA_COMPLETO_MG',
      slpCode: 45,
      status: 'Ativo',
      cancelled: false,
      cardSummary: '4242',
      pmCard: 'visa',
      dataInicioVigencia: '2025-03-10',
      vehicle: { numberPlate: car.plate, vModel: 'Onix LT 1.0', manufacturer: 'Chevrolet', year: 2022 },
    });
    expect(car.plate).toMatch(/^[A-Z]{3}\d[A-Z]\d{2}$/);
    expect(byId.get(device.nCtrId)).toMatchObject({ vehicle: { numberPlate: null, vModel: null }, pmCard: 'mc' }); // device only
    expect(byId.has(closed.nCtrId)).toBe(false); // Encerrado: never listed
    expect((await t.get(`/api/contracts/${closed.nCtrId}`, token)).json()).toMatchObject({
      status: 'Encerrado',
      dataFimVigencia: '2024-02-05',
    });
    expect(byId.get(annual.nCtrId)).toMatchObject({ slpCode: null, pmCard: 'amex', idPlan: 'GUARITA_ESSENCIAL_ANUAL_MG' });
  });

  it('GET /api/contracts/:nCtrId answers the caller’s contract with its items', async () => {
    const { customer, car, token } = await aPersonWithFourContracts();
    const res = await t.get(`/api/contracts/${car.nCtrId}`, token);
    expect(res.statusCode).toBe(200);
    const c = res.json();
    expect(c).toMatchObject({ nCtrId: car.nCtrId, bpName: customer.name, planName: 'Guarita Completo' });
    expect(c.items.map((i: { code: string }) => i.code)).toEqual(['ROUBO_FURTO', 'RASTREADOR', 'ASSIST_24H', 'COLISAO', 'VIDROS']);
    const assistance = c.items.find((i: { code: string }) => i.code === 'ASSIST_24H');
    expect(assistance.subItems).toEqual([
      { code: 'GUINCHO_200', name: 'Guincho até 200 km', towingKm: 200, selected: true, required: false },
      { code: 'GUINCHO_400', name: 'Guincho até 400 km', towingKm: 400, selected: false, required: false },
      { code: 'GUINCHO_1000', name: 'Guincho até 1.000 km', towingKm: 1000, selected: false, required: false },
    ]);
    const alfa = await anAlphanumericCompany();
    const company = await t.get(`/api/contracts/${alfa.contract.nCtrId}`, alfa.token);
    expect(company.statusCode).toBe(200);
    expect(company.json().bpName).toBe(alfa.customer.name);
  });

  it('someone else’s nCtrId is a 404 on the contract and on its bills, exactly like a missing one', async () => {
    const maria = await aPersonWithFourContracts();
    const owners = [
      { token: maria.token, owned: [maria.car, maria.device, maria.closed, maria.annual].map((c) => c.nCtrId) },
      ...[await aFleetCompany(), await anAlphanumericCompany(), await anEmailOnlyPerson()].map((o) => ({
        token: o.token,
        owned: [o.contract.nCtrId],
      })),
    ];
    const all = owners.flatMap((o) => o.owned);
    for (const [who, { token, owned }] of owners.entries()) {
      const others = all.filter((id) => !owned.includes(id));
      for (const id of [...others, 999999]) {
        for (const url of [`/api/contracts/${id}`, `/api/contracts/${id}/bills`]) {
          const res = await t.get(url, token);
          expect({ who, url, status: res.statusCode, body: res.json() }).toEqual({ who, url, status: 404, body: CONTRACT_NOT_FOUND });
        }
      }
    }
  });

  it('a malformed nCtrId is a 400 envelope', async () => {
    const { car, token } = await aPersonWithFourContracts();
    for (const id of ['abc', '0', '-5', '1.5', '99999999999', `${car.nCtrId}abc`]) {
      const res = await t.get(`/api/contracts/${id}`, token);
      expect({ id, status: res.statusCode }).toEqual({ id, status: 400 });
      expect(res.json()).toMatchObject({ sucesso: false, status: 400, erro: 'VALIDATION' });
    }
  });

  it('bills: openTotal is Σ docTotal + valorMulta + valorJuros of the overdue (I) bills only', async () => {
    const maria = await aPersonWithFourContracts();
    const fleet = await aFleetCompany();
    const owners = [
      { token: maria.token, owned: [maria.car, maria.device, maria.closed, maria.annual] },
      { token: fleet.token, owned: [fleet.contract] },
    ];
    for (const { token, owned } of owners) {
      for (const { nCtrId: id } of owned) {
        const res = await t.get(`/api/contracts/${id}/bills`, token);
        expect(res.statusCode).toBe(200);
        const { bills, openTotal } = res.json() as { bills: Bill[]; openTotal: number };
        const expected = bills
          .filter((b) => b.billStatus.idStatus === 'I')
          .reduce((s, b) => s + b.docTotal + b.valorMulta + b.valorJuros, 0);
        expect({ id, openTotal }).toEqual({ id, openTotal: expected });
      }
    }
  });

  it('bills: known totals, labels, order and dates', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const { car, device, closed, token } = await aPersonWithFourContracts();
    const maria = (await t.get(`/api/contracts/${car.nCtrId}/bills`, token)).json() as { bills: Bill[]; openTotal: number };
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
    const paid = maria.bills.filter((x) => x.billStatus.idStatus === 'P');
    expect(paid).toHaveLength(6);
    for (const b of paid) expect(b.paidAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const dates = maria.bills.map((b) => b.docDueDate);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const d of dates) expect(d).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const fleet = await aFleetCompany();
    const company = (await t.get(`/api/contracts/${fleet.contract.nCtrId}/bills`, fleet.token)).json();
    expect(company.openTotal).toBe(56348 + 1127 + 376);
    // An open (A) bill is not part of the open total.
    const tracker = (await t.get(`/api/contracts/${device.nCtrId}/bills`, token)).json() as { bills: Bill[]; openTotal: number };
    expect(tracker.bills.some((b) => b.billStatus.idStatus === 'A')).toBe(true);
    expect(tracker.openTotal).toBe(0);
    // The closed contract has no bills.
    expect((await t.get(`/api/contracts/${closed.nCtrId}/bills`, token)).json()).toEqual({ bills: [], openTotal: 0 });
  });
});
