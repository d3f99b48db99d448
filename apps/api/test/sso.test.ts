import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeSsoData, encodeSsoData } from '@guarita/domain';
import { REFRESH_COOKIE, createTestApp, jwtPayload, logCapture, serverLoggerOptions, type TestApp } from './helpers';
import { DEMO_SSO_KEY } from '../src/modules/sso/service';
import { aContract, aCustomer, type ContractRow, type CustomerRow } from './factories';

let t: TestApp;
const logs = logCapture();
const FAILED = 'Oops! Erro ao autenticar dados.';

beforeAll(async () => {
  t = await createTestApp({ logger: serverLoggerOptions(logs.stream, 'info') });
}, 300_000); // a fresh database per file; slow on a loaded machine
afterAll(() => t?.close());

const issue = (body: Record<string, unknown>, key: string | null = DEMO_SSO_KEY) =>
  t.app.inject({ method: 'POST', url: '/api/sso/tokens', headers: key ? { 'x-api-key': key } : {}, payload: body });
const exchange = (token: string, contractId?: number | null) =>
  t.app.inject({ method: 'POST', url: '/api/sso/exchange', payload: { token, ...(contractId !== undefined ? { contractId } : {}) } });

/** A customer of the test's own with one contract (ADR 070). */
async function aHolder(kind: 'cpf' | 'cnpj' = 'cpf'): Promise<{ customer: CustomerRow; contract: ContractRow }> {
  const customer = await aCustomer(t, { kind });
  return { customer, contract: await aContract(t, customer) };
}

