import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidDocument } from '@guarita/domain';
import { loadConfig } from '../src/config';
import { createTestApp, type TestApp } from './helpers';

/**
 * The e2e data factory (ADR 071): POST /api/test/customers exists only on a server started with TEST_FACTORIES=true
 * (which needs demo mode); ordinary demo mode answers 404, and production refuses to start with the flag.
 */

const SPEC = {
  kind: 'cpf',
  name: 'Teste Fábrica da Silva',
  contracts: [
    {
      key: 'carro',
      idPlan: 'GUARITA_COMPLETO_MG',
      planName: 'Guarita Completo',
      slpCode: 45,
      status: 'Ativo',
      dueDay: 10,
      start: '2025-03-10',
      tracker: true,
      fipeLimit: 9_500_000,
      card: { last4: '4242', brand: 'visa' },
      vehicle: { plate: 'TST1A23', model: 'Onix LT 1.0', manufacturer: 'Chevrolet', year: 2022 },
      items: [
        { code: 'ROUBO_FURTO', name: 'Garantia contra roubo e furto', kind: 'roubo_furto', price: 8240 },
        { code: 'RASTREADOR', name: 'Rastreamento 24h', kind: 'rastreador', price: 2990 },
      ],
      bills: [
        { offset: -1, status: 'P' },
        { offset: 0, status: 'I' },
        { offset: 1, status: 'A' },
      ],
    },
  ],
  cases: [{ contract: 'carro', daysAgo: 2, request: { tipo: 'ouvidoria', telefone: '(31) 98765-4321', descricao: 'Teste.' } }],
  trips: [{ contract: 'carro', count: 3, lastEndedHoursAgo: 2 }],
};

const CLAIMS = [
  {
    contract: 'carro',
    daysAgo: 6,
    form: { description: 'Um carro bateu na lateral.', location: 'Av. Afonso Pena, 1500' },
    phases: [{ phase: 'Documentação', daysAgo: 5 }],
    photos: [{ type: 'cnh', approved: true }, { type: 'frente' }],
    declaration: true,
  },
];

describe('without TEST_FACTORIES (ordinary demo mode)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('the factory route does not exist', async () => {
    expect(t.config.demoMode).toBe(true);
    const res = await t.app.inject({ method: 'POST', url: '/api/test/customers', payload: SPEC });
    expect(res.statusCode).toBe(404);
  });
});

describe('the flag outside the e2e server', () => {
  it('production refuses to start with it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_FACTORIES: 'true', PUBLIC_URL: 'https://guarita.example' })).toThrow(
      /NODE_ENV=production refuses TEST_FACTORIES=true/,
    );
  });

  it('it needs demo mode', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'test',
        DEMO_MODE: 'false',
        AUTH_SECRET: 'x'.repeat(8) + 'test-secret-0123456789abcdef',
        TEST_FACTORIES: 'true',
      }),
    ).toThrow(/TEST_FACTORIES=true requires demo mode/);
  });
});

describe('with TEST_FACTORIES=true', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TEST_FACTORIES: 'true' } });
  });
  afterAll(() => t?.close());

  it('makes a new customer with its own document, contacts, contract, bills, case and trips, who can log in', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/customers', payload: SPEC });
    expect(res.statusCode).toBe(201);
    const made = res.json<{ document: string; sms: string; email: string; contracts: { carro: number }; cases: string[] }>();
    expect(isValidDocument(made.document.replace(/\D/g, ''))).toBe(true);
    expect(made.cases).toHaveLength(1);

    const again = (await t.app.inject({ method: 'POST', url: '/api/test/customers', payload: SPEC })).json<typeof made>();
    expect(again.document).not.toBe(made.document);
    expect(again.sms).not.toBe(made.sms);
    expect(again.email).not.toBe(made.email);
    expect(again.contracts.carro).not.toBe(made.contracts.carro);

    const company = await t.app.inject({
      method: 'POST',
      url: '/api/test/customers',
      payload: { ...SPEC, kind: 'cnpj', tradeName: 'Fábrica', alphanumeric: true, cases: [] },
    });
    expect(company.statusCode).toBe(201);
    expect(company.json<{ document: string }>().document).toMatch(/^[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/0001-\d{2}$/);
    expect(isValidDocument(company.json<{ document: string }>().document)).toBe(true);

    // Two workers asking at once get a customer each.
    const both = await Promise.all(
      [1, 2].map(() => t.app.inject({ method: 'POST', url: '/api/test/customers', payload: { ...SPEC, claims: CLAIMS } })),
    );
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(new Set(both.map((r) => r.json<{ document: string }>().document)).size).toBe(2);

    const { AccessToken } = await t.login(made.document.replace(/\D/g, ''), 'sms');
    const contracts = (await t.get('/api/contracts', AccessToken)).json<Array<{ nCtrId: number }>>();
    expect(contracts.map((c) => c.nCtrId)).toEqual([made.contracts.carro]);
    const { bills, openTotal } = (await t.get(`/api/contracts/${made.contracts.carro}/bills`, AccessToken)).json<{
      bills: unknown[];
      openTotal: number;
    }>();
    expect(bills.length).toBeGreaterThan(0);
    // The overdue bill asked for is open.
    expect(openTotal).toBeGreaterThan(0);
    const trips = await t.get(`/api/trips/contracts/${made.contracts.carro}`, AccessToken);
    expect(trips.statusCode).toBe(200);
    expect(JSON.stringify(trips.json())).toContain('Belo Horizonte');
  });
});
