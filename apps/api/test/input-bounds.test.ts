import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SSO_KEY } from '../src/modules/sso/service';
import { createTestApp, type TestApp } from './helpers';
import { aCustomer, aLoggedInCustomer, type Customer } from './factories';

/**
 * Issue 7 item 7 (audit, ADR 011): every string refuses NUL and control characters (newlines only in free text),
 * every integer is bounded to its column, every array has a maximum. Representative cases of each route family.
 */
describe('input bounds', () => {
  let t: TestApp;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(() => t?.close());

  const key = () => `bounds-key-${++n}-0000`;
  const casesOf = async (c: Customer) =>
    (await t.query<{ n: number }>('SELECT count(*)::int AS n FROM cases WHERE customer_id = $1', [c.id]))[0]!.n;
  /** A support request of a customer of the test's own (ADR 070), on its contract. */
  const caseOf = (c: Customer) => (dados: unknown) =>
    c.call('POST', `/api/cases/contracts/${c.contract.nCtrId}`, dados, { 'idempotency-key': key() });
  const issueSso = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/sso/tokens', headers: { 'x-api-key': DEMO_SSO_KEY }, payload: body });
  const cursor = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

  it('a case: NUL in the new e-mail of a registration change is refused (400), not stored', async () => {
    const c = await aLoggedInCustomer(t);
    const createCase = caseOf(c);
    const res = await createCase({ tipo: 'dados-cadastrais', telefone: '31987654321', alteracoes: ['E-mail'], novoEmail: 'a\u0000b@c.de' });
    expect(res.statusCode, res.body).toBe(400);
    expect(await casesOf(c)).toBe(0);
  });

  it('a case: single-line fields refuse line breaks, free text keeps them', async () => {
    const c = await aLoggedInCustomer(t);
    const createCase = caseOf(c);
    const cancel = { tipo: 'cancelamento', telefone: '31987654321', detalhe: 'linha 1\nlinha 2\r\n\tfim' };
    expect((await createCase({ ...cancel, motivo: 'Mudança\nde cidade' })).statusCode).toBe(400);
    expect((await createCase({ ...cancel, motivo: 'Mudança de cidade' })).statusCode).toBe(201);
    expect(await casesOf(c)).toBe(1);
  });

  it('a case: an address field with a line break or a control character is refused', async () => {
    const c = await aLoggedInCustomer(t);
    const createCase = caseOf(c);
    const base = { tipo: 'dados-cadastrais', telefone: '31987654321', alteracoes: ['Endereço'] };
    const endereco = { cep: '30130-010', estado: 'MG', cidade: 'Belo Horizonte', bairro: 'Centro', rua: 'Rua A', numero: '10' };
    for (const bad of [{ rua: 'Rua A\nRua B' }, { complemento: 'ap\u0007 1' }, { novoTelefone: '3198765432\u0000' }]) {
      const res = await createCase({
        ...base,
        endereco: { ...endereco, ...('novoTelefone' in bad ? {} : bad) },
        ...('novoTelefone' in bad ? bad : {}),
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await casesOf(c)).toBe(0);
  });

  it('trips: a forged page cursor with a date PostgreSQL does not read is a 400, never a 500', async () => {
    const c = await aLoggedInCustomer(t); // a tracked contract
    for (const page of [
      ['1', 5],
      ['2026-01-01', 1e300],
      ['-271821-04-20T00:00:00.000Z', 1],
      ['2026-13-45T00:00:00Z', 1],
    ]) {
      const res = await c.call('GET', `/api/trips/contracts/${c.contract.nCtrId}?pagina=${cursor(page)}`);
      expect(res.statusCode, `${JSON.stringify(page)} ${res.body}`).toBe(400);
    }
  });

  it('trips: the cursor refuses control characters before decoding', async () => {
    const c = await aLoggedInCustomer(t);
    const res = await c.call('GET', `/api/trips/contracts/${c.contract.nCtrId}?pagina=%00abc`);
    expect(res.statusCode).toBe(400);
  });

  it('single sign-on: a contract id beyond int4 is refused (400), never a database error', async () => {
    const { document } = await aCustomer(t);
    for (const contractId of [2147483648, '9999999999', 1e300]) {
      const res = await issueSso({ documento: document, path: '/meu-plano', contractId });
      expect(res.statusCode, `${contractId} ${res.body}`).toBe(400);
    }
  });

  it('single sign-on: path, upSell and query refuse control characters; query has a bounded number of keys', async () => {
    const { document } = await aCustomer(t);
    for (const extra of [
      { path: '/meu-plano\u0000' },
      { upSell: 'a\nb' },
      { query: { a: 'b\u0000' } },
      { query: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, 'v'])) },
    ]) {
      const res = await issueSso({ documento: document, ...extra });
      expect(res.statusCode, JSON.stringify(extra).slice(0, 80)).toBe(400);
    }
  });

  it('single sign-on exchange: a token with a NUL is refused by the schema', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/sso/exchange', payload: { token: `${'a'.repeat(30)}\u0000` } });
    expect(res.statusCode).toBe(400);
    expect(res.json().erro).toBe('VALIDATION');
  });
});
