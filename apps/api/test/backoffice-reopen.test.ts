import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REOPEN_MSG, STAFF_MSG, unlabelledFields, ZOD_FOREIGN_DEFAULTS } from '@guarita/domain';
import { aCase, aClaim, aLoggedInCustomer, CASE_LIKE, CLAIM_LIKE, type Customer } from './factories';
import { createTestApp, type TestApp } from './helpers';
import { FixedClock } from '../src/ports/clock';
import { STAFF, staffLogin, staffRequest } from './staff-helpers';

type Role = keyof typeof STAFF;
const TEL = '(31) 98765-4321';
const REASON = 'O cliente ligou: o problema voltou.';

/**
 * Issue 30 items 5–7 on the API: reopening a closed case (reason, staff note, audit row in one transaction, the phase
 * of ADR 087, role checks like the other case actions), the request fields the console labels, and zod's own messages
 * in Brazilian Portuguese on a staff route and a customer route. Each test makes the customer and cases it changes.
 */
describe('back office II: reopening, request fields, pt-BR validation (issue 30)', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date());
  const tokens = {} as Record<Role, string>;
  const as = (role: Role, method: 'GET' | 'POST', url: string, payload?: unknown) => staffRequest(t, tokens[role], method, url, payload);
  const reopen = (role: Role, n: string, motivo: unknown = REASON) => as(role, 'POST', `/api/backoffice/casos/${n}/reabrir`, { motivo });
  const audit = (n: string) =>
    t.query<{ action: string; staff_email: string; before: unknown; after: unknown }>(
      `SELECT action, staff_email, before, after FROM staff_audit WHERE case_number = $1 AND action <> 'acesso.negado' ORDER BY id`,
      [n],
    );
  const caseRow = async (n: string) =>
    (await t.query<{ id: string; status: string; phase: string }>('SELECT id, status, phase FROM cases WHERE case_number = $1', [n]))[0]!;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    for (const role of Object.keys(STAFF) as Role[]) tokens[role] = await staffLogin(t, clock, STAFF[role]);
  });
  afterAll(() => t?.close());

  /** A customer with a concluded contestation (Análise → Concluído, closed) as the app sends it. */
  const closedSupportCase = async (): Promise<{ c: Customer; n: string }> => {
    const c = await aLoggedInCustomer(t);
    return { c, n: await aCase(t, c.contract, CASE_LIKE.contestationConcluded) };
  };

  describe('reopening a closed case', () => {
    it('atendimento reopens a support case: open again in the phase before Concluído, note, audit, event; then comment and move it', async () => {
      const { c, n } = await closedSupportCase();
      const before = (await as('atendimento', 'GET', `/api/backoffice/casos/${n}`)).json();
      expect(before.caso).toMatchObject({ Status: 'Closed', Fase__c: 'Concluído' });
      expect(before.podeReabrir).toBe(true);
      // closed: no comment, no phase move
      expect((await as('atendimento', 'POST', `/api/backoffice/casos/${n}/fase`, { fase: 'Análise' })).statusCode).toBe(409);

      const res = await reopen('atendimento', n, `  ${REASON}  `);
      expect(res.statusCode).toBe(204);

      const d = (await as('atendimento', 'GET', `/api/backoffice/casos/${n}`)).json();
      const phaseBefore = CASE_LIKE.contestationConcluded.phases!.at(-2)?.phase ?? 'Análise';
      expect(d.caso).toMatchObject({ Status: 'New', Fase__c: phaseBefore });
      expect(d.podeReabrir).toBe(false);
      expect(d.proximasFases.length).toBeGreaterThan(0);
      expect(d.notasInternas.at(-1)).toMatchObject({ texto: REOPEN_MSG.note(REASON) });
      expect(
        d.historico.slice(-2).map((e: { tipo: string; de: string; para: string; autor: string }) => [e.tipo, e.de, e.para, e.autor]),
      ).toEqual([
        ['status', 'Closed', 'New', 'staff'],
        ['phase', 'Concluído', phaseBefore, 'staff'],
      ]);
      expect(await audit(n)).toEqual([
        {
          action: 'caso.reaberto',
          staff_email: STAFF.atendimento,
          before: { status: 'Closed', fase: 'Concluído' },
          after: { status: 'New', fase: phaseBefore, motivo: REASON },
        },
      ]);
      // the customer's case shows it open again, with the status event in its timeline; the note is not theirs
      const mine = (await c.call('GET', `/api/cases/${(await caseRow(n)).id}`)).json();
      expect(mine.Status).toBe('New');
      expect(mine.eventos.at(-2)).toMatchObject({ tipo: 'status', para: 'New' });
      expect(JSON.stringify(mine)).not.toContain(REASON);

      // open again: comments and phase moves work; a second reopening is a 409 in pt-BR
      expect((await as('atendimento', 'POST', `/api/backoffice/casos/${n}/comentarios`, { texto: 'Vamos rever.' })).statusCode).toBe(204);
      expect((await as('atendimento', 'POST', `/api/backoffice/casos/${n}/fase`, { fase: 'Concluído' })).statusCode).toBe(204);
      expect((await reopen('atendimento', n)).statusCode).toBe(204);
      const twice = await reopen('atendimento', n);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().mensagem).toBe(REOPEN_MSG.alreadyOpen);
    });

    it('sinistros reopens a finalised claim: it returns to the phase before Finalização, as the customer tracking shows', async () => {
      const c = await aLoggedInCustomer(t);
      const n = await aClaim(t, c.contract, CLAIM_LIKE.collisionInAnalysis);
      for (const fase of ['Direcionamento', 'Regulação', 'Acompanhamento', 'Finalização'])
        expect((await as('sinistros', 'POST', `/api/backoffice/casos/${n}/fase`, { fase })).statusCode).toBe(204);
      expect((await caseRow(n)).status).toBe('Closed');
      expect((await reopen('sinistros', n)).statusCode).toBe(204);
      expect(await caseRow(n)).toMatchObject({ status: 'New', phase: 'Acompanhamento' });
      const tracking = (await c.call('GET', `/api/claims/cases/${n}`)).json();
      expect(tracking.caso).toMatchObject({ Status: 'New', Fase__c: 'Acompanhamento' });
      expect((await as('sinistros', 'POST', `/api/backoffice/casos/${n}/fase`, { fase: 'Finalização' })).statusCode).toBe(204);
    });

    it('role checks and IDOR: admin and financeiro cannot, a desk only its own kind of case, no session no access; nothing changes', async () => {
      const { n: support } = await closedSupportCase();
      const c = await aLoggedInCustomer(t);
      const claim = await aClaim(t, c.contract, CLAIM_LIKE.collisionInAnalysis);
      await t.query(`UPDATE cases SET status = 'Closed' WHERE case_number = $1`, [claim]);

      expect((await reopen('admin', support)).statusCode).toBe(403);
      expect((await reopen('financeiro', support)).statusCode).toBe(403);
      expect((await reopen('sinistros', support)).json()).toMatchObject({ mensagem: STAFF_MSG.caseNotFound });
      expect((await reopen('sinistros', support)).statusCode).toBe(404);
      expect((await reopen('atendimento', claim)).statusCode).toBe(404);
      expect((await staffRequest(t, undefined, 'POST', `/api/backoffice/casos/${support}/reabrir`, { motivo: REASON })).statusCode).toBe(
        401,
      );
      // a customer's session is not a staff session
      expect((await c.call('POST', `/api/backoffice/casos/${support}/reabrir`, { motivo: REASON })).statusCode).toBe(401);
      // another site's page cannot post it
      const cross = await t.app.inject({
        method: 'POST',
        url: `/api/backoffice/casos/${support}/reabrir`,
        cookies: { guarita_staff: tokens.atendimento },
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        payload: { motivo: REASON },
      });
      expect(cross.statusCode).toBe(403);
      expect((await as('admin', 'GET', `/api/backoffice/casos/${support}`)).json().podeReabrir).toBe(false);
      expect((await reopen('atendimento', '2099-999999')).statusCode).toBe(404);

      expect(await caseRow(support)).toMatchObject({ status: 'Closed' });
      expect(await caseRow(claim)).toMatchObject({ status: 'Closed' });
      expect(await audit(support)).toEqual([]);
      expect(await audit(claim)).toEqual([]);
    });

    it('the reason is required and bounded, in pt-BR', async () => {
      const { n } = await closedSupportCase();
      const msg = async (motivo: unknown) => {
        const res = await as('atendimento', 'POST', `/api/backoffice/casos/${n}/reabrir`, motivo === undefined ? {} : { motivo });
        expect(res.statusCode).toBe(400);
        return res.json().mensagem as string;
      };
      expect(await msg(undefined)).toBe(REOPEN_MSG.reasonRequired);
      expect(await msg('   ')).toBe(REOPEN_MSG.reasonRequired);
      expect(await msg('curto')).toBe(REOPEN_MSG.reasonTooShort);
      expect(await msg('x'.repeat(1001))).toMatch(/no máximo 1000 caracteres/);
      expect(await msg(42)).toBe(REOPEN_MSG.reasonRequired);
      expect((await caseRow(n)).status).toBe('Closed');
    });

    it('a decided request reopened stays decided: it cannot be approved again', async () => {
      const c = await aLoggedInCustomer(t);
      const n = await aCase(t, c.contract, {
        daysAgo: 1,
        request: { tipo: 'dados-cadastrais', telefone: TEL, alteracoes: ['E-mail'], novoEmail: 'novo.email@exemplo.com.br' },
      });
      expect((await as('atendimento', 'POST', `/api/backoffice/casos/${n}/aprovar`)).statusCode).toBe(204);
      expect((await reopen('atendimento', n)).statusCode).toBe(204);
      const d = (await as('atendimento', 'GET', `/api/backoffice/casos/${n}`)).json();
      expect(d.caso).toMatchObject({ Status: 'New', Fase__c: 'Aberto' });
      expect(d).toMatchObject({ podeDecidir: false, proposta: null });
      const again = await as('atendimento', 'POST', `/api/backoffice/casos/${n}/aprovar`);
      expect(again.statusCode).toBe(409);
      expect(again.json().mensagem).toBe(STAFF_MSG.alreadyDecided);
    });

    it('is refused while the contract has another open case of the same kind (the duplicate rule)', async () => {
      const { c, n } = await closedSupportCase();
      const other = await aCase(t, c.contract, { ...CASE_LIKE.contestationConcluded, phases: [], closedDaysAgo: undefined });
      const res = await reopen('atendimento', n);
      expect(res.statusCode).toBe(409);
      expect(res.json().mensagem).toBe(REOPEN_MSG.duplicateOpen(other));
      expect((await caseRow(n)).status).toBe('Closed');
    });
  });

  describe("'Solicitação enviada' (item 5)", () => {
    it('every field the detail sends for support cases and claims has a pt-BR label', async () => {
      const c = await aLoggedInCustomer(t);
      const support = await Promise.all(Object.values(CASE_LIKE).map((like) => aCase(t, c.contract, like)));
      const claims = await Promise.all(
        [CLAIM_LIKE.collisionInDocumentation, CLAIM_LIKE.glassRepairAuthorised].map((like) => aClaim(t, c.contract, like)),
      );
      for (const n of support)
        expect(unlabelledFields((await as('atendimento', 'GET', `/api/backoffice/casos/${n}`)).json().solicitacao)).toEqual([]);
      for (const n of claims)
        expect(unlabelledFields((await as('sinistros', 'GET', `/api/backoffice/casos/${n}`)).json().solicitacao)).toEqual([]);
    });
  });

  describe("zod's own messages in pt-BR (item 6)", () => {
    it('a bad querystring on a staff route and on a customer route answers in Brazilian Portuguese', async () => {
      const c = await aLoggedInCustomer(t);
      for (const qs of ['idadeMinDias=abc', 'limite=0', 'limite=1000', 'contrato=-5', 'status=Aberto', 'cursor=%24%24']) {
        const res = await as('atendimento', 'GET', `/api/backoffice/casos?${qs}`);
        expect(res.statusCode, qs).toBe(400);
        expect(res.json().mensagem, qs).not.toMatch(ZOD_FOREIGN_DEFAULTS);
      }
      for (const qs of ['antes=abc', 'limite=0', 'limite=51', 'antes=-1']) {
        const res = await c.call('GET', `/api/notifications?${qs}`);
        expect(res.statusCode, qs).toBe(400);
        expect(res.json().mensagem, qs).not.toMatch(ZOD_FOREIGN_DEFAULTS);
      }
      expect((await c.call('GET', '/api/notifications?limite=0')).json().mensagem).toBe('Informe um valor a partir de 1.');
    });
  });
});
