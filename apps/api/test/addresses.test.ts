import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_MSG } from '@guarita/domain';
import { BUILT_IN_CEPS, BuiltInCepTable, ViaCepLookup } from '../src/ports/cep';
import { logPath } from '../src/app';
import { createTestApp, logCapture, serverLoggerOptions, type TestApp } from './helpers';
import { aCustomer, aSession } from './factories';

/**
 * CEP lookup (issue 9, spec 001 §5/§7/§8): the built-in table of real CEPs, the route with every status, and the
 * ViaCEP adapter against an in-process HTTP server that answers with ViaCEP's JSON shape (the real ViaCEP is an
 * outside service; this stands in for it, our own server is the one under test).
 */

const UFS = 'AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO'.split(' ');

/** A ViaCEP look-alike: /{8 digits}/json/ → the address, `{"erro": true}`, a 500, or a slow answer. */
function fakeViaCep() {
  const seen: string[] = [];
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    seen.push(req.url ?? '');
    const m = /^\/ws\/(\d{8})\/json\/$/.exec(req.url ?? '');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    if (!m) return json(400, { erro: 'formato' });
    const cep = m[1]!;
    if (cep === '69005040')
      return json(200, {
        cep: '69005-040',
        logradouro: 'Rua Guilherme Moreira',
        complemento: '',
        unidade: '',
        bairro: 'Centro',
        localidade: 'Manaus',
        uf: 'AM',
        estado: 'Amazonas',
        regiao: 'Norte',
        ibge: '1302603',
        gia: '',
        ddd: '92',
        siafi: '0255',
      });
    if (cep === '99999999') return json(200, { erro: 'true' }); // ViaCEP's older answer for an unknown CEP
    if (cep === '50000000') return json(500, { message: 'internal' });
    if (cep === '60000000') return void setTimeout(() => json(200, { erro: true }), 1500);
    if (cep === '70000000') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html>manutenção</html>');
    }
    return json(200, { erro: true });
  };
  const server: Server = createServer(handler);
  return {
    seen,
    server,
    async start() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
    },
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The route asks for a login, whose does not matter: a customer of the test's own (ADR 070), or nobody. */
async function lookupAs(t: TestApp, loggedIn = true) {
  const token = loggedIn ? (await aSession(t, await aCustomer(t))).AccessToken : undefined;
  return (cep: string) => t.get(`/api/addresses/cep/${cep}`, token);
}

describe('built-in CEP table', () => {
  it('has a real CEP in every state capital, each well formed', async () => {
    expect(new Set(BUILT_IN_CEPS.map((r) => r[4]))).toEqual(new Set(UFS));
    for (const [cep, street, district, city, uf, ibge] of BUILT_IN_CEPS) {
      expect(cep).toMatch(/^\d{8}$/);
      expect(street && district && city).toBeTruthy();
      expect(uf).toMatch(/^[A-Z]{2}$/);
      expect(ibge).toMatch(/^\d{7}$/);
    }
    expect(new Set(BUILT_IN_CEPS.map((r) => r[0])).size).toBe(BUILT_IN_CEPS.length);
    expect(await new BuiltInCepTable().lookup('01001000')).toEqual({
      Cep: '01001-000',
      Logradouro: 'Praça da Sé',
      Bairro: 'Sé',
      Municipio: 'São Paulo',
      UF: 'SP',
      CodigoIbge: '3550308',
    });
  });
});

