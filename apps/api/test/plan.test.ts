import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { createTestApp, type TestApp } from './helpers';
import { aLoggedInCustomer, type ContractInput } from './factories';

/** Each test makes the customer and contracts it reads (ADR 070); the executives are reference data of the seed. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 300_000); // a fresh database per file; slow on a loaded machine
afterAll(() => t?.close());

async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  return (await extractText(pdf, { mergePages: true })).text;
}

/** Guarita Completo with total loss and full collision required (the plan view's covered services). */
const COMPLETO: ContractInput = {
  requiredSubItems: [
    { itemCode: 'ROUBO_FURTO', code: 'FURTO_ROUBO', name: 'Furto e Roubo' },
    { itemCode: 'ROUBO_FURTO', code: 'PT_FURTO_ROUBO', name: 'Perda Total (Furto e Roubo)' },
    { itemCode: 'COLISAO', code: 'COLISAO_COMPLETA', name: 'Colisão Completa + Terceiros + Seguro APP' },
  ],
};
/** A fleet (COBRE) plan sold by executive 31. */
const COBRE: ContractInput = {
  idPlan: 'GUARITA_COBRE_FROTA_MG',
  planName: 'Guarita Cobre Frota',
  slpCode: 31,
  fipeLimit: 15_000_000,
  vehicleType: 'CAT_AGRAVO_OUTROS',
  items: ['roubo_furto', 'rastreador', 'assistencia', 'colisao', 'carro_reserva'],
};
const aFleet = () => aLoggedInCustomer(t, { customer: { kind: 'cnpj', name: 'Transportes Teste Ltda' }, contract: COBRE });

describe('GET /api/plan/contracts/:nCtrId', () => {
  it('covered services follow the display rules; plan contents come from configuration', async () => {
    const c = await aLoggedInCustomer(t, { contract: COMPLETO });
    const res = await c.call('GET', `/api/plan/contracts/${c.contract.nCtrId}`);
    expect(res.statusCode).toBe(200);
    const plan = res.json();
    expect(plan.coverages).toEqual([
      'Perda Total (Furto e Roubo)',
      'Rastreamento 24h',
      'Assistência 24h',
      'Colisão completa',
      'Cobertura de vidros',
    ]);
    expect(plan.contents).toContain('Assistência 24h com reboque de até 400 km e hospedagem para até 5 pessoas');
    expect(plan.contents).toContain('Carro reserva por 7 dias');
    expect(plan.contents.join('\n')).toMatch(/Cobertura a terceiros de até R\$\s100\.000,00/);
    expect(plan.cobre).toBe(false);
    expect(plan.contact).toBeNull();
  });

  it('referral discount from the referral rows: 5 referred, 2 in debit → 30%', async () => {
    const code = 'TESTE10';
    const c = await aLoggedInCustomer(t, {
      contract: {
        ...COMPLETO,
        idIndc: code,
        referrals: [
          ['Ana Beatriz Rocha', false],
          ['Bruno Henrique Alves', true],
          ['Camila Duarte', false],
          ['Diego Martins', true],
          ['Eduarda Pires', false],
        ],
      },
    });
    const url = `/api/plan/contracts/${c.contract.nCtrId}`;
    const plan = (await c.call('GET', url)).json();
    expect(plan.referral).toMatchObject({
      idIndc: code,
      total: 5,
      eligible: 3,
      counted: 3,
      percent: 30,
      maxPercent: 50,
      missingForMax: 2,
    });
    expect(c.contract.fee).toBe(39440); // Guarita Completo MG on this vehicle, from the price table
    expect(plan.referral.feeWithDiscount).toBe(Math.round(39440 * 0.7));
    expect(plan.referral.link).toBe(`http://localhost:3000/indicacao?codigo=${code}`);
    // A new referral not in debit counts at once.
    await t.query(`INSERT INTO referrals (referrer_n_ctr_id, referred_name, in_debit) VALUES ($1, 'Fábio Teixeira', false)`, [
      c.contract.nCtrId,
    ]);
    const after = (await c.call('GET', url)).json();
    expect(after.referral.percent).toBe(40);
  });

  it("keeps 'Furto e Roubo' when total loss is not required", async () => {
    const c = await aLoggedInCustomer(t, {
      contract: {
        idPlan: 'GUARITA_ESSENCIAL_ANUAL_MG',
        planName: 'Guarita Essencial Anual',
        slpCode: null,
        tracker: false,
        fipeLimit: 12_000_000,
        items: ['roubo_furto', 'assistencia', 'colisao'],
        requiredSubItems: [{ itemCode: 'ROUBO_FURTO', code: 'FURTO_ROUBO', name: 'Furto e Roubo' }],
      },
    });
    const plan = (await c.call('GET', `/api/plan/contracts/${c.contract.nCtrId}`)).json();
    expect(plan.coverages[0]).toBe('Furto e Roubo');
  });

  it('COBRE plan: the executive looked up by slpCode with a WhatsApp link', async () => {
    const fleet = await aFleet();
    const plan = (await fleet.call('GET', `/api/plan/contracts/${fleet.contract.nCtrId}`)).json();
    expect(plan.cobre).toBe(true);
    expect(plan.contact).toEqual({
      nome: 'Renata Figueiredo',
      telefone: '31991234567',
      whatsapp: expect.stringMatching(/^https:\/\/wa\.me\/5531991234567\?text=/),
      executive: true,
    });
  });

  it('COBRE plan with a flagged seller code: the support line instead of an executive', async () => {
    const fleet = await aLoggedInCustomer(t, { customer: { kind: 'cnpj' }, contract: { ...COBRE, slpCode: 27 } });
    const plan = (await fleet.call('GET', `/api/plan/contracts/${fleet.contract.nCtrId}`)).json();
    expect(plan.contact).toMatchObject({ executive: false, telefone: t.config.brand.supportPhone });
  });

  it("someone else's contract is a 404 for the view and both PDFs", async () => {
    const c = await aLoggedInCustomer(t);
    const fleet = await aFleet();
    const theirs = `/api/plan/contracts/${fleet.contract.nCtrId}`;
    for (const url of [theirs, `${theirs}/pdf/geral`, `${theirs}/pdf/especifico`]) {
      const res = await c.call('GET', url);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await t.get(`/api/plan/contracts/${c.contract.nCtrId}`)).statusCode).toBe(401);
    expect((await c.call('GET', `/api/plan/contracts/${c.contract.nCtrId}/pdf/outro`)).statusCode).toBe(400);
  });
});

describe('contract PDFs', () => {
  it('the specific contract names the customer, the contract, the vehicle, items with prices and the due day', async () => {
    const c = await aLoggedInCustomer(t, { customer: { name: 'Ana Teste Pereira' }, contract: COMPLETO });
    const n = c.contract.nCtrId;
    const res = await c.call('GET', `/api/plan/contracts/${n}/pdf/especifico`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="contrato-especifico-${n}.pdf"`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Ana Teste Pereira');
    expect(text).toContain(String(n));
    expect(text).toContain(c.contract.plate);
    expect(text).toContain('Guarita Completo');
    expect(text).toContain('todo dia 10');
    expect(text).toMatch(/Rastreamento 24h: R\$\s29,90/);
  });

  it('the general contract names the customer and the contract', async () => {
    const fleet = await aFleet();
    const res = await fleet.call('GET', `/api/plan/contracts/${fleet.contract.nCtrId}/pdf/geral`);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Transportes Teste Ltda');
    expect(text).toContain(String(fleet.contract.nCtrId));
    expect(text).toContain('Condições gerais');
  });
});
