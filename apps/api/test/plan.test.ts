import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { CNPJ_HORIZONTE, CPF_JOAO, CPF_MARIA, createTestApp, type TestApp } from './helpers';

let t: TestApp;
const token: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const doc of [CPF_MARIA, CPF_JOAO, CNPJ_HORIZONTE]) token[doc] = (await t.login(doc)).AccessToken;
}, 300_000); // a fresh database per file; slow on a loaded machine
afterAll(() => t?.close());

async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  return (await extractText(pdf, { mergePages: true })).text;
}

describe('GET /api/plan/contracts/:nCtrId', () => {
  it('covered services follow the display rules; plan contents come from configuration', async () => {
    const res = await t.get('/api/plan/contracts/100101', token[CPF_MARIA]);
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
    const plan = (await t.get('/api/plan/contracts/100101', token[CPF_MARIA])).json();
    expect(plan.referral).toMatchObject({
      idIndc: 'MARIA10',
      total: 5,
      eligible: 3,
      counted: 3,
      percent: 30,
      maxPercent: 50,
      missingForMax: 2,
    });
    expect(plan.referral.feeWithDiscount).toBe(Math.round(39440 * 0.7));
    expect(plan.referral.link).toBe('http://localhost:3000/indicacao?codigo=MARIA10');
    // A new referral not in debit counts at once.
    await t.query(`INSERT INTO referrals (referrer_n_ctr_id, referred_name, in_debit) VALUES (100101, 'Fábio Teixeira', false)`);
    const after = (await t.get('/api/plan/contracts/100101', token[CPF_MARIA])).json();
    expect(after.referral.percent).toBe(40);
  });

  it("keeps 'Furto e Roubo' when total loss is not required", async () => {
    const plan = (await t.get('/api/plan/contracts/100104', token[CPF_MARIA])).json();
    expect(plan.coverages[0]).toBe('Furto e Roubo');
  });

  it('COBRE plan: the executive looked up by slpCode with a WhatsApp link', async () => {
    const plan = (await t.get('/api/plan/contracts/300301', token[CNPJ_HORIZONTE])).json();
    expect(plan.cobre).toBe(true);
    expect(plan.contact).toEqual({
      nome: 'Renata Figueiredo',
      telefone: '31991234567',
      whatsapp: expect.stringMatching(/^https:\/\/wa\.me\/5531991234567\?text=/),
      executive: true,
    });
  });

  it('COBRE plan with a flagged seller code: the support line instead of an executive', async () => {
    await t.query('UPDATE contracts SET slp_code = 27 WHERE n_ctr_id = 300301');
    try {
      const plan = (await t.get('/api/plan/contracts/300301', token[CNPJ_HORIZONTE])).json();
      expect(plan.contact).toMatchObject({ executive: false, telefone: t.config.brand.supportPhone });
    } finally {
      await t.query('UPDATE contracts SET slp_code = 31 WHERE n_ctr_id = 300301');
    }
  });

  it("someone else's contract is a 404 for the view and both PDFs", async () => {
    for (const url of ['/api/plan/contracts/300301', '/api/plan/contracts/300301/pdf/geral', '/api/plan/contracts/300301/pdf/especifico']) {
      const res = await t.get(url, token[CPF_MARIA]);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await t.get('/api/plan/contracts/100101')).statusCode).toBe(401);
    expect((await t.get('/api/plan/contracts/100101/pdf/outro', token[CPF_MARIA])).statusCode).toBe(400);
  });
});

describe('contract PDFs', () => {
  it('the specific contract names the customer, the contract, the vehicle, items with prices and the due day', async () => {
    const res = await t.get('/api/plan/contracts/100101/pdf/especifico', token[CPF_MARIA]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="contrato-especifico-100101.pdf"');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Maria Aparecida Souza');
    expect(text).toContain('100101');
    expect(text).toContain('RTA1B23');
    expect(text).toContain('Guarita Completo');
    expect(text).toContain('todo dia 10');
    expect(text).toMatch(/Rastreamento 24h: R\$\s29,90/);
  });

  it('the general contract names the customer and the contract', async () => {
    const res = await t.get('/api/plan/contracts/300301/pdf/geral', token[CNPJ_HORIZONTE]);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Transportes Horizonte Ltda');
    expect(text).toContain('300301');
    expect(text).toContain('Condições gerais');
  });
});
