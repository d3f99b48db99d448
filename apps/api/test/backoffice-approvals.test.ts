import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_ERRORS, APPROVAL_MSG, cents, DECISION_MSG, dueDateProRata, FINANCE_MSG, STAFF_MSG } from '@guarita/domain';
import { FixedClock } from '../src/ports/clock';
import { CNPJ_ALFA, CPF_CARLA, CPF_JOAO, CPF_MARIA, createTestApp, type TestApp } from './helpers';
import { STAFF, staffLogin, staffRequest } from './staff-helpers';

type Role = keyof typeof STAFF;
const TEL = '(31) 98765-4321';

/**
 * Approvals of due-date, plan and vehicle changes (issue 13 §2, ADR 055): the data is applied with the decision
 * event, the case's conclusion and the audit row, all or nothing; rejections carry the reason the customer reads.
 * And the financeiro desk: late Pix and refunds, advance requests, payment links.
 */
describe('back-office approvals and the financeiro desk', () => {
  let t: TestApp;
  // 05/11/2026 in São Paulo: ADR 050's first worked example (10 → 20).
  const clock = new FixedClock('2026-11-05T15:00:00Z');
  const tokens = {} as Record<Role, string>;
  const customer: Record<string, string> = {};

  const as = (role: Role, method: 'GET' | 'POST', url: string, payload?: unknown) => staffRequest(t, tokens[role], method, url, payload);
  const auth = (who: string) => ({ authorization: `Bearer ${customer[who]}` });
  const get = (url: string, who: string) => t.app.inject({ method: 'GET', url, headers: auth(who) });
  const post = (url: string, body: object, who: string, key: string | null = randomUUID()) =>
    t.app.inject({ method: 'POST', url, headers: { ...auth(who), ...(key ? { 'idempotency-key': key } : {}) }, payload: body });
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
    for (const doc of [CPF_MARIA, CPF_JOAO, CPF_CARLA, CNPJ_ALFA]) customer[doc] = (await t.login(doc)).AccessToken;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('due-date change', () => {
    it('the console shows current and new values; approval moves the due day and the open bills with the pro-rata, atomically with the case', async () => {
      const sent = await post('/api/due-date/contracts/100101', { dia: 20, telefone: TEL }, CPF_MARIA);
      expect(sent.statusCode).toBe(201);
      const n = sent.json().CaseNumber as string;
      const before = await contract(100101);
      const bills0 = await t.query<{ doc_entry: number; doc_due_date: string; doc_total: number; id_status: string }>(
        `SELECT doc_entry, to_char(doc_due_date, 'YYYY-MM-DD') AS doc_due_date, doc_total, id_status FROM bills WHERE n_ctr_id = 100101 ORDER BY doc_due_date`,
      );
      const coming = bills0.find((b) => b.id_status === 'A')!;
      expect(coming.doc_due_date).toBe('2026-11-10');

      const d = (await as('atendimento', 'GET', `/api/backoffice/casos/${n}`)).json();
      expect(d.podeDecidir).toBe(true);
      expect(d.solicitacao).toMatchObject({ DiaVencimento__c: 20, CobrarValorProRata__c: 'Sim' });
      expect(d.proposta.linhas[0]).toEqual({ campo: 'Dia de vencimento', atual: '10', novo: '20' });
      expect(before.due_day).toBe(10); // nothing changes before the approval

      expect((await as('atendimento', 'POST', `/api/backoffice/casos/${n}/aprovar`)).statusCode).toBe(204);
      const sim = dueDateProRata({ monthlyFee: cents(before.monthly_fee_cents), currentDay: 10, newDay: 20, today: '2026-11-05' });
      expect((await contract(100101)).due_day).toBe(20);
      const moved = await t.query<{ doc_due_date: string; doc_total: number }>(
        `SELECT to_char(doc_due_date, 'YYYY-MM-DD') AS doc_due_date, doc_total FROM bills WHERE doc_entry = $1`,
        [coming.doc_entry],
      );
      expect(moved[0]).toEqual({ doc_due_date: '2026-11-20', doc_total: coming.doc_total + sim.valorAcrescimo });
      // The customer's screens read the new day.
      expect((await get('/api/contracts/100101', CPF_MARIA)).json().dueDay).toBe(20);
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
    const quoteAndSend = async () => {
      const q = await post(
        '/api/plans/contracts/400401/quotations',
        { tipoPagamento: 'M', itens: ['SRV_ASS24', 'SRV_VIDROS', 'SRV_REBOQ'], reboqueKm: 400 },
        CNPJ_ALFA,
        null,
      );
      expect(q.statusCode).toBe(201);
      const res = await post('/api/plans/contracts/400401/plan-change', { idCotacao: q.json().IdCotacao, telefone: TEL }, CNPJ_ALFA);
      expect(res.statusCode).toBe(201);
      return { n: res.json().CaseNumber as string, idCotacao: q.json().IdCotacao as string };
    };

    it('approval is atomic: when an item cannot be written midway, the plan, fee, items, case, events and audit stay as they were', async () => {
      const { n, idCotacao } = await quoteAndSend();
      const before = await contract(400401);
      const items0 = (await get('/api/contracts/400401', CNPJ_ALFA)).json().items;
      // A line without a name passes the contract update and the removal of the old items, then fails its insert.
      await t.query(`UPDATE plan_quotations SET quote = jsonb_set(quote, '{added,0,service_name}', 'null') WHERE id = $1`, [idCotacao]);
      expect((await as('atendimento', 'POST', `/api/backoffice/casos/${n}/aprovar`)).statusCode).toBe(500);
      expect(await contract(400401)).toEqual(before);
      expect((await get('/api/contracts/400401', CNPJ_ALFA)).json().items).toEqual(items0);
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
      expect(await contract(400401)).toEqual(before);
    });

    it("approval writes the accepted quotation: plan, fee, items with the towing km; the customer's plan screen shows it", async () => {
      const { n } = await quoteAndSend();
      const d = (await as('atendimento', 'GET', `/api/backoffice/casos/${n}`)).json();
      expect(d.proposta.linhas.find((l: { campo: string }) => l.campo === 'Mensalidade').novo).toBe('R$\u00a0358,68');
      expect((await as('atendimento', 'POST', `/api/backoffice/casos/${n}/aprovar`)).statusCode).toBe(204);
      expect(await contract(400401)).toMatchObject({ id_plan: 'GUARITA_COMPLETO_SP', monthly_fee_cents: 35868 });
      const items = (await get('/api/contracts/400401', CNPJ_ALFA)).json().items as Array<{
        kind: string;
        subItems: Array<{ towingKm: number | null; selected: boolean }>;
      }>;
      expect(items.map((i) => i.kind).sort()).toEqual(['assistencia', 'rastreador', 'roubo_furto', 'vidros']);
      expect(items.find((i) => i.kind === 'assistencia')!.subItems.find((s) => s.selected)?.towingKm).toBe(400);
      const screen = (await get('/api/plans/contracts/400401/plan-change', CNPJ_ALFA)).json();
      expect(screen.itens.find((i: { codigoItem: string }) => i.codigoItem === 'SRV_REBOQ')).toMatchObject({
        adquirido: true,
        kmAdquirido: 400,
      });
      const [audit] = await auditRows(n);
      expect(audit).toMatchObject({ action: 'plano.aprovado', after: { idPlan: 'GUARITA_COMPLETO_SP', mensalidade: 35868 } });
    });

    it('a quotation priced for another plan or vehicle than the contract has now is not applied', async () => {
      const { n } = await quoteAndSend();
      await t.query(`UPDATE contracts SET vehicle_type = 'CAT_AGRAVO_OUTROS' WHERE n_ctr_id = 400401`);
      try {
        expect((await as('atendimento', 'GET', `/api/backoffice/casos/${n}`)).json().proposta.aviso).toBe(APPROVAL_ERRORS.quotationStale);
        const res = await as('atendimento', 'POST', `/api/backoffice/casos/${n}/aprovar`);
        expect(res.statusCode).toBe(409);
        expect(res.json().mensagem).toBe(APPROVAL_ERRORS.quotationStale);
      } finally {
        await t.query(`UPDATE contracts SET vehicle_type = 'CAT_AGRAVO_PICKUP_CAM' WHERE n_ctr_id = 400401`);
      }
      expect((await as('atendimento', 'POST', `/api/backoffice/casos/${n}/reprovar`, { motivo: 'Refazer a cotação.' })).statusCode).toBe(
        204,
      );
    });
  });

  describe('vehicle change', () => {
    it('approval writes plate, model, year, FIPE value and type from the server quotation', async () => {
      const res = await post(
        '/api/cases/contracts/600606',
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
        CPF_CARLA,
      );
      expect(res.statusCode).toBe(201);
      const n = res.json().CaseNumber as string;
      const quotation = (await as('atendimento', 'GET', `/api/backoffice/casos/${n}`)).json().solicitacao.Cotacao__c; // opened for reading
      expect((await as('atendimento', 'POST', `/api/backoffice/casos/${n}/aprovar`)).statusCode).toBe(204);
      expect(await contract(600606)).toMatchObject({
        plate: 'BRA2E19',
        model: quotation.modelo,
        fipe_limit_cents: Math.round(quotation.valorFipe * 100),
      });
      const listed = (await get('/api/contracts', CPF_CARLA)).json();
      expect(JSON.stringify(listed)).toContain('BRA2E19');
      expect((await auditRows(n))[0]).toMatchObject({
        action: 'veiculo.aprovado',
        before: { plate: 'LVR6F06' },
        after: { plate: 'BRA2E19' },
      });
      expect(await decisions(n)).toEqual([{ to_value: 'aprovado', actor_kind: 'staff' }]);
    });

    it('rejection needs a reason; the customer reads it in the case (not a SAC case) and the decision in its history', async () => {
      const res = await post(
        '/api/cases/contracts/600606',
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
        CPF_CARLA,
      );
      expect(res.statusCode).toBe(201);
      const n = res.json().CaseNumber as string;
      const empty = await as('atendimento', 'POST', `/api/backoffice/casos/${n}/reprovar`, { motivo: ' ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().mensagem).toBe(STAFF_MSG.reasonRequired);
      expect(
        (await as('atendimento', 'POST', `/api/backoffice/casos/${n}/reprovar`, { motivo: 'Placa ilegível no CRLV.' })).statusCode,
      ).toBe(204);
      const seen = (await get(`/api/cases/${res.json().Id}`, CPF_CARLA)).json();
      expect(seen.comentarios.map((c: { CommentBody: string }) => c.CommentBody)).toContain(
        DECISION_MSG.rejected('Placa ilegível no CRLV.'),
      );
      expect(seen.eventos).toContainEqual(expect.objectContaining({ tipo: 'decision', para: 'reprovado', autor: 'staff' }));
      expect(await notifications(n)).toEqual([{ type: 'solicitacao_reprovada', body: DECISION_MSG.rejected('Placa ilegível no CRLV.') }]);
      expect((await contract(600606)).plate).toBe('BRA2E19'); // unchanged by the rejection
    });
  });

  it('the registration change path writes its decision event too', async () => {
    const res = await post(
      '/api/cases/contracts/200201',
      { tipo: 'dados-cadastrais', telefone: TEL, alteracoes: ['E-mail'], novoEmail: 'joao.novo@exemplo.com.br' },
      CPF_JOAO,
    );
    expect(res.statusCode).toBe(201);
    const n = res.json().CaseNumber as string;
    const d = (await as('atendimento', 'GET', `/api/backoffice/casos/${n}`)).json();
    expect(d.proposta.linhas).toEqual([{ campo: 'E-mail', atual: 'joao.lima@example.com', novo: 'joao.novo@exemplo.com.br' }]);
    expect((await as('atendimento', 'POST', `/api/backoffice/casos/${n}/aprovar`)).statusCode).toBe(204);
    expect(await decisions(n)).toEqual([{ to_value: 'aprovado', actor_kind: 'staff' }]);
    expect((await auditRows(n)).map((r) => r.action)).toEqual(['cadastro.aprovado']);
  });

  describe('financeiro desk', () => {
    let lateId: number;
    beforeAll(async () => {
      const [pix] = await t.query<{ id: number; customer_id: number }>(
        `INSERT INTO pix_charges (txid, n_ctr_id, customer_id, purpose, doc_entries, amount_cents, slp_code, due_date, payload, psp, psp_reference, status, expires_at)
         SELECT 'txlate0001', 100101, customer_id, 'invoice', '{}', 18990, 16, '2026-11-06', 'br', 'builtin', 'ref', 'expired', now()
         FROM contracts WHERE n_ctr_id = 100101 RETURNING id, customer_id`,
      );
      const rows = await t.query<{ id: number }>(
        `INSERT INTO pix_late_payments (pix_charge_id, txid, customer_id, n_ctr_id, end_to_end_id, amount_cents, outcome, credit_cents, refund_status, received_at)
         VALUES ($1, 'txlate0001', $2, 100101, 'E1', 18990, 'credit', 18990, 'pending', now() - interval '1 hour'),
                ($1, 'txlate0001', $2, 100101, 'E2', 18990, 'settled', 0, 'none', now()) RETURNING id`,
        [pix!.id, pix!.customer_id],
      );
      lateId = rows[0]!.id;
      await t.query(
        `INSERT INTO payment_links (id, n_ctr_id, customer_id, doc_entries, amount_cents, url, gateway, gateway_id, expires_at)
         SELECT 'lk-1', 100101, customer_id, '{1}', 18990, 'https://pay.example/lk-1', 'builtin', 'g1', now() + interval '1 day' FROM contracts WHERE n_ctr_id = 100101`,
      );
    });

    const routes = () => [
      { method: 'GET' as const, url: '/api/backoffice/financeiro/pix-atrasados', allowed: ['financeiro', 'admin'] as Role[] },
      { method: 'GET' as const, url: '/api/backoffice/financeiro/antecipacoes', allowed: ['financeiro', 'admin'] as Role[] },
      { method: 'GET' as const, url: '/api/backoffice/financeiro/links', allowed: ['financeiro', 'admin'] as Role[] },
      {
        method: 'POST' as const,
        url: `/api/backoffice/financeiro/pix-atrasados/${lateId}/reembolso`,
        body: { observacao: 'x' },
        allowed: ['financeiro'] as Role[],
      },
    ];

    it('no session → 401; a customer token → 401; a role not listed → 403 (and nothing is marked)', async () => {
      for (const r of routes()) {
        const label = `${r.method} ${r.url}`;
        expect((await staffRequest(t, undefined, r.method, r.url, r.body)).statusCode, label).toBe(401);
        expect((await staffRequest(t, customer[CPF_MARIA], r.method, r.url, r.body)).statusCode, label).toBe(401);
        const bearer = await t.app.inject({
          method: r.method,
          url: r.url,
          headers: auth(CPF_MARIA),
          ...(r.body ? { payload: r.body } : {}),
        });
        expect(bearer.statusCode, label).toBe(401);
        for (const role of Object.keys(STAFF) as Role[]) {
          if (r.allowed.includes(role)) continue;
          const res = await as(role, r.method, r.url, r.body);
          expect(res.statusCode, `${label} as ${role}`).toBe(403);
        }
      }
      const [row] = await t.query<{ refund_status: string }>('SELECT refund_status FROM pix_late_payments WHERE id = $1', [lateId]);
      expect(row!.refund_status).toBe('pending');
    });

    it('lists late Pix newest first with masked documents, filters by refund status and pages with a cursor', async () => {
      const all = (await as('admin', 'GET', '/api/backoffice/financeiro/pix-atrasados')).json();
      expect(all.itens.map((r: { resultado: string }) => r.resultado)).toEqual(['settled', 'credit']);
      expect(all.itens[1]).toMatchObject({ id: lateId, credito: 18990, reembolso: 'pending', documento: '529.***.***-25' });
      const first = (await as('financeiro', 'GET', '/api/backoffice/financeiro/pix-atrasados?limite=1')).json();
      expect(first.itens).toHaveLength(1);
      const second = (await as('financeiro', 'GET', `/api/backoffice/financeiro/pix-atrasados?limite=1&cursor=${first.proximo}`)).json();
      expect(second.itens[0].id).toBe(lateId);
      expect(second.proximo).toBeNull();
      const pending = (await as('financeiro', 'GET', '/api/backoffice/financeiro/pix-atrasados?reembolso=pending')).json();
      expect(pending.itens.map((r: { id: number }) => r.id)).toEqual([lateId]);
      const links = (await as('financeiro', 'GET', '/api/backoffice/financeiro/links?status=pending')).json();
      expect(links.itens).toContainEqual(expect.objectContaining({ id: 'lk-1', valor: 18990, faturas: [1] }));
      expect((await as('financeiro', 'GET', '/api/backoffice/financeiro/antecipacoes?status=paid')).statusCode).toBe(200);
    });

    it('marking a refund needs a note, is audited with before and after, and happens once', async () => {
      const noNote = await as('financeiro', 'POST', `/api/backoffice/financeiro/pix-atrasados/${lateId}/reembolso`, { observacao: '' });
      expect(noNote.statusCode).toBe(400);
      expect(noNote.json().mensagem).toBe(FINANCE_MSG.noteRequired);
      const ok = await as('financeiro', 'POST', `/api/backoffice/financeiro/pix-atrasados/${lateId}/reembolso`, {
        observacao: 'Pix devolvido pelo banco em 05/11.',
      });
      expect(ok.statusCode).toBe(204);
      const row = (await as('admin', 'GET', '/api/backoffice/financeiro/pix-atrasados?reembolso=refunded')).json().itens[0];
      expect(row).toMatchObject({
        id: lateId,
        reembolso: 'refunded',
        reembolsadoPor: STAFF.financeiro,
        observacao: 'Pix devolvido pelo banco em 05/11.',
      });
      const audit = await t.query<{ action: string; role: string; before: unknown; after: unknown }>(
        `SELECT action, role, before, after FROM staff_audit WHERE action = 'financeiro.reembolso'`,
      );
      expect(audit).toEqual([
        {
          action: 'financeiro.reembolso',
          role: 'financeiro',
          before: expect.objectContaining({ reembolso: 'pending' }),
          after: expect.objectContaining({ reembolso: 'refunded', observacao: 'Pix devolvido pelo banco em 05/11.' }),
        },
      ]);
      const twice = await as('financeiro', 'POST', `/api/backoffice/financeiro/pix-atrasados/${lateId}/reembolso`, {
        observacao: 'de novo',
      });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().mensagem).toBe(FINANCE_MSG.notPending);
      expect(
        (await as('financeiro', 'POST', '/api/backoffice/financeiro/pix-atrasados/999999/reembolso', { observacao: 'x' })).statusCode,
      ).toBe(404);
    });
  });
});
