import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_CHANGE_MSG, type PlanChangeDto, type QuotationDto } from '@guarita/domain';
import { rawQuery } from '../src/db/db';
import { FixedClock } from '../src/ports/clock';
import { createTestApp, type TestApp } from './helpers';
import { aBill, aContract, aCustomer, aSession, type ContractInput, type CustomerInput } from './factories';

/** Plan change and due-date change (issue 12 §1–§3): catalogue states, quotations = case, COBRE, expiry, duplicates, IDOR. */

const TEL = '(31) 98765-4321';

/** Contracts as the tests need them (ADR 070: each test makes its own, through the factories). */
const SHAPES = {
  /** Guarita Completo SP on a pick-up (FIPE R$ 110.000): tracker, assistance without towing, glass. */
  pickupSp: {
    customer: {
      kind: 'cnpj',
      addresses: [{ street: 'Avenida Paulista', no: '1000', block: 'Bela Vista', city: 'São Paulo', state: 'SP', zip: '01310100' }],
    },
    contract: {
      idPlan: 'GUARITA_COMPLETO_SP',
      slpCode: 76,
      dueDay: 31,
      fipeLimit: 11_000_000,
      vehicleType: 'CAT_AGRAVO_PICKUP_CAM',
      items: ['roubo_furto', 'rastreador', 'assistencia', 'vidros'],
      towing: false,
    },
  },
  /** Guarita Completo MG on a car: tracker, assistance (200 km), collision, glass; due on the 10th. */
  completoMg: { customer: {}, contract: {} },
  /** Guarita Essencial Anual MG on a car with no seller: assistance (200 km), collision. */
  annualMg: {
    customer: {},
    contract: {
      idPlan: 'GUARITA_ESSENCIAL_ANUAL_MG',
      planName: 'Guarita Essencial Anual',
      slpCode: null,
      dueDay: 20,
      tracker: false,
      fipeLimit: 12_000_000,
      items: ['roubo_furto', 'assistencia', 'colisao'],
    },
  },
  /** Guarita Recuperação MG: theft and tracker only. */
  recupMg: {
    customer: { phone: null, smsPhone: null },
    contract: {
      idPlan: 'GUARITA_RECUP_MG',
      planName: 'Guarita Recuperação',
      slpCode: 19,
      dueDay: 15,
      fipeLimit: 5_000_000,
      items: ['roubo_furto', 'rastreador'],
    },
  },
  /** Guarita Completo MG with a spare car and no glass cover. */
  spareCarMg: {
    customer: {},
    contract: { dueDay: 5, tracker: false, items: ['roubo_furto', 'rastreador', 'assistencia', 'colisao', 'carro_reserva'] },
  },
  /** A device-only plan named without its state suffix (outside the catalogue). */
  trackerOnly: {
    customer: {},
    contract: {
      idPlan: 'GUARITA_RASTREADOR',
      planName: 'Guarita Rastreador',
      fee: 4990,
      fipeLimit: 0,
      vehicle: null,
      items: ['rastreador', 'assistencia'],
    },
  },
  /** A plan no longer sold (not in MG's list). */
  classicoMg: {
    customer: {},
    contract: {
      idPlan: 'GUARITA_CLASSICO_MG',
      planName: 'Guarita Clássico',
      fee: 10780,
      dueDay: 5,
      tracker: false,
      fipeLimit: 6_000_000,
      items: ['roubo_furto', 'assistencia', 'vidros'],
    },
  },
  /** A Cobre fleet plan whose seller (31) is an executive. */
  cobreFleet: {
    customer: { kind: 'cnpj' },
    contract: {
      idPlan: 'GUARITA_COBRE_FROTA_MG',
      planName: 'Guarita Cobre Frota',
      slpCode: 31,
      dueDay: 5,
      fipeLimit: 15_000_000,
      vehicleType: 'CAT_AGRAVO_OUTROS',
      items: ['roubo_furto', 'rastreador', 'assistencia', 'colisao', 'carro_reserva'],
    },
  },
} satisfies Record<string, { customer: CustomerInput; contract: ContractInput }>;

