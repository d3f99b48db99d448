import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSIGNMENT_MSG, BULK_MAX, STAFF_MSG } from '@guarita/domain';
import { aCase, aClaim, aLoggedInCustomer, aStaffMember, CASE_LIKE, CLAIM_LIKE, type StaffMember } from './factories';
import { createTestApp, type TestApp } from './helpers';
import { FixedClock } from '../src/ports/clock';
import { STAFF_COOKIE } from './staff-helpers';

/**
 * Issue 30 items 10 and 14 (ADR 086): assignment ('Atribuir a mim', a colleague, nobody), presence on a case, the
 * queue's assignee column and 'Meus casos', and bulk actions. Role checks as every case route: a desk only its own
 * cases (another desk's is 404, like a number that does not exist), admin reads and changes nothing.
 */
describe('assignment, presence and bulk actions (issue 30 items 10, 14)', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date());
  let ana: StaffMember; // atendimento
  let bia: StaffMember; // atendimento, a colleague
  let sergio: StaffMember; // sinistros
  let admin: StaffMember;
  let financeiro: StaffMember;
  let gone: StaffMember; // atendimento, deactivated

  const call = (who: StaffMember | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, headers = {}) =>
    t.app.inject({
      method,
      url,
      headers,
      ...(who ? { cookies: { [STAFF_COOKIE]: who.token } } : {}),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const assign = (who: StaffMember, n: string, responsavelId: number | null) =>
    call(who, 'POST', `/api/backoffice/casos/${n}/atribuicao`, { responsavelId });
  const audit = (n: string) =>
    t.query<{ action: string; staff_email: string; before: unknown; after: unknown }>(
      `SELECT action, staff_email, before, after FROM staff_audit WHERE case_number = $1 AND action <> 'acesso.negado' ORDER BY id`,
      [n],
    );
  /** A customer of the test's own with an open support case (Aberto) and an open collision claim (Documentação). */
  const ownCases = async () => {
    const c = await aLoggedInCustomer(t);
    const support = await aCase(t, c.contract, CASE_LIKE.registrationChange);
    const claim = await aClaim(t, c.contract, CLAIM_LIKE.collisionInDocumentation);
    return { c, support, claim };
  };

  beforeAll(async () => {
    t = await createTestApp({ clock });
    ana = await aStaffMember(t, 'atendimento', { name: 'Ana Teste' });
    bia = await aStaffMember(t, 'atendimento', { name: 'Bia Colega' });
    sergio = await aStaffMember(t, 'sinistros', { name: 'Sérgio Teste' });
    admin = await aStaffMember(t, 'admin', { name: 'Alice Teste' });
    financeiro = await aStaffMember(t, 'financeiro');
    gone = await aStaffMember(t, 'atendimento', { name: 'Zé Desligado' });
    await t.owner.updateTable('staff').set({ active: false }).where('id', '=', gone.id).execute();
  });
  afterAll(() => t?.close());

  describe('assignment (item 10)', () => {
    it('assign to me, to a colleague and to nobody: each change shown and audited with before and after', async () => {
      const { support } = await ownCases();
      const before = (await call(ana, 'GET', `/api/backoffice/casos/${support}/atribuicao`)).json();
      expect(before.responsavel).toBeNull();
      expect(before.podeAlterar).toBe(true);
      const names = before.colegas.map((p: { nome: string }) => p.nome);
      expect(names).toEqual(expect.arrayContaining(['Ana Teste', 'Bia Colega']));
      expect(names).not.toContain('Zé Desligado'); // inactive
      expect(names).not.toContain('Sérgio Teste'); // another desk
      expect(before.colegas.every((p: { papel: string }) => p.papel === 'atendimento')).toBe(true);

      expect((await assign(ana, support, ana.id)).statusCode).toBe(204);
      expect((await call(bia, 'GET', `/api/backoffice/casos/${support}/atribuicao`)).json().responsavel).toEqual({
        id: ana.id,
        nome: 'Ana Teste',
        papel: 'atendimento',
      });
      expect((await assign(ana, support, bia.id)).statusCode).toBe(204);
      expect((await assign(bia, support, null)).statusCode).toBe(204);
      expect((await call(ana, 'GET', `/api/backoffice/casos/${support}/atribuicao`)).json().responsavel).toBeNull();

      expect(await audit(support)).toEqual([
        {
          action: 'caso.atribuido',
          staff_email: ana.email,
          before: { responsavel: null },
          after: { responsavel: { id: ana.id, nome: 'Ana Teste' } },
        },
        {
          action: 'caso.atribuido',
          staff_email: ana.email,
          before: { responsavel: { id: ana.id, nome: 'Ana Teste' } },
          after: { responsavel: { id: bia.id, nome: 'Bia Colega' } },
        },
        {
          action: 'caso.desatribuido',
          staff_email: bia.email,
          before: { responsavel: { id: bia.id, nome: 'Bia Colega' } },
          after: { responsavel: null },
        },
      ]);
    });

    it('only an active member of the desk that works the case; never a closed case; nothing changes when refused', async () => {
      const { c, support, claim } = await ownCases();
      for (const id of [sergio.id, gone.id, admin.id, 999_999]) {
        const res = await assign(ana, support, id);
        expect(res.statusCode).toBe(422);
        expect(res.json().mensagem).toBe(ASSIGNMENT_MSG.notAColleague);
      }
      // A claim is the claims desk's: Sérgio may take it, Ana may not be given it.
      expect((await assign(sergio, claim, ana.id)).statusCode).toBe(422);
      expect((await assign(sergio, claim, sergio.id)).statusCode).toBe(204);
      const closed = await aCase(t, c.contract, { ...CASE_LIKE.registrationChange, closedDaysAgo: 1 });
      const res = await assign(ana, closed, ana.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().mensagem).toBe(STAFF_MSG.caseClosed);
      expect((await call(ana, 'GET', `/api/backoffice/casos/${closed}/atribuicao`)).json()).toMatchObject({
        podeAlterar: false,
        colegas: [],
      });
      expect(await audit(support)).toEqual([]);
      expect(await audit(closed)).toEqual([]);
      const bad = await call(ana, 'POST', `/api/backoffice/casos/${support}/atribuicao`, { responsavelId: 'x' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().mensagem).toBe(ASSIGNMENT_MSG.chooseColleague);
    });

    it('role checks (IDOR): another desk sees 404, admin reads but may not change, financeiro and no session are refused, cross-site refused', async () => {
      const { support, claim } = await ownCases();
      expect((await call(sergio, 'GET', `/api/backoffice/casos/${support}/atribuicao`)).statusCode).toBe(404);
      expect((await assign(sergio, support, sergio.id)).statusCode).toBe(404);
      expect((await call(ana, 'GET', `/api/backoffice/casos/${claim}/atribuicao`)).statusCode).toBe(404);
      expect((await assign(ana, claim, ana.id)).statusCode).toBe(404);
      const read = await call(admin, 'GET', `/api/backoffice/casos/${support}/atribuicao`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({ responsavel: null, colegas: [], podeAlterar: false });
      expect((await assign(admin, support, ana.id)).statusCode).toBe(403);
      expect((await call(financeiro, 'GET', `/api/backoffice/casos/${support}/atribuicao`)).statusCode).toBe(403);
      expect((await assign(financeiro, support, ana.id)).statusCode).toBe(403);
      expect((await call(null, 'GET', `/api/backoffice/casos/${support}/atribuicao`)).statusCode).toBe(401);
      expect((await call(null, 'POST', `/api/backoffice/casos/${support}/atribuicao`, { responsavelId: null })).statusCode).toBe(401);
      const crossSite = await call(
        ana,
        'POST',
        `/api/backoffice/casos/${support}/atribuicao`,
        { responsavelId: ana.id },
        { 'sec-fetch-site': 'cross-site' },
      );
      expect(crossSite.statusCode).toBe(403);
      expect((await call(ana, 'GET', `/api/backoffice/casos/${support}/atribuicao`)).json().responsavel).toBeNull();
      expect(await audit(support)).toEqual([]);
    });

    it("the desk's colleagues for a bulk assignment: active ones of the caller's desk; workers only", async () => {
      const names = async (who: StaffMember) =>
        ((await call(who, 'GET', '/api/backoffice/colegas')).json().colegas as Array<{ nome: string }>).map((p) => p.nome);
      expect(await names(ana)).toEqual(expect.arrayContaining(['Ana Teste', 'Bia Colega']));
      expect(await names(ana)).not.toContain('Zé Desligado');
      expect(await names(ana)).not.toContain('Sérgio Teste');
      expect(await names(sergio)).toContain('Sérgio Teste');
      expect(await names(sergio)).not.toContain('Ana Teste');
      expect((await call(admin, 'GET', '/api/backoffice/colegas')).statusCode).toBe(403);
      expect((await call(financeiro, 'GET', '/api/backoffice/colegas')).statusCode).toBe(403);
      expect((await call(null, 'GET', '/api/backoffice/colegas')).statusCode).toBe(401);
    });

    it("the queue shows each case's assignee, 'eu' lists only mine and 'ninguem' only the unassigned", async () => {
      const { c, support } = await ownCases();
      const other = await aCase(t, c.contract, CASE_LIKE.registrationChange);
      const third = await aCase(t, c.contract, CASE_LIKE.registrationChange);
      await assign(ana, support, ana.id);
      await assign(ana, other, bia.id);
      const url = (extra = '') => `/api/backoffice/casos?contrato=${c.contract.nCtrId}${extra}`;
      const all = (await call(ana, 'GET', url())).json().itens as Array<{ CaseNumber: string; responsavel: unknown }>;
      expect(Object.fromEntries(all.map((r) => [r.CaseNumber, r.responsavel]))).toEqual({
        [support]: { id: ana.id, nome: 'Ana Teste' },
        [other]: { id: bia.id, nome: 'Bia Colega' },
        [third]: null,
      });
      const mine = (await call(ana, 'GET', url('&responsavel=eu'))).json().itens.map((r: { CaseNumber: string }) => r.CaseNumber);
      expect(mine).toEqual([support]);
      const hers = (await call(bia, 'GET', url('&responsavel=eu'))).json().itens.map((r: { CaseNumber: string }) => r.CaseNumber);
      expect(hers).toEqual([other]);
      const nobody = (await call(ana, 'GET', url('&responsavel=ninguem'))).json().itens.map((r: { CaseNumber: string }) => r.CaseNumber);
      expect(nobody).toEqual([third]);
      const bad = await call(ana, 'GET', url('&responsavel=todos'));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().mensagem).toBe('Escolha um filtro de responsável da lista.');
    });
  });

  describe('presence (item 10)', () => {
    it('who else has the case open now, on the database clock; gone after the expiry or on leaving', async () => {
      const { support } = await ownCases();
      const beat = (who: StaffMember) => call(who, 'POST', `/api/backoffice/casos/${support}/presenca`);
      expect((await beat(ana)).json()).toEqual({ outros: [] });
      expect((await beat(bia)).json()).toEqual({ outros: [{ nome: 'Ana Teste', papel: 'atendimento' }] });
      expect((await beat(admin)).json()).toEqual({
        outros: [
          { nome: 'Ana Teste', papel: 'atendimento' },
          { nome: 'Bia Colega', papel: 'atendimento' },
        ],
      });
      // Ana's tab went away without saying so: 31 s later she is no longer here.
      await t.owner
        .updateTable('case_presence')
        .set({ seen_at: new Date(Date.now() - 31_000) })
        .where('staff_id', '=', ana.id)
        .execute();
      expect((await beat(bia)).json()).toEqual({ outros: [{ nome: 'Alice Teste', papel: 'admin' }] });
      expect((await call(admin, 'DELETE', `/api/backoffice/casos/${support}/presenca`)).statusCode).toBe(204);
      expect((await beat(bia)).json()).toEqual({ outros: [] });
      // Presence is not an action on the case: no audit rows.
      expect(await audit(support)).toEqual([]);
    });

    it('role checks (IDOR): another desk 404, financeiro 403, no session 401, cross-site 403', async () => {
      const { support, claim } = await ownCases();
      expect((await call(sergio, 'POST', `/api/backoffice/casos/${support}/presenca`)).statusCode).toBe(404);
      expect((await call(ana, 'POST', `/api/backoffice/casos/${claim}/presenca`)).statusCode).toBe(404);
      expect((await call(ana, 'DELETE', `/api/backoffice/casos/${claim}/presenca`)).statusCode).toBe(404);
      expect((await call(financeiro, 'POST', `/api/backoffice/casos/${support}/presenca`)).statusCode).toBe(403);
      expect((await call(null, 'POST', `/api/backoffice/casos/${support}/presenca`)).statusCode).toBe(401);
      expect(
        (await call(ana, 'POST', `/api/backoffice/casos/${support}/presenca`, undefined, { origin: 'https://evil.example' })).statusCode,
      ).toBe(403);
      expect((await call(bia, 'POST', `/api/backoffice/casos/${support}/presenca`)).json()).toEqual({ outros: [] });
    });
  });

  describe('bulk actions (item 14)', () => {
    const bulk = (who: StaffMember | null, casos: string[], acao: unknown) =>
      call(who, 'POST', '/api/backoffice/casos/lote', { casos, acao });
    const phase = async (n: string) =>
      (await t.query<{ phase: string; status: string }>('SELECT phase, status FROM cases WHERE case_number = $1', [n]))[0];

    it('closes what it can, one transaction and one audit row per case, and says per case why not', async () => {
      const { c, support, claim } = await ownCases();
      const second = await aCase(t, c.contract, CASE_LIKE.registrationChange);
      const res = await bulk(ana, [support, claim, second, '2020-999999'], { tipo: 'encerrar' });
      expect(res.statusCode).toBe(200);
      expect(res.json().resultados).toEqual([
        { caso: support, ok: true, mensagem: 'Encerrado (Concluído).' },
        // Another desk's case reads as one that does not exist.
        { caso: claim, ok: false, mensagem: STAFF_MSG.caseNotFound },
        { caso: second, ok: true, mensagem: 'Encerrado (Concluído).' },
        { caso: '2020-999999', ok: false, mensagem: STAFF_MSG.caseNotFound },
      ]);
      expect(await phase(support)).toEqual({ phase: 'Concluído', status: 'Closed' });
      expect(await phase(second)).toEqual({ phase: 'Concluído', status: 'Closed' });
      expect(await phase(claim)).toEqual({ phase: 'Documentação', status: 'New' });
      for (const n of [support, second]) expect((await audit(n)).map((r) => r.action)).toEqual(['caso.fase']);
      expect(await audit(claim)).toEqual([]);

      const again = await bulk(ana, [support], { tipo: 'encerrar' });
      expect(again.json().resultados).toEqual([{ caso: support, ok: false, mensagem: ASSIGNMENT_MSG.alreadyClosed }]);
      // A claim that cannot close from its phase says so.
      const notYet = await bulk(sergio, [claim], { tipo: 'encerrar' });
      expect(notYet.json().resultados).toEqual([{ caso: claim, ok: false, mensagem: ASSIGNMENT_MSG.cannotClose('Documentação') }]);
    });

    it('assigns and moves phase per case, each audited; a phase a case cannot take is reported, the others move', async () => {
      const { c, support } = await ownCases();
      const inAnalysis = await aCase(t, c.contract, { ...CASE_LIKE.registrationChange, phases: [{ phase: 'Análise', daysAgo: 1 }] });
      const assigned = await bulk(ana, [support, inAnalysis], { tipo: 'atribuir', responsavelId: bia.id });
      expect(assigned.json().resultados).toEqual([
        { caso: support, ok: true, mensagem: 'Atribuído a Bia Colega.' },
        { caso: inAnalysis, ok: true, mensagem: 'Atribuído a Bia Colega.' },
      ]);
      const moved = await bulk(ana, [support, inAnalysis], { tipo: 'fase', fase: 'Aguardando Cliente' });
      expect(moved.json().resultados).toEqual([
        { caso: support, ok: false, mensagem: STAFF_MSG.phaseNotAllowed('Aberto', 'Aguardando Cliente') },
        { caso: inAnalysis, ok: true, mensagem: 'Movido para Aguardando Cliente.' },
      ]);
      expect(await phase(support)).toEqual({ phase: 'Aberto', status: 'New' });
      expect(await phase(inAnalysis)).toEqual({ phase: 'Aguardando Cliente', status: 'New' });
      expect((await audit(support)).map((r) => r.action)).toEqual(['caso.atribuido']);
      expect((await audit(inAnalysis)).map((r) => r.action)).toEqual(['caso.atribuido', 'caso.fase']);
    });

    it(`at most ${BULK_MAX} cases, each once, a known action; workers only (admin 403, no session 401, cross-site 403)`, async () => {
      const { support } = await ownCases();
      const many = Array.from({ length: BULK_MAX + 1 }, (_, i) => `2026-${String(900_000 + i).padStart(6, '0')}`);
      const tooMany = await bulk(ana, many, { tipo: 'encerrar' });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().mensagem).toBe(ASSIGNMENT_MSG.tooMany);
      expect((await bulk(ana, [], { tipo: 'encerrar' })).json().mensagem).toBe(ASSIGNMENT_MSG.noneSelected);
      expect((await bulk(ana, [support, support], { tipo: 'encerrar' })).statusCode).toBe(400);
      expect((await bulk(ana, [support], { tipo: 'apagar' })).json().mensagem).toBe(ASSIGNMENT_MSG.chooseAction);
      expect((await bulk(admin, [support], { tipo: 'encerrar' })).statusCode).toBe(403);
      expect((await bulk(financeiro, [support], { tipo: 'encerrar' })).statusCode).toBe(403);
      expect((await bulk(null, [support], { tipo: 'encerrar' })).statusCode).toBe(401);
      const crossSite = await call(
        ana,
        'POST',
        '/api/backoffice/casos/lote',
        { casos: [support], acao: { tipo: 'encerrar' } },
        { 'sec-fetch-site': 'cross-site' },
      );
      expect(crossSite.statusCode).toBe(403);
      expect(await phase(support)).toEqual({ phase: 'Aberto', status: 'New' });
      expect(await audit(support)).toEqual([]);
    });
  });
});
