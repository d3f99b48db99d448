import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_CHANGE_MSG, type PlanChangeDto, type QuotationDto } from '@guarita/domain';
import { rawQuery } from '../src/db/db';
import { FixedClock } from '../src/ports/clock';
import { CNPJ_ALFA, CNPJ_HORIZONTE, CPF_CARLA, CPF_JOAO, CPF_MARIA, createTestApp, type TestApp } from './helpers';

/** Plan change and due-date change (issue 12 §1–§3): catalogue states, quotations = case, COBRE, expiry, duplicates, IDOR. */

const TEL = '(31) 98765-4321';

describe('plan change and due-date change', () => {
  let t: TestApp;
  const token: Record<string, string> = {};
  // 05/11/2026 at noon in São Paulo: the pro-rata figures of ADR 050's first rows.
  const clock = new FixedClock('2026-11-05T15:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ clock });
    for (const doc of [CPF_MARIA, CPF_JOAO, CNPJ_HORIZONTE, CNPJ_ALFA, CPF_CARLA]) token[doc] = (await t.login(doc)).AccessToken;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const auth = (who: string) => ({ authorization: `Bearer ${token[who]}` });
  const get = (url: string, who = CPF_MARIA) => t.app.inject({ method: 'GET', url, headers: auth(who) });
  const post = (url: string, body: object, who = CPF_MARIA, key: string | null = randomUUID()) =>
    t.app.inject({ method: 'POST', url, headers: { ...auth(who), ...(key ? { 'idempotency-key': key } : {}) }, payload: body });
  const quote = (nCtrId: number, body: object, who = CPF_MARIA) => post(`/api/plans/contracts/${nCtrId}/quotations`, body, who, null);
  const caseRow = async (id: string) =>
    (
      await rawQuery<{ reason: string; description: string; details: Record<string, unknown> }>(
        t.db,
        'SELECT reason, description, details FROM cases WHERE id = $1',
        [id],
      )
    )[0]!;

  it('lists the target plan priced for the vehicle: pick-up surcharge, towing km options, acquired items', async () => {
    const res = await get('/api/plans/contracts/400401/plan-change', CNPJ_ALFA);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Extract<PlanChangeDto, { situacao: 'disponivel' }>;
    expect(body).toMatchObject({
      situacao: 'disponivel',
      idPlano: 'GUARITA_COMPLETO_SP',
      estado: 'SP',
      fipe: 'CAT_FIPE_110K',
      podeAlternarAnual: true,
    });
    const byCode = new Map(body.itens.map((i) => [i.codigoItem, i]));
    // Perda Total, CAT_FIPE_110K in SP: R$ 215,90 + 20 % pick-up = R$ 259,08; flat items carry no surcharge.
    expect(byCode.get('SRV_ROUBO_FURTO')).toMatchObject({ preco: 25908, obrigatorio: true, adquirido: true });
    expect(byCode.get('SRV_RASTREADOR')).toMatchObject({ preco: 3290, obrigatorio: true });
    expect(byCode.get('SRV_REBOQ')).toMatchObject({ adquirido: false, kmAdquirido: null });
    expect(byCode.get('SRV_REBOQ')!.opcoesKm!.map((o) => [o.km, o.preco])).toEqual([
      [200, 1090],
      [400, 1690],
      [1000, 2790],
    ]);
    expect(byCode.has('SRV_ADESAO')).toBe(false); // adhesion never offered
    expect(byCode.has('SRV_CLUBE')).toBe(false); // price 0 never offered
    expect(body.coberturasBasicas).toEqual(['Perda Total (Furto e Roubo)', 'Rastreamento 24h']);
  });

  it('the annual variant: yearly prices, no toggle on an annual plan', async () => {
    const annual = (await get('/api/plans/contracts/100101/plan-change?tipoPagamento=A')).json() as Extract<
      PlanChangeDto,
      { situacao: 'disponivel' }
    >;
    expect(annual).toMatchObject({ idPlano: 'GUARITA_COMPLETO_ANUAL_MG', tipoPagamento: 'A', parcelas: 12 });
    const civic = (await get('/api/plans/contracts/100104/plan-change?tipoPagamento=A')).json();
    expect(civic).toMatchObject({ idPlano: 'GUARITA_ESSENCIAL_ANUAL_MG', podeAlternarAnual: false });
    const recup = (await get('/api/plans/contracts/200201/plan-change', CPF_JOAO)).json();
    expect(recup).toMatchObject({ idPlano: 'GUARITA_RECUP_MG', isRecupPlan: true });
  });

  it('data states of 001 §5/§8: a plan without its state suffix; COBRE answers the executive', async () => {
    const noSuffix = await get('/api/plans/contracts/100102/plan-change');
    expect(noSuffix.statusCode).toBe(422);
    expect(noSuffix.json()).toMatchObject({ erro: 'STATE_NOT_FOUND', mensagem: PLAN_CHANGE_MSG.stateNotFoundInPlan });
    await t.query("UPDATE contracts SET id_plan = 'GUARITA_PREMIUM_MG' WHERE n_ctr_id = 100102");
    const notListed = await get('/api/plans/contracts/100102/plan-change');
    expect(notListed.json()).toMatchObject({ erro: 'CURRENT_PLAN_UNAVAILABLE', mensagem: PLAN_CHANGE_MSG.currentPlanUnavailable });
    await t.query("UPDATE contracts SET id_plan = 'GUARITA_RASTREADOR' WHERE n_ctr_id = 100102");
    const cobre = await get('/api/plans/contracts/300301/plan-change', CNPJ_HORIZONTE);
    expect(cobre.json()).toMatchObject({
      situacao: 'cobre',
      contato: { nome: 'Renata Figueiredo', telefone: '31991234567', executive: true },
    });
  });

  it("a seeded contract whose plan is not in its state's list: 'Seu plano atual não está disponível…' from real data", async () => {
    const res = await get('/api/plans/contracts/600607/plan-change', CPF_CARLA);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ erro: 'CURRENT_PLAN_UNAVAILABLE', mensagem: PLAN_CHANGE_MSG.currentPlanUnavailable });
    expect((await quote(600607, { tipoPagamento: 'M', itens: [] }, CPF_CARLA)).statusCode).toBe(422);
  });

  it("the catalogue failing: 502 'Erro de servidor ao retornar planos. Tente novamente.' (001 §8), nothing stored", async () => {
    await t.query('ALTER TABLE plan_catalogue RENAME TO plan_catalogue_away');
    try {
      const res = await get('/api/plans/contracts/400401/plan-change', CNPJ_ALFA);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ erro: 'PLANS_SERVER_ERROR', mensagem: PLAN_CHANGE_MSG.plansServerError });
      expect((await quote(400401, { tipoPagamento: 'M', itens: [] }, CNPJ_ALFA)).statusCode).toBe(502);
    } finally {
      await t.query('ALTER TABLE plan_catalogue_away RENAME TO plan_catalogue');
    }
    expect((await get('/api/plans/contracts/400401/plan-change', CNPJ_ALFA)).statusCode).toBe(200);
  });

  it.each([
    [400401, CNPJ_ALFA],
    [100101, CPF_MARIA],
    [200201, CPF_JOAO],
    [600606, CPF_CARLA],
  ])(
    "the seeded fee and items of %i are the price table's: the plan change quotes what the contract has at its fee",
    async (nCtrId, who) => {
      const detail = (await get(`/api/contracts/${nCtrId}`, who)).json() as { monthlyFee: number; items: Array<{ price: number }> };
      const screen = (await get(`/api/plans/contracts/${nCtrId}/plan-change`, who)).json() as Extract<
        PlanChangeDto,
        { situacao: 'disponivel' }
      >;
      const acquired = screen.itens.filter((i) => i.adquirido && !i.obrigatorio);
      const towing = acquired.find((i) => i.codigoItem === 'SRV_REBOQ');
      const q = (
        await quote(
          nCtrId,
          { tipoPagamento: 'M', itens: acquired.map((i) => i.codigoItem), reboqueKm: towing?.kmAdquirido ?? undefined },
          who,
        )
      ).json() as QuotationDto;
      expect(q.initialVlue).toBe(detail.monthlyFee);
      expect(detail.items.reduce((sum, i) => sum + i.price, 0)).toBe(detail.monthlyFee);
      // The bills are of the same amount.
      const bills = (await get(`/api/contracts/${nCtrId}/bills`, who)).json() as { bills: Array<{ docTotal: number }> };
      for (const b of bills.bills) expect(b.docTotal).toBe(detail.monthlyFee);
    },
  );

  it("an annual contract's fee is one of the twelve installments of its plan's yearly price", async () => {
    const detail = (await get('/api/contracts/100104')).json() as { monthlyFee: number };
    const q = (
      await quote(100104, { tipoPagamento: 'A', itens: ['SRV_ASS24', 'SRV_REBOQ', 'SRV_SEGUROS_LTI'], reboqueKm: 200 })
    ).json() as QuotationDto;
    expect(q).toMatchObject({ parcelas: 12, valorParcela: detail.monthlyFee, adicionados: [], removidos: [] });
  });

  it('COBRE is refused a quotation and a plan change', async () => {
    const q = await quote(300301, { tipoPagamento: 'M', itens: [] }, CNPJ_HORIZONTE);
    expect(q.statusCode).toBe(422);
    expect(q.json()).toMatchObject({ erro: 'COBRE_PLAN' });
    const s = await post('/api/plans/contracts/300301/plan-change', { idCotacao: randomUUID(), telefone: TEL }, CNPJ_HORIZONTE);
    expect(s.statusCode).toBe(422);
  });

  it('the case carries the quotation and its numbers, whatever the client sends', async () => {
    const q = await quote(400401, { tipoPagamento: 'M', itens: ['SRV_ASS24', 'SRV_VIDROS', 'SRV_REBOQ'], reboqueKm: 400 }, CNPJ_ALFA);
    expect(q.statusCode).toBe(201);
    const quotation = q.json() as QuotationDto;
    // Required R$ 259,08 + R$ 32,90, kept R$ 32,90 + R$ 16,90, towing 400 km R$ 16,90.
    expect(quotation).toMatchObject({ initialVlue: 35868, fipe: 'CAT_FIPE_110K', colisao: false, vidros: true, parcelas: 1 });
    expect(quotation.adicionados).toEqual(['Reboque até 400 km']);
    expect(quotation.removidos).toEqual([]);
    expect((await get(`/api/plans/quotations/${quotation.IdCotacao}`, CNPJ_ALFA)).json()).toEqual(quotation);

    // Extra fields (a price, another total) are not part of the request: the case is built from the stored quotation.
    const key = randomUUID();
    const res = await post(
      '/api/plans/contracts/400401/plan-change',
      { idCotacao: quotation.IdCotacao, telefone: TEL, initialVlue: 1 },
      CNPJ_ALFA,
      key,
    );
    expect(res.statusCode).toBe(201);
    const row = await caseRow(res.json().Id);
    expect(row.reason).toBe('Alteração de Plano');
    expect(row.details).toMatchObject({ idCotacao: quotation.IdCotacao });
    expect(row.description).toContain('R$\u00a0358,68');
    expect(row.description).toContain('Adicionado: Reboque até 400 km');

    // The answer was lost and the retry comes after the quotation expired: the same case, replayed.
    await t.query('UPDATE plan_quotations SET expires_at = $2 WHERE id = $1', [
      quotation.IdCotacao,
      new Date(clock.now().getTime() - 60_000),
    ]);
    const retry = await post('/api/plans/contracts/400401/plan-change', { idCotacao: quotation.IdCotacao, telefone: TEL }, CNPJ_ALFA, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().Id).toBe(res.json().Id);

    // One open plan change per contract.
    const again = await quote(400401, { tipoPagamento: 'M', itens: ['SRV_ASS24'] }, CNPJ_ALFA);
    const dup = await post('/api/plans/contracts/400401/plan-change', { idCotacao: again.json().IdCotacao, telefone: TEL }, CNPJ_ALFA);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detalhes.DescricaoErroApiExterna).toContain('Caso duplicado');
  });

  it('annual quotation: yearly ÷ 12 × months in N installments', async () => {
    const res = await quote(100101, { tipoPagamento: 'A', itens: ['SRV_ASS24'] });
    const q = res.json() as QuotationDto;
    expect(q).toMatchObject({ idPlano: 'GUARITA_COMPLETO_ANUAL_MG', tipoPagamento: 'A', parcelas: 12 });
    const yearly = [...q.required, ...q.added].reduce((s, l) => s + l.value, 0);
    expect(q.initialVlue).toBe(yearly);
    expect(q.valorParcela).toBe(Math.round(yearly / 12));
    expect(q.removidos).toEqual(expect.arrayContaining(['Colisão completa', 'Vidros', 'Reboque até 200 km']));
  });

  it('refuses unknown items, an expired quotation and someone else’s quotation', async () => {
    expect((await quote(100101, { tipoPagamento: 'M', itens: ['SRV_ADESAO'] })).statusCode).toBe(400);
    const q = (await quote(100101, { tipoPagamento: 'M', itens: ['SRV_ASS24'] })).json() as QuotationDto;
    expect((await get(`/api/plans/quotations/${q.IdCotacao}`, CPF_JOAO)).statusCode).toBe(404);
    const other = await post('/api/plans/contracts/200201/plan-change', { idCotacao: q.IdCotacao, telefone: TEL }, CPF_JOAO);
    expect(other.statusCode).toBe(404);
    await t.query('UPDATE plan_quotations SET expires_at = $2 WHERE id = $1', [q.IdCotacao, new Date(clock.now().getTime() - 60_000)]);
    const expired = await post('/api/plans/contracts/100101/plan-change', { idCotacao: q.IdCotacao, telefone: TEL });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ erro: 'QUOTATION_EXPIRED' });
  });

  it('IDOR: every plan route answers 404 for another customer’s contract', async () => {
    expect((await get('/api/plans/contracts/100101/plan-change', CPF_JOAO)).statusCode).toBe(404);
    expect((await quote(100101, { tipoPagamento: 'M', itens: [] }, CPF_JOAO)).statusCode).toBe(404);
    expect((await post('/api/plans/contracts/100101/plan-change', { idCotacao: randomUUID(), telefone: TEL }, CPF_JOAO)).statusCode).toBe(
      404,
    );
    expect((await get('/api/due-date/contracts/100101/simulation?dia=20', CPF_JOAO)).statusCode).toBe(404);
    expect((await post('/api/due-date/contracts/100101', { dia: 20, telefone: TEL }, CPF_JOAO)).statusCode).toBe(404);
  });

  it('due date: the simulation of ADR 050, the case fields, duplicate 409', async () => {
    // Maria's Onix: due on the 10th, R$ 394,40 (its price-table fee); on 05/11 moving to the 20th adds 10 days = R$ 131,47.
    const sim = await get('/api/due-date/contracts/100101/simulation?dia=20');
    expect(sim.statusCode).toBe(200);
    expect(sim.json()).toMatchObject({
      diaAtual: 10,
      valorMensalidade: 39440,
      diasProporcionais: 10,
      valorAcrescimo: 13147,
      valorVoucher: 0,
      valorProximaFatura: 52587,
      proximoVencimento: '2026-11-20',
      cobrarValorProRata: 'Sim',
    });
    expect((await get('/api/due-date/contracts/100101/simulation?dia=31')).statusCode).toBe(400);
    const bad = await post('/api/due-date/contracts/100101', { telefone: TEL });
    expect(bad.json()).toMatchObject({ mensagem: 'Insira a nova data de vencimento' });
    expect((await post('/api/due-date/contracts/100101', { dia: 10, telefone: TEL })).statusCode).toBe(422);

    const res = await post('/api/due-date/contracts/100101', { dia: 20, telefone: TEL });
    expect(res.statusCode).toBe(201);
    const row = await caseRow(res.json().Id);
    expect(row.reason).toBe('Alteração de Vencimento');
    expect(row.details).toMatchObject({ DiaVencimento__c: 20, CobrarValorProRata__c: 'Sim' });
    expect(row.description).toContain('R$\u00a0525,87');

    const dup = await post('/api/due-date/contracts/100101', { dia: 25, telefone: TEL });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ erro: 'DUPLICATE_CASE' });
    expect(dup.json().detalhes.DescricaoErroApiExterna).toContain(res.json().CaseNumber);
  });
});