describe('plan change and due-date change', () => {
  let t: TestApp;
  // 05/11/2026 at noon in São Paulo: the pro-rata figures of ADR 050's first rows.
  const clock = new FixedClock('2026-11-05T15:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ clock });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  /** A logged-in customer with one contract of `shape`: its contract number and fee, and its access token. */
  async function holder(shape: keyof typeof SHAPES): Promise<{ nCtrId: number; fee: number; token: string }> {
    const customer = await aCustomer(t, SHAPES[shape].customer as CustomerInput);
    const { nCtrId, fee } = await aContract(t, customer, SHAPES[shape].contract as ContractInput);
    return { nCtrId, fee, token: (await aSession(t, customer)).AccessToken };
  }

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const get = (url: string, who: string) => t.app.inject({ method: 'GET', url, headers: auth(who) });
  const post = (url: string, body: object, who: string, key: string | null = randomUUID()) =>
    t.app.inject({ method: 'POST', url, headers: { ...auth(who), ...(key ? { 'idempotency-key': key } : {}) }, payload: body });
  const quote = (nCtrId: number, body: object, who: string) => post(`/api/plans/contracts/${nCtrId}/quotations`, body, who, null);
  const caseRow = async (id: string) =>
    (
      await rawQuery<{ reason: string; description: string; details: Record<string, unknown> }>(
        t.db,
        'SELECT reason, description, details FROM cases WHERE id = $1',
        [id],
      )
    )[0]!;

  it('lists the target plan priced for the vehicle: pick-up surcharge, towing km options, acquired items', async () => {
    const alfa = await holder('pickupSp');
    const res = await get(`/api/plans/contracts/${alfa.nCtrId}/plan-change`, alfa.token);
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
    const onix = await holder('completoMg');
    const annual = (await get(`/api/plans/contracts/${onix.nCtrId}/plan-change?tipoPagamento=A`, onix.token)).json() as Extract<
      PlanChangeDto,
      { situacao: 'disponivel' }
    >;
    expect(annual).toMatchObject({ idPlano: 'GUARITA_COMPLETO_ANUAL_MG', tipoPagamento: 'A', parcelas: 12 });
    const civic = await holder('annualMg');
    expect((await get(`/api/plans/contracts/${civic.nCtrId}/plan-change?tipoPagamento=A`, civic.token)).json()).toMatchObject({
      idPlano: 'GUARITA_ESSENCIAL_ANUAL_MG',
      podeAlternarAnual: false,
    });
    const gol = await holder('recupMg');
    expect((await get(`/api/plans/contracts/${gol.nCtrId}/plan-change`, gol.token)).json()).toMatchObject({
      idPlano: 'GUARITA_RECUP_MG',
      isRecupPlan: true,
    });
  });

  it('data states of 001 §5/§8: a plan without its state suffix; COBRE answers the executive', async () => {
    const device = await holder('trackerOnly');
    const noSuffix = await get(`/api/plans/contracts/${device.nCtrId}/plan-change`, device.token);
    expect(noSuffix.statusCode).toBe(422);
    expect(noSuffix.json()).toMatchObject({ erro: 'STATE_NOT_FOUND', mensagem: PLAN_CHANGE_MSG.stateNotFoundInPlan });
    await t.query("UPDATE contracts SET id_plan = 'GUARITA_PREMIUM_MG' WHERE n_ctr_id = $1", [device.nCtrId]);
    const notListed = await get(`/api/plans/contracts/${device.nCtrId}/plan-change`, device.token);
    expect(notListed.json()).toMatchObject({ erro: 'CURRENT_PLAN_UNAVAILABLE', mensagem: PLAN_CHANGE_MSG.currentPlanUnavailable });
    const fleet = await holder('cobreFleet');
    const cobre = await get(`/api/plans/contracts/${fleet.nCtrId}/plan-change`, fleet.token);
    expect(cobre.json()).toMatchObject({
      situacao: 'cobre',
      contato: { nome: 'Renata Figueiredo', telefone: '31991234567', executive: true },
    });
  });

  it("a contract whose plan is not in its state's list: 'Seu plano atual não está disponível…'", async () => {
    const old = await holder('classicoMg');
    const res = await get(`/api/plans/contracts/${old.nCtrId}/plan-change`, old.token);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ erro: 'CURRENT_PLAN_UNAVAILABLE', mensagem: PLAN_CHANGE_MSG.currentPlanUnavailable });
    expect((await quote(old.nCtrId, { tipoPagamento: 'M', itens: [] }, old.token)).statusCode).toBe(422);
  });

  it("the catalogue failing: 502 'Erro de servidor ao retornar planos. Tente novamente.' (001 §8), nothing stored", async () => {
    const alfa = await holder('pickupSp');
    const url = `/api/plans/contracts/${alfa.nCtrId}/plan-change`;
    await t.query('ALTER TABLE plan_catalogue RENAME TO plan_catalogue_away');
    try {
      const res = await get(url, alfa.token);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ erro: 'PLANS_SERVER_ERROR', mensagem: PLAN_CHANGE_MSG.plansServerError });
      expect((await quote(alfa.nCtrId, { tipoPagamento: 'M', itens: [] }, alfa.token)).statusCode).toBe(502);
    } finally {
      await t.query('ALTER TABLE plan_catalogue_away RENAME TO plan_catalogue');
    }
    const quotations = await t.query('SELECT 1 FROM plan_quotations WHERE n_ctr_id = $1', [alfa.nCtrId]);
    expect(quotations).toEqual([]);
    expect((await get(url, alfa.token)).statusCode).toBe(200);
  });

  it.each(['pickupSp', 'completoMg', 'recupMg', 'spareCarMg'] as const)(
    "a contract priced as the seed prices it (%s) has the price table's fee and items: the plan change quotes what it has at its fee",
    async (shape) => {
      const { nCtrId, fee, token } = await holder(shape);
      for (const status of ['P', 'I', 'A'] as const) await aBill(t, { nCtrId, fee }, { status });
      const detail = (await get(`/api/contracts/${nCtrId}`, token)).json() as { monthlyFee: number; items: Array<{ price: number }> };
      const screen = (await get(`/api/plans/contracts/${nCtrId}/plan-change`, token)).json() as Extract<
        PlanChangeDto,
        { situacao: 'disponivel' }
      >;
      const acquired = screen.itens.filter((i) => i.adquirido && !i.obrigatorio);
      const towing = acquired.find((i) => i.codigoItem === 'SRV_REBOQ');
      const q = (
        await quote(
          nCtrId,
          { tipoPagamento: 'M', itens: acquired.map((i) => i.codigoItem), reboqueKm: towing?.kmAdquirido ?? undefined },
          token,
        )
      ).json() as QuotationDto;
      expect(q.initialVlue).toBe(detail.monthlyFee);
      expect(detail.items.reduce((sum, i) => sum + i.price, 0)).toBe(detail.monthlyFee);
      // The bills are of the same amount.
      const bills = (await get(`/api/contracts/${nCtrId}/bills`, token)).json() as { bills: Array<{ docTotal: number }> };
      expect(bills.bills).toHaveLength(3);
      for (const b of bills.bills) expect(b.docTotal).toBe(detail.monthlyFee);
    },
  );

  it("an annual contract's fee is one of the twelve installments of its plan's yearly price", async () => {
    const civic = await holder('annualMg');
    const detail = (await get(`/api/contracts/${civic.nCtrId}`, civic.token)).json() as { monthlyFee: number };
    const q = (
      await quote(civic.nCtrId, { tipoPagamento: 'A', itens: ['SRV_ASS24', 'SRV_REBOQ', 'SRV_SEGUROS_LTI'], reboqueKm: 200 }, civic.token)
    ).json() as QuotationDto;
    expect(q).toMatchObject({ parcelas: 12, valorParcela: detail.monthlyFee, adicionados: [], removidos: [] });
  });

  it('COBRE is refused a quotation and a plan change', async () => {
    const fleet = await holder('cobreFleet');
    const q = await quote(fleet.nCtrId, { tipoPagamento: 'M', itens: [] }, fleet.token);
    expect(q.statusCode).toBe(422);
    expect(q.json()).toMatchObject({ erro: 'COBRE_PLAN' });
    const s = await post(`/api/plans/contracts/${fleet.nCtrId}/plan-change`, { idCotacao: randomUUID(), telefone: TEL }, fleet.token);
    expect(s.statusCode).toBe(422);
  });

  it('the case carries the quotation and its numbers, whatever the client sends', async () => {
    const alfa = await holder('pickupSp');
    const url = `/api/plans/contracts/${alfa.nCtrId}/plan-change`;
    const q = await quote(alfa.nCtrId, { tipoPagamento: 'M', itens: ['SRV_ASS24', 'SRV_VIDROS', 'SRV_REBOQ'], reboqueKm: 400 }, alfa.token);
    expect(q.statusCode).toBe(201);
    const quotation = q.json() as QuotationDto;
    // Required R$ 259,08 + R$ 32,90, kept R$ 32,90 + R$ 16,90, towing 400 km R$ 16,90.
    expect(quotation).toMatchObject({ initialVlue: 35868, fipe: 'CAT_FIPE_110K', colisao: false, vidros: true, parcelas: 1 });
    expect(quotation.adicionados).toEqual(['Reboque até 400 km']);
    expect(quotation.removidos).toEqual([]);
    expect((await get(`/api/plans/quotations/${quotation.IdCotacao}`, alfa.token)).json()).toEqual(quotation);

    // Extra fields (a price, another total) are not part of the request: the case is built from the stored quotation.
    const key = randomUUID();
    const res = await post(url, { idCotacao: quotation.IdCotacao, telefone: TEL, initialVlue: 1 }, alfa.token, key);
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
    const retry = await post(url, { idCotacao: quotation.IdCotacao, telefone: TEL }, alfa.token, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().Id).toBe(res.json().Id);

    // One open plan change per contract.
    const again = await quote(alfa.nCtrId, { tipoPagamento: 'M', itens: ['SRV_ASS24'] }, alfa.token);
    const dup = await post(url, { idCotacao: again.json().IdCotacao, telefone: TEL }, alfa.token);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detalhes.DescricaoErroApiExterna).toContain('Caso duplicado');
  });

  it('annual quotation: yearly ÷ 12 × months in N installments', async () => {
    const onix = await holder('completoMg');
    const res = await quote(onix.nCtrId, { tipoPagamento: 'A', itens: ['SRV_ASS24'] }, onix.token);
    const q = res.json() as QuotationDto;
    expect(q).toMatchObject({ idPlano: 'GUARITA_COMPLETO_ANUAL_MG', tipoPagamento: 'A', parcelas: 12 });
    const yearly = [...q.required, ...q.added].reduce((s, l) => s + l.value, 0);
    expect(q.initialVlue).toBe(yearly);
    expect(q.valorParcela).toBe(Math.round(yearly / 12));
    expect(q.removidos).toEqual(expect.arrayContaining(['Colisão completa', 'Vidros', 'Reboque até 200 km']));
  });

  it('refuses unknown items, an expired quotation and someone else’s quotation', async () => {
    const maria = await holder('completoMg');
    const joao = await holder('recupMg');
    expect((await quote(maria.nCtrId, { tipoPagamento: 'M', itens: ['SRV_ADESAO'] }, maria.token)).statusCode).toBe(400);
    const q = (await quote(maria.nCtrId, { tipoPagamento: 'M', itens: ['SRV_ASS24'] }, maria.token)).json() as QuotationDto;
    expect((await get(`/api/plans/quotations/${q.IdCotacao}`, joao.token)).statusCode).toBe(404);
    const other = await post(`/api/plans/contracts/${joao.nCtrId}/plan-change`, { idCotacao: q.IdCotacao, telefone: TEL }, joao.token);
    expect(other.statusCode).toBe(404);
    await t.query('UPDATE plan_quotations SET expires_at = $2 WHERE id = $1', [q.IdCotacao, new Date(clock.now().getTime() - 60_000)]);
    const expired = await post(`/api/plans/contracts/${maria.nCtrId}/plan-change`, { idCotacao: q.IdCotacao, telefone: TEL }, maria.token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ erro: 'QUOTATION_EXPIRED' });
  });

  it('IDOR: every plan route answers 404 for another customer’s contract', async () => {
    const { nCtrId } = await holder('completoMg');
    const joao = (await holder('recupMg')).token;
    expect((await get(`/api/plans/contracts/${nCtrId}/plan-change`, joao)).statusCode).toBe(404);
    expect((await quote(nCtrId, { tipoPagamento: 'M', itens: [] }, joao)).statusCode).toBe(404);
    expect((await post(`/api/plans/contracts/${nCtrId}/plan-change`, { idCotacao: randomUUID(), telefone: TEL }, joao)).statusCode).toBe(
      404,
    );
    expect((await get(`/api/due-date/contracts/${nCtrId}/simulation?dia=20`, joao)).statusCode).toBe(404);
    expect((await post(`/api/due-date/contracts/${nCtrId}`, { dia: 20, telefone: TEL }, joao)).statusCode).toBe(404);
  });

  it('due date: the simulation of ADR 050, the case fields, duplicate 409', async () => {
    // An Onix on Guarita Completo MG: due on the 10th, R$ 394,40 (its price-table fee), October's bill overdue and
    // November's ahead; on 05/11 moving to the 20th adds 10 days = R$ 131,47.
    const { nCtrId, fee, token } = await holder('completoMg');
    await aBill(t, { nCtrId, fee }, { status: 'I', due: '2026-10-10' });
    await aBill(t, { nCtrId, fee }, { status: 'A', due: '2026-11-10' });
    const url = `/api/due-date/contracts/${nCtrId}`;
    const sim = await get(`${url}/simulation?dia=20`, token);
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
    expect((await get(`${url}/simulation?dia=31`, token)).statusCode).toBe(400);
    const bad = await post(url, { telefone: TEL }, token);
    expect(bad.json()).toMatchObject({ mensagem: 'Insira a nova data de vencimento' });
    expect((await post(url, { dia: 10, telefone: TEL }, token)).statusCode).toBe(422);

    const res = await post(url, { dia: 20, telefone: TEL }, token);
    expect(res.statusCode).toBe(201);
    const row = await caseRow(res.json().Id);
    expect(row.reason).toBe('Alteração de Vencimento');
    expect(row.details).toMatchObject({ DiaVencimento__c: 20, CobrarValorProRata__c: 'Sim' });
    expect(row.description).toContain('R$\u00a0525,87');

    const dup = await post(url, { dia: 25, telefone: TEL }, token);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ erro: 'DUPLICATE_CASE' });
    expect(dup.json().detalhes.DescricaoErroApiExterna).toContain(res.json().CaseNumber);
  });
});