describe('issuing sign-on tokens (server to server)', () => {
  it('needs a configured API key', async () => {
    const { customer } = await aHolder();
    expect((await issue({ documento: customer.document }, null)).statusCode).toBe(401);
    expect((await issue({ documento: customer.document }, 'wrong-key')).statusCode).toBe(401);
  });

  it('answers a token valid for at most 60 s and a /sso/{data} link carrying token, path, contractId, upSell, query', async () => {
    const { customer, contract } = await aHolder();
    const res = await issue({
      documento: customer.document,
      path: '/meu-plano',
      contractId: contract.nCtrId,
      upSell: 'vidros',
      query: 'origem=app',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    const ttl = Date.parse(body.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(30_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(body.link).toBe(`http://localhost:3000/sso/${body.data}`);
    expect(decodeSsoData(body.data)).toEqual({
      token: body.token,
      path: '/meu-plano',
      contractId: contract.nCtrId,
      upSell: 'vidros',
      query: 'origem=app',
    });
    // Stored only as a keyed hash.
    const rows = await t.query<{ token_hash: string }>('SELECT token_hash FROM sso_tokens WHERE customer_id = $1', [customer.id]);
    expect(rows).toHaveLength(1);
    expect(rows.map((r) => r.token_hash)).not.toContain(body.token);
  });

  it('refuses an open redirect, an unknown customer and someone else’s contract', async () => {
    const { customer } = await aHolder();
    const other = await aHolder('cnpj');
    for (const path of ['https://evil.example', '//evil.example', '/\\evil', '/nao-existe'])
      expect((await issue({ documento: customer.document, path })).statusCode, path).toBe(400);
    expect((await issue({ documento: '39053344705' })).statusCode).toBe(404);
    expect((await issue({ documento: customer.document, contractId: other.contract.nCtrId })).statusCode).toBe(404);
  });

  it('audits issue and exchange without the token or personal data in the logs', async () => {
    const { customer } = await aHolder();
    const { token } = (await issue({ documento: customer.document })).json();
    await exchange(token);
    const text = logs.text();
    expect(text).toContain('sso_token_issued');
    expect(text).toContain('sso_exchanged');
    expect(text).not.toContain(token);
    expect(text).not.toContain(customer.document);
    expect(text).not.toContain(DEMO_SSO_KEY);
  });
});

describe('exchanging a sign-on token (browser)', () => {
  it('gives the same session as the code login: tokens for that customer and a working refresh cookie', async () => {
    const { customer, contract } = await aHolder();
    const { token } = (await issue({ documento: customer.document, contractId: contract.nCtrId })).json();
    const res = await exchange(token, contract.nCtrId);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.contractId).toBe(contract.nCtrId);
    expect(jwtPayload(body.IdToken)).toMatchObject({ username: customer.document });
    const contracts = await t.get('/api/contracts', body.AccessToken);
    expect(contracts.statusCode).toBe(200);
    expect(contracts.json().map((c: { nCtrId: number }) => c.nCtrId)).toEqual([contract.nCtrId]);
    const cookie = res.cookies.find((c) => c.name === REFRESH_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect((await t.refresh(cookie!.value)).statusCode).toBe(200);
  });

  it('works once: a reused token fails with the spec message', async () => {
    const { customer } = await aHolder();
    const { token } = (await issue({ documento: customer.document })).json();
    expect((await exchange(token)).statusCode).toBe(200);
    const again = await exchange(token);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ mensagem: FAILED });
    const rows = await t.query<{ outcome: string }>('SELECT outcome FROM sso_tokens WHERE customer_id = $1', [customer.id]);
    expect(rows.map((r) => r.outcome)).toEqual(['reused']);
  });

  it('expires after 60 s', async () => {
    const { customer } = await aHolder();
    const { token } = (await issue({ documento: customer.document })).json();
    await t.query(
      `UPDATE sso_tokens SET created_at = created_at - interval '61 seconds', expires_at = expires_at - interval '61 seconds'
       WHERE customer_id = $1`,
      [customer.id],
    );
    const res = await exchange(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().mensagem).toBe(FAILED);
    expect(res.cookies.find((c) => c.name === REFRESH_COOKIE)).toBeUndefined();
  });

  it('a link edited to name someone else’s contract fails and burns the token', async () => {
    const { customer, contract } = await aHolder();
    const other = await aHolder('cnpj');
    const issued = (await issue({ documento: customer.document, contractId: contract.nCtrId })).json();
    const data = decodeSsoData(issued.data)!;
    const tampered = decodeSsoData(encodeSsoData({ ...data, contractId: other.contract.nCtrId }))!;
    const res = await exchange(tampered.token, other.contract.nCtrId);
    expect(res.statusCode).toBe(401);
    expect(res.json().mensagem).toBe(FAILED);
    expect((await exchange(issued.token, contract.nCtrId)).statusCode).toBe(401);
  });

  it('a token for one customer never opens another customer’s session', async () => {
    const person = await aHolder();
    const company = await aHolder('cnpj');
    const { token } = (await issue({ documento: company.customer.document, contractId: company.contract.nCtrId })).json();
    const body = (await exchange(token, company.contract.nCtrId)).json();
    expect(jwtPayload(body.IdToken).username).toBe(company.customer.document);
    expect((await t.get(`/api/contracts/${person.contract.nCtrId}`, body.AccessToken)).statusCode).toBe(404);
    expect((await t.get(`/api/contracts/${company.contract.nCtrId}`, body.AccessToken)).statusCode).toBe(200);
  });

  it('a made-up token fails; malformed bodies are 400', async () => {
    expect((await exchange('x'.repeat(43))).json().mensagem).toBe(FAILED);
    expect((await t.app.inject({ method: 'POST', url: '/api/sso/exchange', payload: { token: 'short' } })).statusCode).toBe(400);
  });

  it('outside demo mode the demo key does not exist', async () => {
    const prod = await createTestApp({ demoMode: false });
    try {
      const customer = await aCustomer(prod);
      const res = await prod.app.inject({
        method: 'POST',
        url: '/api/sso/tokens',
        headers: { 'x-api-key': DEMO_SSO_KEY },
        payload: { documento: customer.document },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await prod.close();
    }
  }, 180_000);
});
