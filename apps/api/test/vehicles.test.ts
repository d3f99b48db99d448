import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_ONLINE_VEHICLE_CHANGE_MSG, SPARE_CAR_MSG, todayInSaoPaulo, VEHICLE_MSG, type BlockingRule } from '@guarita/domain';
import { rawQuery } from '../src/db/db';
import { CASE_LIKE, CLAIM_LIKE, aBill, aCase, aClaim, aLoggedInCustomer, shiftDays, type ContractInput, type Customer } from './factories';
import { createTestApp, fileOf, formBody, type TestApp } from './helpers';

/**
 * Vehicle change / plate correction and spare car (issue 12 §4–§5): vehicle port, quotation, blocking rules, IDOR. Each
 * test makes its own customer and contract (factories.ts, ADR 070), a blocked one too: each blocking rule is made on a
 * contract of its own the way the demo seed makes the spare-car demo's (a recent start, a late bill just paid, a
 * theft case, a collision claim in Análise, an open collision with third parties).
 */

const TEL = '(31) 98765-4321';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<< /Type /Catalog >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n');
const photo = (r: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer();
const plated = (placa: string, over: Record<string, unknown> = {}) => ({
  tipo: 'troca-veiculo',
  telefone: TEL,
  caso: 'Troca de Veículo',
  naoEmplacado: false,
  placa,
  tipoVeiculo: 'CAT_AGRAVO_VEICULO_LEVE',
  faixaFipe: 10, // the customer's guess: the server prices from the FIPE value
  aceite: true,
  ...over,
});

/** An annual Guarita Essencial on a Civic, with assistance and collision, no tracker, no seller: free of every rule. */
/** A fleet (COBRE) plan: no vehicle change online. */
const COBRE: ContractInput = {
  idPlan: 'GUARITA_COBRE_FROTA_MG',
  planName: 'Guarita Cobre Frota',
  slpCode: 31,
  dueDay: 5,
  fipeLimit: 15_000_000,
  vehicleType: 'CAT_AGRAVO_OUTROS',
  vehicle: { model: 'Fiorino Endurance 1.4', manufacturer: 'Fiat', year: 2023 },
  items: ['roubo_furto', 'rastreador', 'assistencia', 'colisao', 'carro_reserva'],
};

/** A Guarita Completo with spare car (the spare-car demo's contracts): paid up, covered for a year, free of every rule. */
const SPARE_CAR: ContractInput = {
  dueDay: 5,
  tracker: false,
  items: ['roubo_furto', 'rastreador', 'assistencia', 'colisao', 'carro_reserva'],
};

const CIVIC: ContractInput = {
  idPlan: 'GUARITA_ESSENCIAL_ANUAL_MG',
  planName: 'Guarita Essencial Anual',
  slpCode: null,
  dueDay: 20,
  tracker: false,
  fipeLimit: 12_000_000,
  card: { last4: '0005', brand: 'amex' },
  vehicle: { model: 'Civic EXL 2.0', manufacturer: 'Honda', year: 2020 },
  items: ['roubo_furto', 'assistencia', 'colisao'],
};

describe('vehicles: plate lookup, quotation and spare-car blocking', () => {
  let t: TestApp;
  let uploads: string;

  beforeAll(async () => {
    uploads = mkdtempSync(path.join(tmpdir(), 'guarita-uploads-'));
    t = await createTestApp({ env: { UPLOADS_DIR: uploads } });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    rmSync(uploads, { recursive: true, force: true });
  });

  type Who = { token: string };
  const auth = (who: Who) => ({ authorization: `Bearer ${who.token}` });
  const get = (url: string, who: Who) => t.app.inject({ method: 'GET', url, headers: auth(who) });
  const send = (nCtrId: number, body: unknown, who: Who) =>
    t.app.inject({
      method: 'POST',
      url: `/api/cases/contracts/${nCtrId}`,
      headers: { ...auth(who), 'idempotency-key': randomUUID() },
      payload: body as object,
    });
  const sendFiles = async (nCtrId: number, dados: unknown, files: Buffer[], who: Who) => {
    const form = new FormData();
    form.append('dados', JSON.stringify(dados));
    for (const [i, data] of files.entries()) form.append('arquivos', ...fileOf(data, `f${i}`));
    const body = await formBody(form);
    return t.app.inject({
      method: 'POST',
      url: `/api/cases/contracts/${nCtrId}`,
      headers: { ...auth(who), 'idempotency-key': randomUUID(), 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const civic = () => aLoggedInCustomer(t, { contract: CIVIC });
  /** What makes a spare-car contract blocked by each rule, alone. */
  const BLOCK: Record<BlockingRule, (c: Customer) => Promise<unknown>> = {
    GRACE_PERIOD: (c) => aBill(t, c.contract, { status: 'A' }), // and its cover started 10 days ago (below)
    RECENT_REGULARISATION: (c) =>
      aBill(t, c.contract, {
        status: 'P',
        due: shiftDays(t.app.clock.today(), -6),
        paidAt: new Date(t.app.clock.now().getTime() - 20 * 3_600_000),
      }),
    RECENT_THEFT_OR_SPARE_CAR: (c) => aCase(t, c.contract, CASE_LIKE.spareCarAfterTheft),
    COLLISION_IN_PROGRESS: (c) => aClaim(t, c.contract, CLAIM_LIKE.collisionInAnalysis),
    THIRD_PARTY_COLLISION: (c) => aClaim(t, c.contract, CLAIM_LIKE.thirdPartyCollisionRepairAuthorised),
  };
  /** A logged-in customer whose spare-car contract is blocked by `rule`. */
  const blockedBy = async (rule: BlockingRule): Promise<Customer> => {
    const start = rule === 'GRACE_PERIOD' ? { start: shiftDays(t.app.clock.today(), -10) } : {};
    const c = await aLoggedInCustomer(t, { contract: { ...SPARE_CAR, ...start } });
    await BLOCK[rule](c);
    return c;
  };
  const RULES = Object.keys(BLOCK) as BlockingRule[];
  const details = async (id: string) =>
    (await rawQuery<{ details: Record<string, string> }>(t.db, 'SELECT details FROM cases WHERE id = $1', [id]))[0]!.details;
  const casesOf = async (nCtrId: number) =>
    Number((await rawQuery<{ n: number }>(t.db, 'SELECT count(*)::int AS n FROM cases WHERE n_ctr_id = $1', [nCtrId]))[0]!.n);

  describe('vehicle port', () => {
    it('looks up old and Mercosul plates, in any case and with a hyphen', async () => {
      const c = await civic();
      const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth(c) });
      const old = await get('/api/vehicles/plates/abc-1234');
      expect(old.statusCode).toBe(200);
      expect(old.json()).toMatchObject({ Placa: 'ABC1234', Fabricante: 'Fiat', Permitido: true, Fipe: { Valor: 22350 } });
      const mercosul = await get('/api/vehicles/plates/BRA2E19');
      expect(mercosul.json()).toMatchObject({ Placa: 'BRA2E19', Modelo: 'T-Cross Highline 1.4 TSI', Chassi: '9BWBH6BF4R4012345' });
      expect((await get('/api/vehicles/plates/EVO1X23')).json()).toMatchObject({ Permitido: false });
      expect((await get('/api/vehicles/plates/GHI5J67')).json().Fipe.Valor).toBeNull();
    });

    it("an unknown plate is 404 with the FIPE message; a non-plate is 400 'Insira a placa do carro'; no session is 401", async () => {
      const c = await civic();
      const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth(c) });
      const missing = await get('/api/vehicles/plates/ZZZ9Z99');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ mensagem: VEHICLE_MSG.fipeNotFoundTitle, detalhes: { motivo: VEHICLE_MSG.fipeNotFoundText } });
      const bad = await get('/api/vehicles/plates/12345');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().mensagem).toBe(VEHICLE_MSG.insertPlate);
      expect((await t.app.inject({ method: 'GET', url: '/api/vehicles/plates/ABC1234' })).statusCode).toBe(401);
    });

    it('lists FIPE brands and a brand’s models with Permitido', async () => {
      const c = await civic();
      const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth(c) });
      const brands = (await get('/api/vehicles/brands')).json().marcas as Array<{ Codigo: string; Nome: string }>;
      expect(brands).toContainEqual({ Codigo: '23', Nome: 'GM - Chevrolet' });
      const models = (await get('/api/vehicles/brands/41/models')).json().modelos;
      expect(models).toContainEqual({ Codigo: '5762', Nome: 'Lancer Evolution X 2.0 Turbo', Permitido: false });
      expect((await get('/api/vehicles/brands/999/models')).statusCode).toBe(404);
      expect((await get('/api/vehicles/brands/abc/models')).statusCode).toBe(400);
    });
  });

  describe('restrictions', () => {
    it('each blocked contract shows its blocking rule, with when it ends', async () => {
      const restrictions = async (rule: BlockingRule) => {
        const c = await blockedBy(rule);
        return (await get(`/api/vehicles/contracts/${c.contract.nCtrId}/restrictions`, c)).json();
      };
      const rules = async (rule: BlockingRule) => (await restrictions(rule)).carroReserva.regras;
      expect(await rules('GRACE_PERIOD')).toEqual([{ rule: 'GRACE_PERIOD', endsAt: expect.any(String), texto: expect.any(String) }]);
      expect(await rules('RECENT_REGULARISATION')).toEqual([
        { rule: 'RECENT_REGULARISATION', endsAt: expect.any(String), texto: expect.any(String) },
      ]);
      expect(await rules('RECENT_THEFT_OR_SPARE_CAR')).toEqual([
        { rule: 'RECENT_THEFT_OR_SPARE_CAR', endsAt: expect.any(String), texto: expect.any(String) },
      ]);
      expect(await rules('COLLISION_IN_PROGRESS')).toEqual([
        { rule: 'COLLISION_IN_PROGRESS', endsAt: null, texto: 'Há um caso de colisão em andamento: disponível quando ele for concluído.' },
      ]);
      const third = await restrictions('THIRD_PARTY_COLLISION');
      expect(third.carroReserva.regras.map((r: { rule: string }) => r.rule)).toEqual(['THIRD_PARTY_COLLISION']);
      expect(third.trocaVeiculo).toEqual({ cobre: false, bloqueio: SPARE_CAR_MSG.thirdPartyCollision });
    });

    it('a free contract is not blocked; a COBRE plan is flagged; someone else’s contract is 404', async () => {
      const c = await civic();
      const fleet = await aLoggedInCustomer(t, { customer: { kind: 'cnpj' }, contract: COBRE });
      expect((await get(`/api/vehicles/contracts/${c.contract.nCtrId}/restrictions`, c)).json()).toEqual({
        carroReserva: { bloqueado: false, regras: [] },
        trocaVeiculo: { cobre: false, bloqueio: null },
      });
      expect((await get(`/api/vehicles/contracts/${fleet.contract.nCtrId}/restrictions`, fleet)).json().trocaVeiculo.cobre).toBe(true);
      expect((await get(`/api/vehicles/contracts/${fleet.contract.nCtrId}/restrictions`, c)).statusCode).toBe(404);
      expect((await get(`/api/vehicles/contracts/${c.contract.nCtrId}/restrictions`, fleet)).statusCode).toBe(404);
    });
  });

  describe('vehicle change case', () => {
    it('prices a plated vehicle from its FIPE value, never the client’s band; a second one is a duplicate', async () => {
      const c = await civic();
      const res = await send(c.contract.nCtrId, plated('BRA2E19'), c);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ Reason: 'Troca de Veículo', Subject: 'Troca de Veículo / Correção de Placa' });
      const d = await details(res.json().Id);
      expect(d.QualNumeroPlaca__c).toBe('BRA2E19');
      expect(JSON.parse(d.Cotacao__c!)).toMatchObject({
        origem: 'placa',
        valorFipe: 128450,
        categoriaFipe: 'CAT_FIPE_130K',
        faixa: 'R$ 120.000 a R$ 130.000',
        limitado: false,
        veiculo: 'VW - VolksWagen T-Cross Highline 1.4 TSI',
      });
      expect((await send(c.contract.nCtrId, plated('ABC1234'), c)).statusCode).toBe(409);
      expect(await casesOf(c.contract.nCtrId)).toBe(1);
    });

    it('150–200 thousand is accepted and priced in the 150K band, limited', async () => {
      const c = await civic();
      const res = await send(c.contract.nCtrId, plated('FRT4G56', { caso: 'Correção de Placa' }), c);
      expect(res.statusCode).toBe(201);
      expect(JSON.parse((await details(res.json().Id)).Cotacao__c!)).toMatchObject({ categoriaFipe: 'CAT_FIPE_150K', limitado: true });
    });

    it.each([
      ['EVO1X23', VEHICLE_MSG.notPermittedText],
      ['PRS9A11', VEHICLE_MSG.fipeAboveMax],
      ['GHI5J67', VEHICLE_MSG.fipeNotFoundTitle],
      ['ZZZ9Z99', VEHICLE_MSG.fipeNotFoundTitle],
    ])('%s is refused with the spec message and stores nothing', async (placa, message) => {
      const c = await civic();
      const res = await send(c.contract.nCtrId, plated(placa), c);
      expect(res.statusCode).toBe(422);
      expect(res.json().mensagem).toBe(message);
      expect(await casesOf(c.contract.nCtrId)).toBe(0);
    });

    it('unplated: chassis, brand, model and year by hand, priced in the band chosen; a model not permitted is refused', async () => {
      const c = await civic();
      const sendCivic = (body: unknown) => send(c.contract.nCtrId, body, c);
      const year = Number(todayInSaoPaulo().slice(0, 4));
      const unplated = {
        ...plated(''),
        naoEmplacado: true,
        placa: undefined,
        chassi: '9BG KS48U0 NG 123457',
        marca: '23',
        modelo: '9099',
        ano: year + 1,
        tipoVeiculo: 'CAT_AGRAVO_PICKUP_CAM',
        faixaFipe: 140,
      };
      expect((await sendCivic({ ...unplated, chassi: '11111111111111111' })).json().mensagem).toBe(VEHICLE_MSG.chassisRepeated);
      expect((await sendCivic({ ...unplated, chassi: '9BGKS48U0NG12345O' })).json().mensagem).toBe(VEHICLE_MSG.chassisInvalid);
      expect((await sendCivic({ ...unplated, ano: year - 5 })).json().mensagem).toBe(VEHICLE_MSG.insertYear);
      const refused = await sendCivic({ ...unplated, marca: '41', modelo: '5762' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().mensagem).toBe(VEHICLE_MSG.notPermittedText);
      const res = await sendCivic(unplated);
      expect(res.statusCode).toBe(201);
      const d = await details(res.json().Id);
      expect(d.QualNumeroPlaca__c).toBe('Não emplacado, chassi 9BGKS48U0NG123457');
      expect(JSON.parse(d.Cotacao__c!)).toMatchObject({
        origem: 'chassi',
        categoriaFipe: 'CAT_FIPE_140K',
        tipoVeiculo: 'CAT_AGRAVO_PICKUP_CAM',
        veiculo: 'GM - Chevrolet Tracker Premier 1.2 Turbo',
        ano: year + 1,
      });
    });

    it('an open collision with third parties, a COBRE plan and someone else’s contract are refused', async () => {
      const blocked = await blockedBy('THIRD_PARTY_COLLISION');
      const third = await send(blocked.contract.nCtrId, plated('BRA2E19'), blocked);
      expect(third.statusCode).toBe(422);
      expect(third.json().mensagem).toBe('Você possui um caso de colisão com terceiros em aberto.');
      const fleet = await aLoggedInCustomer(t, { customer: { kind: 'cnpj' }, contract: COBRE });
      const cobre = await send(fleet.contract.nCtrId, plated('BRA2E19'), fleet);
      expect(cobre.statusCode).toBe(422);
      expect(cobre.json().mensagem).toBe(NO_ONLINE_VEHICLE_CHANGE_MSG);
      const c = await civic();
      const someoneElse = await civic();
      expect((await send(someoneElse.contract.nCtrId, plated('BRA2E19'), c)).statusCode).toBe(404);
      expect(await casesOf(fleet.contract.nCtrId)).toBe(0);
      expect(await casesOf(someoneElse.contract.nCtrId)).toBe(0);
    });
  });

  describe('spare car case', () => {
    const spare = (motivo: string, over: Record<string, unknown> = {}) => ({
      tipo: 'carro-reserva',
      telefone: TEL,
      motivo,
      transporte: 'carro_reserva',
      local: 'Rua da Bahia, 1148 — Belo Horizonte',
      ...over,
    });

    it.each(RULES)('a crafted request on a contract blocked by %s is refused and stores nothing', async (rule) => {
      const c = await blockedBy(rule);
      const n = c.contract.nCtrId;
      const before = await casesOf(n);
      const res = await sendFiles(n, spare('Furto'), [PDF], c);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ erro: 'SPARE_CAR_BLOCKED' });
      expect(res.json().mensagem).toMatch(/^Solicitação Bloqueada: /);
      expect(await casesOf(n)).toBe(before);
    });

    it('theft: the occurrence report, PedidoDoCliente__c and Motivo_Adyen__c; then the 30-day rule blocks another', async () => {
      const c = await civic();
      const n = c.contract.nCtrId;
      expect((await sendFiles(n, spare('Furto', { local: '' }), [PDF], c)).json().mensagem).toBe(VEHICLE_MSG.required);
      expect((await send(n, spare('Roubo'), c)).statusCode).toBe(400); // no report
      const res = await sendFiles(n, spare('Furto'), [PDF], c);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ Reason: 'Carro Reserva', anexos: 1 });
      expect(await details(res.json().Id)).toMatchObject({
        Motivo_Adyen__c: 'Furto',
        PedidoDoCliente__c: 'Carro reserva (até 7 dias). Retirada em: Rua da Bahia, 1148 — Belo Horizonte',
      });
      // Even once that case is closed, the 30-day rule blocks another request.
      await t.app.caseSystem.close(res.json().Id, 'staff');
      const again = await sendFiles(n, spare('Roubo', { transporte: 'reembolso_transporte', local: undefined }), [PDF], c);
      expect(again.statusCode).toBe(422);
      expect(again.json().detalhes.motivo).toBe('RECENT_THEFT_OR_SPARE_CAR');
      expect((await get(`/api/vehicles/contracts/${n}/restrictions`, c)).json().carroReserva.bloqueado).toBe(true);
    });

    it("theft: the occurrence report is a PDF only, a photo gets the spec's message and stores nothing (ADR 061)", async () => {
      const req = spare('Roubo', { transporte: 'reembolso_transporte', local: undefined });
      const c = await civic();
      const res = await sendFiles(c.contract.nCtrId, req, [await photo(10)], c);
      expect(res.statusCode).toBe(415);
      expect(res.json().mensagem).toBe('Apenas arquivos PDF são permitidos para o Boletim de Ocorrência.');
      expect(await casesOf(c.contract.nCtrId)).toBe(0);
    });

    it('collision: exactly two vehicle photos (jpg/png), never a PDF', async () => {
      const req = spare('Colisão', { transporte: 'reembolso_transporte', local: undefined });
      const c = await civic();
      const n = c.contract.nCtrId;
      expect((await sendFiles(n, req, [await photo(10)], c)).statusCode).toBe(400);
      expect((await sendFiles(n, req, [PDF, await photo(10)], c)).statusCode).toBe(415);
      const res = await sendFiles(n, req, [await photo(10), await photo(200)], c);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ anexos: 2 });
      const docs = await rawQuery<{ document_type: string }>(t.db, 'SELECT document_type FROM case_attachments WHERE case_id = $1', [
        res.json().Id,
      ]);
      expect(docs.map((d) => d.document_type)).toEqual(['foto-veiculo', 'foto-veiculo']);
    });
  });
});
