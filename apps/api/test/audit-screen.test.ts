import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_MSG, formatDocument, todayInSaoPaulo, addDaysIso } from '@guarita/domain';
import { aCase, aContract, aCustomer } from './factories';
import { createTestApp, type TestApp } from './helpers';
import { FixedClock } from '../src/ports/clock';
import { STAFF, staffLogin, staffRequest } from './staff-helpers';

type Role = keyof typeof STAFF;
type Row = { id: number; quem: string; acao: string; caso: string | null; cliente: number | null; quando: string };

/** Issue 30 item 1: the audit screen's filters, keyset paging and the CSV export with the same filters, admin only. */
describe('audit log filters (issue 30 item 1)', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date());
  const tokens = {} as Record<Role, string>;
  const as = (role: Role, url: string) => staffRequest(t, tokens[role], 'GET', url);
  /** Every row a filter answers, following `proximo` page after page of `limite`. */
  const all = async (query: string, limite = 50): Promise<Row[]> => {
    const rows: Row[] = [];
    let cursor: string | null = null;
    do {
      const res = await as('admin', `/api/backoffice/auditoria?${query}&limite=${limite}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { itens: Row[]; proximo: string | null };
      rows.push(...page.itens);
      cursor = page.proximo;
    } while (cursor);
    return rows;
  };

  /** A customer of its own with a case that atendimento commented three times (three audited actions). */
  let customer: { id: number; document: string };
  let caseNumber: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    for (const role of Object.keys(STAFF) as Role[]) tokens[role] = await staffLogin(t, clock, STAFF[role]);
    customer = await aCustomer(t);
    const contract = await aContract(t, customer);
    caseNumber = await aCase(t, contract, {
      daysAgo: 1,
      request: { tipo: 'dados-cadastrais', telefone: '(31) 98765-4321', alteracoes: ['E-mail'], novoEmail: 'a@b.com.br' },
    });
    for (const texto of ['Primeiro', 'Segundo', 'Terceiro']) {
      const res = await staffRequest(t, tokens.atendimento, 'POST', `/api/backoffice/casos/${caseNumber}/comentarios`, { texto });
      expect(res.statusCode, res.body).toBe(204);
    }
  });
  afterAll(() => t?.close());

  it('filters by case, customer (CPF formatted or not), who and action; newest first', async () => {
    const ofCase = await all(`caso=${caseNumber}`);
    expect(ofCase.map((r) => r.acao)).toEqual(['caso.comentario', 'caso.comentario', 'caso.comentario']);
    expect(ofCase.every((r) => r.caso === caseNumber && r.cliente === customer.id && r.quem === STAFF.atendimento)).toBe(true);
    expect(ofCase.map((r) => r.quando)).toEqual([...ofCase.map((r) => r.quando)].sort().reverse());

    expect((await all(`cliente=${encodeURIComponent(formatDocument(customer.document))}`)).map((r) => r.id)).toEqual(
      ofCase.map((r) => r.id),
    );
    expect((await all(`cliente=${customer.document}`)).map((r) => r.id)).toEqual(ofCase.map((r) => r.id));
    // A valid CPF of nobody: nothing, not everything.
    expect(await all(`cliente=${generateCpf()}`)).toEqual([]);

    // The e-mail as typed (capitals, spaces) finds the account's rows; the action narrows them.
    const byWho = await all(`quem=${encodeURIComponent(` ${STAFF.atendimento.toUpperCase()} `)}`);
    expect(byWho.length).toBeGreaterThanOrEqual(4); // its login and the three comments
    expect(new Set(byWho.map((r) => r.quem))).toEqual(new Set([STAFF.atendimento]));
    const logins = await all(`quem=${STAFF.atendimento}&acao=login`);
    expect(logins.map((r) => r.acao)).toEqual(['login']);
    expect(await all(`acao=caso.comentario&caso=${caseNumber}&quem=${STAFF.sinistros}`)).toEqual([]);
  });

  it('filters by period in São Paulo days', async () => {
    const today = todayInSaoPaulo();
    expect(await all(`caso=${caseNumber}&de=${today}&ate=${today}`)).toHaveLength(3);
    expect(await all(`caso=${caseNumber}&de=${addDaysIso(today, 1)}`)).toEqual([]);
    expect(await all(`caso=${caseNumber}&ate=${addDaysIso(today, -1)}`)).toEqual([]);
  });

  it('pages with the keyset cursor: every row once, in order, however small the page', async () => {
    const whole = await all(`quem=${STAFF.atendimento}`);
    const paged = await all(`quem=${STAFF.atendimento}`, 1);
    expect(paged.map((r) => r.id)).toEqual(whole.map((r) => r.id));
    expect(new Set(paged.map((r) => r.id)).size).toBe(paged.length);
    expect((await as('admin', '/api/backoffice/auditoria?cursor=bm9wZQ')).json()).toMatchObject({ mensagem: AUDIT_MSG.badPage });
  });

  it('refuses bad filters with pt-BR messages', async () => {
    const message = async (query: string) => {
      const res = await as('admin', `/api/backoffice/auditoria?${query}`);
      expect(res.statusCode, query).toBe(400);
      return (res.json() as { mensagem: string }).mensagem;
    };
    expect(await message('caso=123')).toBe(AUDIT_MSG.caseNumber);
    expect(await message('quem=atendimento')).toBe(AUDIT_MSG.email);
    expect(await message('acao=DROP%20TABLE')).toBe(AUDIT_MSG.action);
    expect(await message('de=2026-02-30')).toBe(AUDIT_MSG.date);
    expect(await message('de=2026-03-10&ate=2026-03-01')).toBe(AUDIT_MSG.periodOrder);
    expect(await message('de=2025-01-01&ate=2026-01-02')).toBe(AUDIT_MSG.periodTooLong);
    expect(await message('cliente=123')).toMatch(/CPF|CNPJ/);
    // A year (366 days) is the longest period.
    expect((await as('admin', '/api/backoffice/auditoria?de=2025-01-01&ate=2026-01-01')).statusCode).toBe(200);
  });

  it('exports the CSV with the same filters, and records the export with them', async () => {
    const res = await as('admin', `/api/backoffice/auditoria.csv?caso=${caseNumber}&acao=caso.comentario`);
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('id,quando,quem,papel,acao,caso,cliente,antes,depois,ip');
    expect(lines.slice(1)).toHaveLength(3);
    expect(lines.slice(1).every((l) => l.includes(`${STAFF.atendimento},atendimento,caso.comentario,${caseNumber},${customer.id}`))).toBe(
      true,
    );
    // Oldest first: the first comment's line comes first.
    expect(lines[1]).toContain('Primeiro');

    const row = (await as('admin', `/api/backoffice/auditoria?quem=${STAFF.admin}&acao=auditoria.exportada&limite=1`)).json().itens[0];
    expect(row.depois).toEqual({ filtros: { caso: caseNumber, acao: 'caso.comentario' } });

    expect((await as('admin', '/api/backoffice/auditoria.csv?caso=1')).statusCode).toBe(400);
  });

  it('stays admin-only with filters', async () => {
    for (const role of ['atendimento', 'sinistros', 'financeiro'] as const) {
      expect((await as(role, `/api/backoffice/auditoria?caso=${caseNumber}`)).statusCode).toBe(403);
      expect((await as(role, `/api/backoffice/auditoria.csv?caso=${caseNumber}`)).statusCode).toBe(403);
    }
  });

  it('reads each filter through an index on a large log, never a sequential scan', async () => {
    // 60 000 rows: 200 staff members, 30 actions, a case and a customer in one row of ten, over two years.
    await t.query(`
      INSERT INTO staff_audit (staff_id, staff_email, role, action, case_number, customer_id, ip, created_at)
      SELECT NULL, 'pessoa' || (g % 200) || '@guarita.example', 'atendimento', 'acao.n' || (g % 30),
             CASE WHEN g % 10 = 0 THEN '2025-' || lpad((g % 999999)::text, 6, '0') END,
             CASE WHEN g % 10 = 0 THEN 1000000 + g % 5000 END, NULL,
             now() - (g % 730) * interval '1 day' - (g % 86400) * interval '1 second'
      FROM generate_series(1, 60000) AS g`);
    await t.query('ANALYZE staff_audit');
    const today = todayInSaoPaulo();
    for (const [query, index] of [
      [`quem=pessoa7@guarita.example`, 'staff_audit_email_idx'],
      [`acao=acao.n3`, 'staff_audit_action_idx'],
      [`caso=2025-000010`, 'staff_audit_case_idx'],
      [`cliente=${customer.document}`, 'staff_audit_customer_idx'],
      [`de=${addDaysIso(today, -30)}&ate=${today}`, 'staff_audit_created_idx'],
      [`quem=pessoa7@guarita.example&de=${addDaysIso(today, -300)}&ate=${addDaysIso(today, -200)}`, 'staff_audit_email_idx'],
    ]) {
      const res = await as('admin', `/api/backoffice/auditoria?${query}&limite=50`);
      expect(res.statusCode, query).toBe(200);
      // The first page's statement and the next page's (with its cursor), as the log builds them.
      const plan = await explainAuditPage(query!, res.json().proximo as string | null);
      expect(plan, query).not.toMatch(/Seq Scan on staff_audit/);
      expect(plan, query).toContain(index);
    }
  });

  /** EXPLAIN of the page query for `query` (and its next page), built by the log itself. */
  async function explainAuditPage(query: string, cursor: string | null): Promise<string> {
    const params = Object.fromEntries(new URLSearchParams(query));
    const { cliente, ...rest } = params;
    const filter = { ...rest, ...(cliente ? { cliente: await t.app.customers.idByDocument(cliente) } : {}) };
    const out: string[] = [];
    for (const c of [undefined, cursor ?? undefined]) {
      const compiled = t.app.staffAudit.pageQuery(filter, 50, c).compile();
      const rows = await t.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]);
      out.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
    return out.join('\n');
  }
});
