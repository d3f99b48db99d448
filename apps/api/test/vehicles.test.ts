import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_ONLINE_VEHICLE_CHANGE_MSG, SPARE_CAR_MSG, todayInSaoPaulo, VEHICLE_MSG } from '@guarita/domain';
import { rawQuery } from '../src/db/db';
import { CNPJ_HORIZONTE, CPF_CARLA, CPF_JOAO, CPF_MARIA, createTestApp, fileOf, formBody, type TestApp } from './helpers';

/** Vehicle change / plate correction and spare car (issue 12 §4–§5): vehicle port, quotation, blocking rules, IDOR. */

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

describe('vehicles: plate lookup, quotation and spare-car blocking', () => {
  let t: TestApp;
  let uploads: string;
  const token: Record<string, string> = {};

  beforeAll(async () => {
    uploads = mkdtempSync(path.join(tmpdir(), 'guarita-uploads-'));
    t = await createTestApp({ env: { UPLOADS_DIR: uploads } });
    for (const doc of [CPF_MARIA, CPF_JOAO, CNPJ_HORIZONTE, CPF_CARLA]) token[doc] = (await t.login(doc)).AccessToken;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    rmSync(uploads, { recursive: true, force: true });
  });

  const auth = (who: string) => ({ authorization: `Bearer ${token[who]}` });
  const get = (url: string, who = CPF_MARIA) => t.app.inject({ method: 'GET', url, headers: auth(who) });
  const send = (nCtrId: number, body: unknown, who = CPF_MARIA) =>
    t.app.inject({
      method: 'POST',
      url: `/api/cases/contracts/${nCtrId}`,
      headers: { ...auth(who), 'idempotency-key': randomUUID() },
      payload: body as object,
    });
  const sendFiles = async (nCtrId: number, dados: unknown, files: Buffer[], who = CPF_MARIA) => {
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
  const details = async (id: string) =>
    (await rawQuery<{ details: Record<string, string> }>(t.db, 'SELECT details FROM cases WHERE id = $1', [id]))[0]!.details;
  const casesOf = async (nCtrId: number) =>
    Number((await rawQuery<{ n: number }>(t.db, 'SELECT count(*)::int AS n FROM cases WHERE n_ctr_id = $1', [nCtrId]))[0]!.n);
  const close = (id: string) => t.app.caseSystem.close(id, 'staff');

  describe('vehicle port', () => {
    it('looks up old and Mercosul plates, in any case and with a hyphen', async () => {
      const old = await get('/api/vehicles/plates/abc-1234');
      expect(old.statusCode).toBe(200);
      expect(old.json()).toMatchObject({ Placa: 'ABC1234', Fabricante: 'Fiat', Permitido: true, Fipe: { Valor: 22350 } });
      const mercosul = await get('/api/vehicles/plates/BRA2E19');
      expect(mercosul.json()).toMatchObject({ Placa: 'BRA2E19', Modelo: 'T-Cross Highline 1.4 TSI', Chassi: '9BWBH6BF4R4012345' });
      expect((await get('/api/vehicles/plates/EVO1X23')).json()).toMatchObject({ Permitido: false });
      expect((await get('/api/vehicles/plates/GHI5J67')).json().Fipe.Valor).toBeNull();
    });

    it("an unknown plate is 404 with the FIPE message; a non-plate is 400 'Insira a placa do carro'; no session is 401", async () => {
      const missing = await get('/api/vehicles/plates/ZZZ9Z99');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ mensagem: VEHICLE_MSG.fipeNotFoundTitle, detalhes: { motivo: VEHICLE_MSG.fipeNotFoundText } });
      const bad = await get('/api/vehicles/plates/12345');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().mensagem).toBe(VEHICLE_MSG.insertPlate);
      expect((await t.app.inject({ method: 'GET', url: '/api/vehicles/plates/ABC1234' })).statusCode).toBe(401);
    });

    it('lists FIPE brands and a brand’s models with Permitido', async () => {
      const brands = (await get('/api/vehicles/brands')).json().marcas as Array<{ Codigo: string; Nome: string }>;
      expect(brands).toContainEqual({ Codigo: '23', Nome: 'GM - Chevrolet' });
      const models = (await get('/api/vehicles/brands/41/models')).json().modelos;
      expect(models).toContainEqual({ Codigo: '5762', Nome: 'Lancer Evolution X 2.0 Turbo', Permitido: false });
      expect((await get('/api/vehicles/brands/999/models')).statusCode).toBe(404);
      expect((await get('/api/vehicles/brands/abc/models')).statusCode).toBe(400);
    });
  });

  describe('restrictions', () => {
    it('each demo contract shows its blocking rule, with when it ends', async () => {
      const rules = async (n: number) => (await get(`/api/vehicles/contracts/${n}/restrictions`, CPF_CARLA)).json().carroReserva.regras;
      expect((await rules(600601))[0]).toMatchObject({ rule: 'GRACE_PERIOD', endsAt: expect.any(String) });
      expect((await rules(600602))[0]).toMatchObject({ rule: 'RECENT_REGULARISATION' });
      expect((await rules(600603))[0]).toMatchObject({ rule: 'RECENT_THEFT_OR_SPARE_CAR' });
      expect(await rules(600604)).toEqual([
        { rule: 'COLLISION_IN_PROGRESS', endsAt: null, texto: 'Há um caso de colisão em andamento: disponível quando ele for concluído.' },
      ]);
      const third = (await get('/api/vehicles/contracts/600605/restrictions', CPF_CARLA)).json();
      expect(third.carroReserva.regras.map((r: { rule: string }) => r.rule)).toEqual(['THIRD_PARTY_COLLISION']);
      expect(third.trocaVeiculo).toEqual({ cobre: false, bloqueio: SPARE_CAR_MSG.thirdPartyCollision });
    });

    it('a free contract is not blocked; a COBRE plan is flagged; someone else’s contract is 404', async () => {
      expect((await get('/api/vehicles/contracts/100104/restrictions')).json()).toEqual({
        carroReserva: { bloqueado: false, regras: [] },
        trocaVeiculo: { cobre: false, bloqueio: null },
      });
      expect((await get('/api/vehicles/contracts/300301/restrictions', CNPJ_HORIZONTE)).json().trocaVeiculo.cobre).toBe(true);
      expect((await get('/api/vehicles/contracts/600601/restrictions')).statusCode).toBe(404);
      expect((await get('/api/vehicles/contracts/100104/restrictions', CPF_CARLA)).statusCode).toBe(404);
    });
  });

  describe('vehicle change case', () => {
    it('prices a plated vehicle from its FIPE value, never the client’s band; a second one is a duplicate', async () => {
      const res = await send(100104, plated('BRA2E19'));
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
      expect((await send(100104, plated('ABC1234'))).statusCode).toBe(409);
      await close(res.json().Id);
    });

    it('150–200 thousand is accepted and priced in the 150K band, limited', async () => {
      const res = await send(100104, plated('FRT4G56', { caso: 'Correção de Placa' }));
      expect(res.statusCode).toBe(201);
      expect(JSON.parse((await details(res.json().Id)).Cotacao__c!)).toMatchObject({ categoriaFipe: 'CAT_FIPE_150K', limitado: true });
      await close(res.json().Id);
    });

    it.each([
      ['EVO1X23', VEHICLE_MSG.notPermittedText],
      ['PRS9A11', VEHICLE_MSG.fipeAboveMax],
      ['GHI5J67', VEHICLE_MSG.fipeNotFoundTitle],
      ['ZZZ9Z99', VEHICLE_MSG.fipeNotFoundTitle],
    ])('%s is refused with the spec message and stores nothing', async (placa, message) => {
      const before = await casesOf(100104);
      const res = await send(100104, plated(placa));
      expect(res.statusCode).toBe(422);
      expect(res.json().mensagem).toBe(message);
      expect(await casesOf(100104)).toBe(before);
    });

    it('unplated: chassis, brand, model and year by hand, priced in the band chosen; a model not permitted is refused', async () => {
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
      expect((await send(100104, { ...unplated, chassi: '11111111111111111' })).json().mensagem).toBe(VEHICLE_MSG.chassisRepeated);
      expect((await send(100104, { ...unplated, chassi: '9BGKS48U0NG12345O' })).json().mensagem).toBe(VEHICLE_MSG.chassisInvalid);
      expect((await send(100104, { ...unplated, ano: year - 5 })).json().mensagem).toBe(VEHICLE_MSG.insertYear);
      const refused = await send(100104, { ...unplated, marca: '41', modelo: '5762' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().mensagem).toBe(VEHICLE_MSG.notPermittedText);
      const res = await send(100104, unplated);
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
      await close(res.json().Id);
    });

    it('an open collision with third parties, a COBRE plan and someone else’s contract are refused', async () => {
      const third = await send(600605, plated('BRA2E19'), CPF_CARLA);
      expect(third.statusCode).toBe(422);
      expect(third.json().mensagem).toBe('Você possui um caso de colisão com terceiros em aberto.');
      const cobre = await send(300301, plated('BRA2E19'), CNPJ_HORIZONTE);
      expect(cobre.statusCode).toBe(422);
      expect(cobre.json().mensagem).toBe(NO_ONLINE_VEHICLE_CHANGE_MSG);
      expect((await send(600601, plated('BRA2E19'))).statusCode).toBe(404);
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

    it.each([600601, 600602, 600603, 600604, 600605])(
      'a crafted request on blocked contract %i is refused and stores nothing',
      async (n) => {
        const before = await casesOf(n);
        const res = await sendFiles(n, spare('Furto'), [PDF], CPF_CARLA);
        expect(res.statusCode).toBe(422);
        expect(res.json()).toMatchObject({ erro: 'SPARE_CAR_BLOCKED' });
        expect(res.json().mensagem).toMatch(/^Solicitação Bloqueada: /);
        expect(await casesOf(n)).toBe(before);
      },
    );

    it('theft: the occurrence report, PedidoDoCliente__c and Motivo_Adyen__c; then the 30-day rule blocks another', async () => {
      expect((await sendFiles(100104, spare('Furto', { local: '' }), [PDF])).json().mensagem).toBe(VEHICLE_MSG.required);
      expect((await send(100104, spare('Roubo'))).statusCode).toBe(400); // no report
      const res = await sendFiles(100104, spare('Furto'), [PDF]);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ Reason: 'Carro Reserva', anexos: 1 });
      expect(await details(res.json().Id)).toMatchObject({
        Motivo_Adyen__c: 'Furto',
        PedidoDoCliente__c: 'Carro reserva (até 7 dias). Retirada em: Rua da Bahia, 1148 — Belo Horizonte',
      });
      await close(res.json().Id);
      const again = await sendFiles(100104, spare('Roubo', { transporte: 'reembolso_transporte', local: undefined }), [PDF]);
      expect(again.statusCode).toBe(422);
      expect(again.json().detalhes.motivo).toBe('RECENT_THEFT_OR_SPARE_CAR');
      expect((await get('/api/vehicles/contracts/100104/restrictions')).json().carroReserva.bloqueado).toBe(true);
    });

    it("theft: the occurrence report is a PDF only, a photo gets the spec's message and stores nothing (ADR 061)", async () => {
      const req = spare('Roubo', { transporte: 'reembolso_transporte', local: undefined });
      const before = await casesOf(200201);
      const res = await sendFiles(200201, req, [await photo(10)], CPF_JOAO);
      expect(res.statusCode).toBe(415);
      expect(res.json().mensagem).toBe('Apenas arquivos PDF são permitidos para o Boletim de Ocorrência.');
      expect(await casesOf(200201)).toBe(before);
    });

    it('collision: exactly two vehicle photos (jpg/png), never a PDF', async () => {
      const req = spare('Colisão', { transporte: 'reembolso_transporte', local: undefined });
      expect((await sendFiles(200201, req, [await photo(10)], CPF_JOAO)).statusCode).toBe(400);
      expect((await sendFiles(200201, req, [PDF, await photo(10)], CPF_JOAO)).statusCode).toBe(415);
      const res = await sendFiles(200201, req, [await photo(10), await photo(200)], CPF_JOAO);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ anexos: 2 });
      const docs = await rawQuery<{ document_type: string }>(t.db, 'SELECT document_type FROM case_attachments WHERE case_id = $1', [
        res.json().Id,
      ]);
      expect(docs.map((d) => d.document_type)).toEqual(['foto-veiculo', 'foto-veiculo']);
    });
  });
});
