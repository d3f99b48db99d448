import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_ERRORS, APPROVAL_MSG, cents, DECISION_MSG, dueDateProRata, FINANCE_MSG, STAFF_MSG } from '@guarita/domain';
import { FixedClock } from '../src/ports/clock';
import { aBill, aLoggedInCustomer, type ContractInput, type Customer } from './factories';
import { createTestApp, type TestApp } from './helpers';
import { STAFF, staffLogin, staffRequest } from './staff-helpers';

type Role = keyof typeof STAFF;

/** Like Alfa's 400401: a pick-up on Guarita Completo SP, assistance without towing, and glass. */
const PICKUP_SP: ContractInput = {
  idPlan: 'GUARITA_COMPLETO_SP',
  slpCode: 76,
  dueDay: 31,
  fipeLimit: 11_000_000,
  vehicleType: 'CAT_AGRAVO_PICKUP_CAM',
  vehicle: { model: 'Hilux SRV 2.8', manufacturer: 'Toyota', year: 2024 },
  items: ['roubo_furto', 'rastreador', 'assistencia', 'vidros'],
  towing: false,
};
/** Like Carla's 600606: Guarita Completo MG with a spare car, free of every blocking rule. */
const SPARE_CAR_MG: ContractInput = {
  dueDay: 5,
  tracker: false,
  vehicle: { model: 'Mobi Like 1.0', manufacturer: 'Fiat', year: 2022 },
  items: ['roubo_furto', 'rastreador', 'assistencia', 'colisao', 'carro_reserva'],
};
const TEL = '(31) 98765-4321';

/**
 * Approvals of due-date, plan and vehicle changes (issue 13 §2, ADR 055): the data is applied with the decision
 * event, the case's conclusion and the audit row, all or nothing; rejections carry the reason the customer reads.
 * And the financeiro desk: late Pix and refunds, advance requests, payment links. Each test makes the customer and
 * contract it decides on (factories.ts, ADR 070); the staff are the demo accounts, which no test changes.
 */
