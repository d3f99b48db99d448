import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { BOUNDS_MSG, MULTI_OPEN_DAILY_LIMIT, STAFF_MSG, SUPPORT_MSG, type StaffRole } from '@guarita/domain';
import { createTestApp, type TestApp } from './helpers';
import { STAFF_COOKIE, staffRequest } from './staff-helpers';
import {
  CASE_LIKE,
  CLAIM_LIKE,
  aCase,
  aClaim,
  aContract,
  aLoggedInCustomer,
  aStaffMember,
  type Customer,
  type StaffMember,
} from './factories';

type Role = Extract<StaffRole, 'atendimento' | 'sinistros' | 'financeiro' | 'admin'>;
const ROLES: Role[] = ['atendimento', 'sinistros', 'financeiro', 'admin'];

/** Issue 23 "Hardening II", items 7, 8, 10 and 12: the staff side refuses what the customer side refuses. */
describe('hardening II: staff routes, the demo claims team, refused staff actions, multi-open request limits', () => {
  let t: TestApp;
  /** A console account of each role, logged in (the file's, like the app: no test changes them). */
  const staff = {} as Record<Role, StaffMember>;

  /** An open case of a customer of the test's own (ADR 070), in one of the seed's shapes; answers its case number. */
  const anOpenCase = async (like: 'collision' | 'glass' | 'registration') => {
    const { contract } = await aLoggedInCustomer(t);
    if (like === 'registration') return aCase(t, contract, CASE_LIKE.registrationChange);
    return aClaim(t, contract, like === 'glass' ? CLAIM_LIKE.glassRepairAuthorised : CLAIM_LIKE.collisionInDocumentation);
  };
  const as = (role: Role, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    staffRequest(t, staff[role].token, method, url, payload);
  const count = async (sql: string, params: unknown[] = []) =>
    (await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0]!.n;
  /** Rows a staff action could write: comments, notes, events, audit, photo reviews, notifications. */
  const footprint = async (caseNumber: string) => ({
    comments: await count('case_comments c JOIN cases k ON k.id = c.case_id WHERE k.case_number = $1', [caseNumber]),
    notes: await count('case_staff_notes n JOIN cases k ON k.id = n.case_id WHERE k.case_number = $1', [caseNumber]),
    events: await count('case_events e JOIN cases k ON k.id = e.case_id WHERE k.case_number = $1', [caseNumber]),
    audit: await count('staff_audit WHERE case_number = $1', [caseNumber]),
    notifications: await count('notification_jobs'),
    phase: (await t.query<{ phase: string; status: string }>('SELECT phase, status FROM cases WHERE case_number = $1', [caseNumber]))[0],
  });

  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ROLES) staff[role] = await aStaffMember(t, role);
  }, 180_000);
  // The app may never have been built (a failed or timed-out beforeAll): nothing to close then.
  afterAll(() => t?.close());

  describe('item 7: a lone surrogate or NUL on a staff route is a 400 that changes nothing', () => {
    it('comment, staff note, photo rejection reason and request rejection reason with a lone surrogate', async () => {
      const collision = await anOpenCase('collision');
      const registration = await anOpenCase('registration');
      const before = { claim: await footprint(collision), support: await footprint(registration) };
      const refused = [
        await as('sinistros', 'POST', `/api/backoffice/casos/${collision}/comentarios`, { texto: 'Vistoria \ud800 agendada.' }),
        await as('sinistros', 'POST', `/api/backoffice/casos/${collision}/comentarios`, { texto: 'nota \udc00', interno: true }),
        await as('sinistros', 'POST', `/api/backoffice/casos/${collision}/fotos/frente/revisao`, {
          aprovacao: false,
          textoReprovacao: 'Foto escura \ud800',
        }),
        await as('atendimento', 'POST', `/api/backoffice/casos/${registration}/reprovar`, { motivo: 'Documento ilegível \udbff' }),
        await as('sinistros', 'POST', `/api/backoffice/casos/${collision}/fase`, { fase: 'Análise\ud800' }),
      ];
      for (const res of refused) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ erro: 'VALIDATION', mensagem: BOUNDS_MSG.controlChars });
      }
      expect({ claim: await footprint(collision), support: await footprint(registration) }).toEqual(before);
      // A well-formed pair (an emoji) is text like any other.
      const emoji = await as('sinistros', 'POST', `/api/backoffice/casos/${collision}/comentarios`, {
        texto: 'Recebido 👍',
        interno: true,
      });
      expect(emoji.statusCode, emoji.body).toBe(204);
    });

    it('queue filters with NUL or another control character', async () => {
      for (const query of ['fase=%00', 'motivo=%00', 'fase=Documenta%00o', 'motivo=Colis%1F']) {
        const res = await as('sinistros', 'GET', `/api/backoffice/casos?${query}`);
        expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      }
      expect((await as('sinistros', 'GET', '/api/backoffice/casos?fase=Documenta%C3%A7%C3%A3o')).statusCode).toBe(200);
    });

    it('the demo claims team: comment and rejection text with NUL or a lone surrogate', async () => {
      const collision = await anOpenCase('collision');
      const before = await footprint(collision);
      for (const res of [
        await t.app.inject({ method: 'POST', url: `/api/dev/claims/${collision}/comments`, payload: { texto: 'a\u0000b' } }),
        await t.app.inject({ method: 'POST', url: `/api/dev/claims/${collision}/comments`, payload: { texto: 'a\ud800b' } }),
        await t.app.inject({
          method: 'POST',
          url: `/api/dev/claims/${collision}/photos/frente/review`,
          payload: { aprovacao: false, textoReprovacao: 'x\u0000' },
        }),
      ]) {
        expect(res.statusCode, res.body).toBe(400);
      }
      expect(await footprint(collision)).toEqual(before);
    });
  });

  describe('item 10: refused staff actions are audited', () => {
    const denied = () =>
      t.query<{ staff_email: string; role: string; action: string; case_number: string | null; after: unknown; ip: string | null }>(
        `SELECT staff_email, role, action, case_number, after, ip FROM staff_audit WHERE action = 'acesso.negado' ORDER BY id`,
      );

    it('25 calls a role may not make: 25 audit rows with who, from where, the route and the case', async () => {
      const collision = await anOpenCase('collision');
      const registration = await anOpenCase('registration');
      const start = (await denied()).length;
      const calls: Array<[Role, 'GET' | 'POST', string, unknown?]> = [
        ['atendimento', 'POST', `/api/backoffice/casos/${collision}/fotos/frente/revisao`, { aprovacao: true }],
        ['atendimento', 'POST', `/api/backoffice/casos/${collision}/perda-total`, { qualificado: true }],
        ['sinistros', 'POST', `/api/backoffice/casos/${registration}/aprovar`],
        ['financeiro', 'GET', '/api/backoffice/casos'],
        ['admin', 'POST', `/api/backoffice/casos/${collision}/comentarios`, { texto: 'x' }],
      ];
      for (let i = 0; i < 5; i++) {
        for (const [role, method, url, body] of calls) expect((await as(role, method, url, body)).statusCode, `${role} ${url}`).toBe(403);
      }
      const rows = (await denied()).slice(start);
      expect(rows).toHaveLength(25);
      expect(rows[0]).toEqual({
        staff_email: staff.atendimento.email,
        role: 'atendimento',
        action: 'acesso.negado',
        case_number: collision,
        after: { metodo: 'POST', rota: '/api/backoffice/casos/:caseNumber/fotos/:typeId/revisao', status: 403 },
        ip: '127.0.0.1',
      });
      expect(rows[3]).toMatchObject({
        staff_email: staff.financeiro.email,
        case_number: null,
        after: { metodo: 'GET', rota: '/api/backoffice/casos' },
      });
      // The admin reads the refusals in the log like any other action.
      const log = await as('admin', 'GET', '/api/backoffice/auditoria?limite=5');
      expect(log.json().itens[0]).toMatchObject({ acao: 'acesso.negado', quem: staff.admin.email, caso: collision });
    });

    it('a cross-site POST with a live staff session is refused and audited too; no session (401) has no one to audit', async () => {
      const collision = await anOpenCase('collision');
      const start = (await denied()).length;
      const cross = await t.app.inject({
        method: 'POST',
        url: `/api/backoffice/casos/${collision}/comentarios`,
        cookies: { [STAFF_COOKIE]: staff.sinistros.token },
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        payload: { texto: 'x' },
      });
      expect(cross.statusCode).toBe(403);
      expect((await staffRequest(t, undefined, 'GET', '/api/backoffice/auditoria')).statusCode).toBe(401);
      const rows = (await denied()).slice(start);
      expect(rows).toEqual([expect.objectContaining({ staff_email: staff.sinistros.email, case_number: collision })]);
    });
  });

  describe('item 8: the demo phase route takes only the phases of the claim state machine', () => {
    const move = (caseNumber: string, fase: unknown) =>
      t.app.inject({ method: 'POST', url: `/api/dev/claims/${caseNumber}/phase`, payload: { fase } });

    it('refuses any other text (markup, padded numbers, NUL, a support phase, a phase of no step) with a pt-BR 400', async () => {
      const collision = await anOpenCase('collision');
      const before = await footprint(collision);
      for (const fase of ['<script>alert(1)</script>', ' 15 ', 'Regulação\u0000', 'Retenção', 'Monitora Documentação', ' Regulação', '']) {
        const res = await move(collision, fase);
        expect(res.statusCode, `${JSON.stringify(fase)}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ erro: 'VALIDATION', mensagem: STAFF_MSG.unknownClaimPhase });
      }
      expect(await footprint(collision)).toEqual(before);
    });

    it("refuses a phase of the other kind's machine (total loss on a glass claim)", async () => {
      const glass = await anOpenCase('glass');
      const before = await footprint(glass);
      const res = await move(glass, 'Indenização');
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().mensagem).toBe(STAFF_MSG.unknownClaimPhase);
      expect(await footprint(glass)).toEqual(before);
    });

    it('still jumps to any phase of the machine, and the console can move the claim on from there', async () => {
      const collision = await anOpenCase('collision');
      const res = await move(collision, 'Regulação');
      expect(res.statusCode, res.body).toBe(204);
      const detail = await as('sinistros', 'GET', `/api/backoffice/casos/${collision}`);
      expect(detail.json().caso.Fase__c).toBe('Regulação');
      expect(detail.json().proximasFases.length).toBeGreaterThan(0);
      const next = await as('sinistros', 'POST', `/api/backoffice/casos/${collision}/fase`, { fase: detail.json().proximasFases[0] });
      expect(next.statusCode, next.body).toBe(204);
    });
  });

  describe('item 12: a daily limit per customer for the request types that allow several open cases', () => {
    const ombudsman = (token: string, nCtrId: number, key: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/cases/contracts/${nCtrId}`,
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
        payload: { tipo: 'ouvidoria', telefone: '31999998888', descricao: 'Fui mal atendido na oficina credenciada.' },
      });
    const recent = (c: Customer) =>
      count(`cases WHERE customer_id = $1 AND request_type = 'ouvidoria' AND created_at > now() - interval '24 hours'`, [c.id]);

    it('fifty concurrent ombudsman requests over two contracts open five cases; the rest get a pt-BR 429', async () => {
      const c = await aLoggedInCustomer(t);
      const second = await aContract(t, c);
      const contractOf = (i: number) => (i % 2 ? c.contract.nCtrId : second.nCtrId);
      const keys = Array.from({ length: 50 }, () => randomUUID());
      const answers = await Promise.all(keys.map((k, i) => ombudsman(c.token, contractOf(i), k)));
      const created = answers.filter((r) => r.statusCode === 201);
      const refused = answers.filter((r) => r.statusCode === 429);
      expect(created).toHaveLength(MULTI_OPEN_DAILY_LIMIT);
      expect(refused).toHaveLength(50 - created.length);
      expect(refused[0]!.json()).toMatchObject({
        erro: 'CASE_LIMIT',
        mensagem: SUPPORT_MSG.dailyLimit('Ouvidoria', MULTI_OPEN_DAILY_LIMIT),
      });
      expect(await recent(c)).toBe(MULTI_OPEN_DAILY_LIMIT);

      // A retry of an accepted request still answers as the first time did, limit or not.
      const firstKey = keys[answers.findIndex((r) => r.statusCode === 201)]!;
      const replay = await ombudsman(c.token, contractOf(answers.findIndex((r) => r.statusCode === 201)), firstKey);
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');

      // Another customer has a limit of their own.
      const other = await aLoggedInCustomer(t);
      expect((await ombudsman(other.token, other.contract.nCtrId, randomUUID())).statusCode).toBe(201);

      // The window is the last 24 hours: once those cases are older, she may send again.
      await t.query(
        `UPDATE cases SET created_at = created_at - interval '25 hours' WHERE request_type = 'ouvidoria' AND customer_id = $1`,
        [c.id],
      );
      expect((await ombudsman(c.token, c.contract.nCtrId, randomUUID())).statusCode).toBe(201);
    });
  });
});