describe('GET /api/addresses/cep/{cep} (built-in table)', () => {
  let t: TestApp;
  const logs = logCapture();
  beforeAll(async () => {
    t = await createTestApp({ logger: serverLoggerOptions(logs.stream) });
  }, 180_000);
  afterAll(() => t?.close());

  it("fills a customer's billing address from its CEP, masked or as digits", async () => {
    const get = await lookupAs(t); // a customer whose billing address is on Rua da Bahia, Belo Horizonte (CEP 30160-011)
    for (const cep of ['30160-011', '30160011']) {
      const res = await get(cep);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        Cep: '30160-011',
        Logradouro: 'Rua da Bahia',
        Bairro: 'Centro',
        Municipio: 'Belo Horizonte',
        UF: 'MG',
        CodigoIbge: '3106200',
      });
    }
  });

  it("answers 404 'CEP não encontrado' with the postal service's code", async () => {
    const get = await lookupAs(t);
    const res = await get('12345-678');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      sucesso: false,
      erro: 'CEP_NOT_FOUND',
      mensagem: SUPPORT_MSG.cepNotFound,
      detalhes: { Erro: 'correios-cep-nao-encontrado' },
    });
  });

  it("refuses a malformed CEP with 'CEP inválido'", async () => {
    const get = await lookupAs(t);
    for (const bad of ['3016', '30160-01', '301600111', 'abcde-fgh', '30160%2F011']) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().mensagem).toBe(SUPPORT_MSG.invalidCep);
    }
  });

  it('keeps the CEP (a new address) out of the request logs', async () => {
    const get = await lookupAs(t);
    await get('30160-011');
    expect(logs.text()).toContain('/api/addresses/cep/[redacted]');
    expect(logs.text()).not.toContain('30160');
    expect(logPath('/api/addresses/cep/30160011?x=1')).toBe('/api/addresses/cep/[redacted]');
  });

  it('is for logged-in customers only', async () => {
    const get = await lookupAs(t, false);
    expect((await get('30160-011')).statusCode).toBe(401);
  });
});

describe('ViaCEP adapter (VIACEP_URL) against a ViaCEP look-alike', () => {
  const via = fakeViaCep();
  let t: TestApp;
  beforeAll(async () => {
    const url = await via.start();
    t = await createTestApp({ env: { VIACEP_URL: url, CEP_LOOKUP_TIMEOUT_MS: '500' } });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await via.stop();
  });

  it('maps ViaCEP fields to the spec names (Logradouro, Bairro, Municipio, UF, CodigoIbge)', async () => {
    const get = await lookupAs(t);
    const res = await get('69005-040');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      Cep: '69005-040',
      Logradouro: 'Rua Guilherme Moreira',
      Bairro: 'Centro',
      Municipio: 'Manaus',
      UF: 'AM',
      CodigoIbge: '1302603',
    });
    expect(via.seen).toContain('/ws/69005040/json/');
  });

  it('asks ViaCEP once per CEP: the answer is kept for the next lookups', async () => {
    const get = await lookupAs(t);
    // Its own first lookup (asked of ViaCEP unless another test asked already), then the same CEP again.
    const asked = () => via.seen.filter((u) => u === '/ws/69005040/json/').length;
    expect((await get('69005-040')).statusCode).toBe(200);
    const before = asked();
    expect(before).toBeGreaterThanOrEqual(1);
    expect((await get('69005040')).statusCode).toBe(200);
    expect(asked()).toBe(before);
  });

  it("turns ViaCEP's erro answer (boolean or string) into 404 'CEP não encontrado'", async () => {
    const get = await lookupAs(t);
    for (const cep of ['00000-000', '99999-999']) {
      const res = await get(cep);
      expect(res.statusCode).toBe(404);
      expect(res.json().mensagem).toBe(SUPPORT_MSG.cepNotFound);
    }
  });

  it('answers 503 with a pt-BR message when ViaCEP fails, is slow or answers something else', async () => {
    const get = await lookupAs(t);
    for (const cep of ['50000-000', '60000-000', '70000-000']) {
      const res = await get(cep);
      expect(res.statusCode, cep).toBe(503);
      expect(res.json()).toMatchObject({ erro: 'CEP_LOOKUP_UNAVAILABLE', mensagem: SUPPORT_MSG.cepUnavailable });
    }
  });

  it('answers 503 when nothing listens at VIACEP_URL', async () => {
    const closed = new ViaCepLookup({ baseUrl: 'http://127.0.0.1:9/ws', timeoutMs: 500 });
    await expect(closed.lookup('30160011')).rejects.toThrow(/unavailable/);
  });
});