describe('back-office approvals and the financeiro desk', () => {
  let t: TestApp;
  // 05/11/2026 in São Paulo: ADR 050's first worked example (10 → 20).
  const clock = new FixedClock('2026-11-05T15:00:00Z');
  const tokens = {} as Record<Role, string>;

  const as = (role: Role, method: 'GET' | 'POST', url: string, payload?: unknown) => staffRequest(t, tokens[role], method, url, payload);
  const get = (url: string, who: Customer) => who.call('GET', url);
  const post = (url: string, body: object, who: Customer, key: string | null = randomUUID()) =>
    who.call('POST', url, body, key ? { 'idempotency-key': key } : {});
  const auditRows = (caseNumber: string) =>
    t.query<{ action: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
      'SELECT action, before, after FROM staff_audit WHERE case_number = $1 ORDER BY id',
      [caseNumber],
    );
  const decisions = (caseNumber: string) =>
    t.query<{ to_value: string; actor_kind: string }>(
      `SELECT e.to_value, e.actor_kind FROM case_events e JOIN cases c ON c.id = e.case_id WHERE c.case_number = $1 AND e.kind = 'decision' ORDER BY e.id`,
      [caseNumber],
    );
  /** What the customer's bell holds for the case besides its creation: one notification per decision. */
  const notifications = (caseNumber: string) =>
    t.query<{ type: string; body: string }>(
      `SELECT type, body FROM notifications WHERE case_number = $1 AND type <> 'caso_aberto' ORDER BY id`,
      [caseNumber],
    );
  const contract = async (nCtrId: number) =>
    (
      await t.query<{
        id_plan: string;
        due_day: number;
        monthly_fee_cents: number;
        plate: string | null;
        model: string | null;
        fipe_limit_cents: number;
      }>('SELECT id_plan, due_day, monthly_fee_cents, plate, model, fipe_limit_cents FROM contracts WHERE n_ctr_id = $1', [nCtrId])
    )[0]!;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    for (const role of Object.keys(STAFF) as Role[]) tokens[role] = await staffLogin(t, clock, STAFF[role]);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('due-date change', () => {
    it('the console shows current and new values; approval moves the due day and the open bills with the pro-rata, atomically with the case', async () => {
      const c = await aLoggedInCustomer(t, { contract: { dueDay: 10 } });
      const nCtrId = c.contract.nCtrId;
      await aBill(t, c.contract, { status: 'P', due: '2026-10-10' });
      const coming = await aBill(t, c.contract, { status: 'A', due: '2026-11-10' });
      const sent = await post(`/api/due-date/contracts/${nCtrId}`, { dia: 20, telefone: TEL }, c);
      expect(sent.statusCode).toBe(201);
      const n = sent.json().CaseNumber as string;
      const before = await contract(nCtrId);

      const d = (await as('atendimento', 'GET', `/api/backoffice/casos/${n}`)).json();
      expect(d.podeDecidir).toBe(true);
      expect(d.solicitacao).toMatchObject({ DiaVencimento__c: 20, CobrarValorProRata__c: 'Sim' });
      expect(d.proposta.linhas[0]).toEqual({ campo: 'Dia de vencimento', atual: '10', novo: '20' });
      expect(before.due_day).toBe(10); // nothing changes before the approval

      expect((await as('atendimento', 'POST', `/api/backoffice/casos/${n}/aprovar`)).statusCode).toBe(204);
      const sim = dueDateProRata({ monthlyFee: cents(before.monthly_fee_cents), currentDay: 10, newDay: 20, today: '2026-11-05' });
      expect((await contract(nCtrId)).due_day).toBe(20);
      const moved = await t.query<{ doc_due_date: string; doc_total: number }>(
        `SELECT to_char(doc_due_date, 'YYYY-MM-DD') AS doc_due_date, doc_total FROM bills WHERE doc_entry = $1`,
        [coming.docEntry],
      );
      expect(moved[0]).toEqual({ doc_due_date: '2026-11-20', doc_total: coming.docTotal + sim.valorAcrescimo });
      // The customer's screens read the new day.
      expect((await get(`/api/contracts/${nCtrId}`, c)).json().dueDay).toBe(20);
      const after = (await as('atendimento', 'GET', `/api/backoffice/casos/${n}`)).json();
      expect(after.caso).toMatchObject({ Status: 'Closed', Fase__c: 'Concluído' });
      expect(after.comentarios.map((c: { texto: string }) => c.texto)).toContain(APPROVAL_MSG.vencimento(20));
      expect(await decisions(n)).toEqual([{ to_value: 'aprovado', actor_kind: 'staff' }]);
      // The decision event, its comment and the phase Concluído make one notification, with the approval's text.
      expect(await notifications(n)).toEqual([{ type: 'solicitacao_aprovada', body: APPROVAL_MSG.vencimento(20) }]);
      const [audit] = await auditRows(n);
      expect(audit).toMatchObject({ action: 'vencimento.aprovado', before: { diaVencimento: 10 }, after: { diaVencimento: 20 } });
      const twice = await as('atendimento', 'POST', `/api/backoffice/casos/${n}/aprovar`);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().mensagem).toBe(STAFF_MSG.alreadyDecided);
    });
  });

  describe('plan change', () => {
    /** A pick-up on Guarita Completo SP, assistance without towing, glass: its plan change adds towing (like Alfa's 400401). */
    const quoteAndSend = async () => {
      const c = await aLoggedInCustomer(t, {
        customer: { kind: 'cnpj', addresses: [{ city: 'São Paulo', state: 'SP', zip: '01310100' }] },
        contract: PICKUP_SP,
      });
      const nCtrId = c.contract.nCtrId;
      const q = await post(
        `/api/plans/contracts/${nCtrId}/quotations`,
        { tipoPagamento: 'M', itens: ['SRV_ASS24', 'SRV_VIDROS', 'SRV_REBOQ'], reboqueKm: 400 },
        c,
        null,
      );
      expect(q.statusCode).toBe(201);
      const res = await post(`/api/plans/contracts/${nCtrId}/plan-change`, { idCotacao: q.json().IdCotacao, telefone: TEL }, c);
      expect(res.statusCode).toBe(201);
      return { c, nCtrId, n: res.json().CaseNumber as string, idCotacao: q.json().IdCotacao as string };
    };

    it('approval is atomic: when an item cannot be written midway, the plan, fee, items, case, events and audit stay as they were', async () => {
      const { c, nCtrId, n, idCotacao } = await quoteAndSend();
      const before = await contract(nCtrId);
      const items0 = (await get(`/api/contracts/${nCtrId}`, c)).json().items;
      // A line without a name passes the contract update and the removal of the old items, then fails its insert.
      await t.query(`UPDATE plan_quotations SET quote = jsonb_set(quote, '{added,0,service_name}', 'null') WHERE id = $1`, [idCotacao]);
      expect((await as('atendimento', 'POST', `/api/backoffice/casos/${n}/aprovar`)).statusCode).toBe(500);
      expect(await contract(nCtrId)).toEqual(before);
      expect((await get(`/api/contracts/${nCtrId}`, c)).json().items).toEqual(items0);
      expect((await as('atendimento', 'GET', `/api/backoffice/casos/${n}`)).json().caso).toMatchObject({
        Status: 'New',
        Fase__c: 'Aberto',
      });
      expect(await decisions(n)).toEqual([]);
      expect(await auditRows(n)).toEqual([]);
      // Rejected instead: the reason reaches the customer, nothing of the contract changes.
      expect((await as('atendimento', 'POST', `/api/backoffice/casos/${n}/reprovar`, { motivo: 'Cotação com erro.' })).statusCode).toBe(
        204,
      );
      expect(await decisions(n)).toEqual([{ to_value: 'reprovado', actor_kind: 'staff' }]);
      expect((await auditRows(n)).map((r) => r.action)).toEqual(['plano.reprovado']);
      expect(await contract(nCtrId)).toEqual(before);
    });

    it("approval writes the accepted quotation: plan, fee, items with the towing km; the customer's plan screen shows it", async () => {
      const { c, nCtrId, n } = await quoteAndSend();
      const d = (await as('atendimento', 'GET', `/api/backoffice/casos/${n}`)).json();
      expect(d.proposta.linhas.find((l: { campo: string }) => l.campo === 'Mensalidade').novo).toBe('R$\u00a0358,68');
      expect((await as('atendimento', 'POST', `/api/backoffice/casos/${n}/aprovar`)).statusCode).toBe(204);
      expect(await contract(nCtrId)).toMatchObject({ id_plan: 'GUARITA_COMPLETO_SP', monthly_fee_cents: 35868 });
      const items = (await get(`/api/contracts/${nCtrId}`, c)).json().items as Array<{
        kind: string;
        subItems: Array<{ towingKm: number | null; selected: boolean }>;
      }>;
      expect(items.map((i) => i.kind).sort()).toEqual(['assistencia', 'rastreador', 'roubo_furto', 'vidros']);
      expect(items.find((i) => i.kind === 'assistencia')!.subItems.find((s) => s.selected)?.towingKm).toBe(400);
      const screen = (await get(`/api/plans/contracts/${nCtrId}/plan-change`, c)).json();
      expect(screen.itens.find((i: { codigoItem: string }) => i.codigoItem === 'SRV_REBOQ')).toMatchObject({
        adquirido: true,
        kmAdquirido: 400,
      });
      const [audit] = await auditRows(n);
      expect(audit).toMatchObject({ action: 'plano.aprovado', after: { idPlan: 'GUARITA_COMPLETO_SP', mensalidade: 35868 } });
    });

    it('a quotation priced for another plan or vehicle than the contract has now is not applied', async () => {
      const { nCtrId, n } = await quoteAndSend();
      await t.query(`UPDATE contracts SET vehicle_type = 'CAT_AGRAVO_OUTROS' WHERE n_ctr_id = $1`, [nCtrId]);
      expect((await as('atendimento', 'GET', `/api/backoffice/casos/${n}`)).json().proposta.aviso).toBe(APPROVAL_ERRORS.quotationStale);
      const res = await as('atendimento', 'POST', `/api/backoffice/casos/${n}/aprovar`);
      expect(res.statusCode).toBe(409);
      expect(res.json().mensagem).toBe(APPROVAL_ERRORS.quotationStale);
      expect(await contract(nCtrId)).toMatchObject({ id_plan: 'GUARITA_COMPLETO_SP' });
      expect((await as('atendimento', 'POST', `/api/backoffice/casos/${n}/reprovar`, { motivo: 'Refazer a cotação.' })).statusCode).toBe(
        204,
      );
    });
  });

  describe('vehicle change', () => {
    it('approval writes plate, model, year, FIPE value and type from the server quotation', async () => {
      const c = await aLoggedInCustomer(t, { contract: SPARE_CAR_MG });
      const nCtrId = c.contract.nCtrId;
      const res = await post(
        `/api/cases/contracts/${nCtrId}`,
        {
          tipo: 'troca-veiculo',
          telefone: TEL,
          caso: 'Troca de Veículo',
          naoEmplacado: false,
          placa: 'BRA2E19',
          tipoVeiculo: 'CAT_AGRAVO_VEICULO_LEVE',
          faixaFipe: 10,
          aceite: true,
        },
        c,
      );
      expect(res.statusCode).toBe(201);
      const n = res.json().CaseNumber as string;
      const quotation = (await as('atendimento', 'GET', `/api/backoffice/casos/${n}`)).json().solicitacao.Cotacao__c; // opened for reading
      expect((await as('atendimento', 'POST', `/api/backoffice/casos/${n}/aprovar`)).statusCode).toBe(204);
      expect(await contract(nCtrId)).toMatchObject({
        plate: 'BRA2E19',
        model: quotation.modelo,
        fipe_limit_cents: Math.round(quotation.valorFipe * 100),
      });
      const listed = (await get('/api/contracts', c)).json();
      expect(JSON.stringify(listed)).toContain('BRA2E19');
      expect((await auditRows(n))[0]).toMatchObject({
        action: 'veiculo.aprovado',
        before: { plate: c.contract.plate },
        after: { plate: 'BRA2E19' },
      });
      expect(await decisions(n)).toEqual([{ to_value: 'aprovado', actor_kind: 'staff' }]);
    });

    it('rejection needs a reason; the customer reads it in the case (not a SAC case) and the decision in its history', async () => {
      const c = await aLoggedInCustomer(t, { contract: SPARE_CAR_MG });
      const nCtrId = c.contract.nCtrId;
      const res = await post(
        `/api/cases/contracts/${nCtrId}`,
        {
          tipo: 'troca-veiculo',
          telefone: TEL,
          caso: 'Correção de Placa',
          naoEmplacado: false,
          placa: 'ABC1234',
          tipoVeiculo: 'CAT_AGRAVO_VEICULO_LEVE',
          faixaFipe: 10,
          aceite: true,
        },
        c,
      );
      expect(res.statusCode).toBe(201);
      const n = res.json().CaseNumber as string;
      const empty = await as('atendimento', 'POST', `/api/backoffice/casos/${n}/reprovar`, { motivo: ' ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().mensagem).toBe(STAFF_MSG.reasonRequired);
      expect(
        (await as('atendimento', 'POST', `/api/backoffice/casos/${n}/reprovar`, { motivo: 'Placa ilegível no CRLV.' })).statusCode,
      ).toBe(204);
      const seen = (await get(`/api/cases/${res.json().Id}`, c)).json();
      expect(seen.comentarios.map((c: { CommentBody: string }) => c.CommentBody)).toContain(
        DECISION_MSG.rejected('Placa ilegível no CRLV.'),
      );
      expect(seen.eventos).toContainEqual(expect.objectContaining({ tipo: 'decision', para: 'reprovado', autor: 'staff' }));
      expect(await notifications(n)).toEqual([{ type: 'solicitacao_reprovada', body: DECISION_MSG.rejected('Placa ilegível no CRLV.') }]);
      expect((await contract(nCtrId)).plate).toBe(c.contract.plate); // unchanged by the rejection
    });
  });

  it('the registration change path writes its decision event too', async () => {
    const c = await aLoggedInCustomer(t, { customer: { smsPhone: null, phone: null } });
    const res = await post(
      `/api/cases/contracts/${c.contract.nCtrId}`,
      { tipo: 'dados-cadastrais', telefone: TEL, alteracoes: ['E-mail'], novoEmail: 'joao.novo@exemplo.com.br' },
      c,
    );
    expect(res.statusCode).toBe(201);
    const n = res.json().CaseNumber as string;
    const d = (await as('atendimento', 'GET', `/api/backoffice/casos/${n}`)).json();
    expect(d.proposta.linhas).toEqual([{ campo: 'E-mail', atual: c.email, novo: 'joao.novo@exemplo.com.br' }]);
    expect((await as('atendimento', 'POST', `/api/backoffice/casos/${n}/aprovar`)).statusCode).toBe(204);
    expect(await decisions(n)).toEqual([{ to_value: 'aprovado', actor_kind: 'staff' }]);
    expect((await auditRows(n)).map((r) => r.action)).toEqual(['cadastro.aprovado']);
  });

  describe('financeiro desk', () => {
    /**
     * A customer's late Pix: a credit to refund (an hour ago) and one that settled a bill (now), and a pending
     * payment link. `at` moves both in time (the list is newest first).
     */
    const lateMoney = async (at = 'now()') => {
      const c = await aLoggedInCustomer(t);
      const txid = `txlate${randomUUID().slice(0, 12)}`;
      const [pix] = await t.query<{ id: number }>(
        `INSERT INTO pix_charges (txid, n_ctr_id, customer_id, purpose, doc_entries, amount_cents, slp_code, due_date, payload, psp, psp_reference, status, expires_at)
         VALUES ($1, $2, $3, 'invoice', '{}', 18990, 16, '2026-11-06', 'br', 'builtin', 'ref', 'expired', now()) RETURNING id`,
        [txid, c.contract.nCtrId, c.id],
      );
      const rows = await t.query<{ id: number }>(
        `INSERT INTO pix_late_payments (pix_charge_id, txid, customer_id, n_ctr_id, end_to_end_id, amount_cents, outcome, credit_cents, refund_status, received_at)
         VALUES ($1, $2, $3, $4, $5, 18990, 'credit', 18990, 'pending', ${at} - interval '1 hour'),
                ($1, $2, $3, $4, $6, 18990, 'settled', 0, 'none', ${at}) RETURNING id`,
        [pix!.id, txid, c.id, c.contract.nCtrId, `E1${txid}`, `E2${txid}`],
      );
      const link = `lk-${randomUUID()}`;
      const bill = await aBill(t, c.contract, { status: 'I', total: 18990, fine: 0, interest: 0 });
      await t.query(
        `INSERT INTO payment_links (id, n_ctr_id, customer_id, doc_entries, amount_cents, url, gateway, gateway_id, expires_at)
         VALUES ($1, $2, $3, $4, 18990, $5, 'builtin', $1, now() + interval '1 day')`,
        [link, c.contract.nCtrId, c.id, [bill.docEntry], `https://pay.example/${link}`],
      );
      return { c, creditId: rows[0]!.id, settledId: rows[1]!.id, link, bill };
    };
    const refundUrl = (id: number) => `/api/backoffice/financeiro/pix-atrasados/${id}/reembolso`;

    it('no session → 401; a customer token → 401; a role not listed → 403 (and nothing is marked)', async () => {
      const { c, creditId } = await lateMoney();
      const routes = [
        { method: 'GET' as const, url: '/api/backoffice/financeiro/pix-atrasados', allowed: ['financeiro', 'admin'] as Role[] },
        { method: 'GET' as const, url: '/api/backoffice/financeiro/antecipacoes', allowed: ['financeiro', 'admin'] as Role[] },
        { method: 'GET' as const, url: '/api/backoffice/financeiro/links', allowed: ['financeiro', 'admin'] as Role[] },
        { method: 'POST' as const, url: refundUrl(creditId), body: { observacao: 'x' }, allowed: ['financeiro'] as Role[] },
      ];
      for (const r of routes) {
        const label = `${r.method} ${r.url}`;
        expect((await staffRequest(t, undefined, r.method, r.url, r.body)).statusCode, label).toBe(401);
        expect((await staffRequest(t, c.token, r.method, r.url, r.body)).statusCode, label).toBe(401);
        const bearer = await c.call(r.method, r.url, r.body);
        expect(bearer.statusCode, label).toBe(401);
        for (const role of Object.keys(STAFF) as Role[]) {
          if (r.allowed.includes(role)) continue;
          const res = await as(role, r.method, r.url, r.body);
          expect(res.statusCode, `${label} as ${role}`).toBe(403);
        }
      }
      const [row] = await t.query<{ refund_status: string }>('SELECT refund_status FROM pix_late_payments WHERE id = $1', [creditId]);
      expect(row!.refund_status).toBe('pending');
    });

    it('lists late Pix newest first with masked documents, filters by refund status and pages with a cursor', async () => {
      // Received after anything another test made: they are the first two of the list.
      const { c, creditId, settledId, link, bill } = await lateMoney(`now() + interval '1 day'`);
      const all = (await as('admin', 'GET', '/api/backoffice/financeiro/pix-atrasados')).json();
      expect(all.itens.slice(0, 2).map((r: { id: number; resultado: string }) => [r.id, r.resultado])).toEqual([
        [settledId, 'settled'],
        [creditId, 'credit'],
      ]);
      const masked = `${c.document.slice(0, 3)}.***.***-${c.document.slice(9)}`;
      expect(all.itens[1]).toMatchObject({ id: creditId, credito: 18990, reembolso: 'pending', documento: masked });
      const first = (await as('financeiro', 'GET', '/api/backoffice/financeiro/pix-atrasados?limite=1')).json();
      expect(first.itens.map((r: { id: number }) => r.id)).toEqual([settledId]);
      const second = (await as('financeiro', 'GET', `/api/backoffice/financeiro/pix-atrasados?limite=1&cursor=${first.proximo}`)).json();
      expect(second.itens.map((r: { id: number }) => r.id)).toEqual([creditId]);
      const pending = (await as('financeiro', 'GET', '/api/backoffice/financeiro/pix-atrasados?reembolso=pending')).json();
      expect(pending.itens.map((r: { id: number }) => r.id)).toContain(creditId);
      expect(pending.itens.map((r: { reembolso: string }) => r.reembolso)).toEqual(pending.itens.map(() => 'pending'));
      const links = (await as('financeiro', 'GET', '/api/backoffice/financeiro/links?status=pending')).json();
      expect(links.itens).toContainEqual(expect.objectContaining({ id: link, valor: 18990, faturas: [bill.docEntry] }));
      expect((await as('financeiro', 'GET', '/api/backoffice/financeiro/antecipacoes?status=paid')).statusCode).toBe(200);
    });

    it('marking a refund needs a note, is audited with before and after, and happens once', async () => {
      const { creditId } = await lateMoney();
      const note = `Pix devolvido pelo banco em 05/11 (${creditId}).`;
      const noNote = await as('financeiro', 'POST', refundUrl(creditId), { observacao: '' });
      expect(noNote.statusCode).toBe(400);
      expect(noNote.json().mensagem).toBe(FINANCE_MSG.noteRequired);
      const ok = await as('financeiro', 'POST', refundUrl(creditId), { observacao: note });
      expect(ok.statusCode).toBe(204);
      const refunded = (await as('admin', 'GET', '/api/backoffice/financeiro/pix-atrasados?reembolso=refunded')).json().itens;
      expect(refunded.find((r: { id: number }) => r.id === creditId)).toMatchObject({
        id: creditId,
        reembolso: 'refunded',
        reembolsadoPor: STAFF.financeiro,
        observacao: note,
      });
      const audit = await t.query<{ action: string; role: string; before: unknown; after: unknown }>(
        `SELECT action, role, before, after FROM staff_audit WHERE action = 'financeiro.reembolso' AND after->>'observacao' = $1`,
        [note],
      );
      expect(audit).toEqual([
        {
          action: 'financeiro.reembolso',
          role: 'financeiro',
          before: expect.objectContaining({ reembolso: 'pending' }),
          after: expect.objectContaining({ reembolso: 'refunded', observacao: note }),
        },
      ]);
      const twice = await as('financeiro', 'POST', refundUrl(creditId), { observacao: 'de novo' });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().mensagem).toBe(FINANCE_MSG.notPending);
      expect((await as('financeiro', 'POST', refundUrl(999999), { observacao: 'x' })).statusCode).toBe(404);
    });
  });
});
