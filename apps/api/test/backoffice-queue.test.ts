import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDocument, MSG, QUEUE_MSG, QUEUE_SEARCH_MSG, SLA_MSG } from '@guarita/domain';
import { aCase, aClaim, aContract, aCustomer, CLAIM_LIKE } from './factories';
import { createTestApp, type TestApp } from './helpers';
import { FixedClock } from '../src/ports/clock';
import { STAFF, staffLogin, staffRequest } from './staff-helpers';

type Role = keyof typeof STAFF;
interface Item {
  CaseNumber: string;
  Reason: string;
  sla: { prazo: string; idadeMinutos: number; restanteMinutos: number | null; estourado: boolean };
}

const TEL = '(31) 98765-4321';
const REGISTRATION = {
  tipo: 'dados-cadastrais' as const,
  telefone: TEL,
  alteracoes: ['E-mail' as const],
  novoEmail: 'novo@exemplo.com.br',
};
const OMBUDSMAN = { tipo: 'ouvidoria' as const, telefone: TEL, descricao: 'Não consegui falar com a central.' };
const CONTESTATION = {
  tipo: 'contestacao' as const,
  telefone: TEL,
  descricao: 'Valor errado.',
  tipoContestacao: 'valor-divergente' as const,
};

describe('back-office queue: SLA, search, order, live count (issue 30 items 6, 11–13)', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date());
  const tokens = {} as Record<Role, string>;
  const as = (role: Role, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    staffRequest(t, tokens[role], method, url, payload);
  const items = async (role: Role, query: string): Promise<Item[]> => {
    const res = await as(role, 'GET', `/api/backoffice/casos?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().itens;
  };
  const numbers = async (role: Role, query: string) => (await items(role, query)).map((i) => i.CaseNumber);

  beforeAll(async () => {
    t = await createTestApp({ clock });
    for (const role of Object.keys(STAFF) as Role[]) tokens[role] = await staffLogin(t, clock, STAFF[role]);
  });
  afterAll(() => t?.close());

  /** A customer of its own (a name nobody else has) with a contract and three open support cases of different targets. */
  const threeCases = async () => {
    const tag = `Quaresma${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
    const customer = await aCustomer(t, { name: `Zuleica Conceição ${tag} Teste`, email: `${tag.toLowerCase()}@exemplo.com.br` });
    const contract = await aContract(t, customer);
    // Registration change (24 h) 3 days ago: 2 days late. Ombudsman (SAC, 168 h) 1 day ago: 6 days left.
    // Contestation (120 h) 2 days ago: 3 days left.
    const late = await aCase(t, contract, { daysAgo: 3, request: REGISTRATION });
    const sac = await aCase(t, contract, { daysAgo: 1, request: OMBUDSMAN });
    const contest = await aCase(t, contract, { daysAgo: 2, request: CONTESTATION });
    return { customer, contract, tag, late, sac, contest };
  };

  it('gives each case its age, time left and breach, and sorts by time left by default, most urgent first', async () => {
    const { contract, late, sac, contest } = await threeCases();
    const rows = await items('atendimento', `contrato=${contract.nCtrId}`);
    expect(rows.map((r) => r.CaseNumber)).toEqual([late, contest, sac]);
    const [r0, r1, r2] = rows;
    expect(r0!.sla.estourado).toBe(true);
    expect(r0!.sla.restanteMinutos!).toBeLessThan(-2 * 1440 + 10);
    expect(r0!.sla.restanteMinutos!).toBeGreaterThan(-2 * 1440 - 10);
    expect(r0!.sla.idadeMinutos).toBeGreaterThan(3 * 1440 - 10);
    expect(r1!.sla).toMatchObject({ estourado: false });
    expect(r1!.sla.restanteMinutos!).toBeGreaterThan(3 * 1440 - 10);
    expect(r2!.sla.restanteMinutos!).toBeGreaterThan(6 * 1440 - 10);
    // The due time is the opening plus the Reason's target.
    expect(Date.parse(r2!.sla.prazo) - (Date.parse(r2!.sla.prazo) - 168 * 3_600_000)).toBe(168 * 3_600_000);

    expect(await numbers('atendimento', `contrato=${contract.nCtrId}&ordem=restante-desc`)).toEqual([sac, contest, late]);
    expect(await numbers('atendimento', `contrato=${contract.nCtrId}&ordem=idade`)).toEqual([sac, contest, late]);
    expect(await numbers('atendimento', `contrato=${contract.nCtrId}&ordem=idade-desc`)).toEqual([late, contest, sac]);
  });

  it('pages each order with its own keyset cursor; a cursor of another order is refused', async () => {
    const { contract, late, sac, contest } = await threeCases();
    for (const [ordem, expected] of [
      ['restante', [late, contest, sac]],
      ['idade', [sac, contest, late]],
    ] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await as(
          'atendimento',
          'GET',
          `/api/backoffice/casos?contrato=${contract.nCtrId}&ordem=${ordem}&limite=1${cursor ? `&cursor=${cursor}` : ''}`,
        );
        const page = res.json();
        seen.push(...page.itens.map((i: Item) => i.CaseNumber));
        cursor = page.proximo;
      } while (cursor);
      expect(seen).toEqual(expected);
    }
    const first = (await as('atendimento', 'GET', `/api/backoffice/casos?contrato=${contract.nCtrId}&limite=1`)).json();
    const wrong = await as('atendimento', 'GET', `/api/backoffice/casos?contrato=${contract.nCtrId}&ordem=idade&cursor=${first.proximo}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().mensagem).toBe(QUEUE_MSG.page);
  });

  it('searches by protocol, CPF/CNPJ formatted or not, e-mail in any case, plate, contract and words of the name', async () => {
    const { customer, contract, tag, late, sac, contest } = await threeCases();
    const all = [late, contest, sac];
    const q = (busca: string) => numbers('atendimento', `busca=${encodeURIComponent(busca)}`);
    expect(await q(sac)).toEqual([sac]);
    expect(await q(sac.replace('-', ''))).toEqual([sac]);
    expect(await q(customer.document)).toEqual(all);
    expect(await q(formatDocument(customer.document))).toEqual(all);
    expect(await q(`${tag.toUpperCase()}@EXEMPLO.COM.BR`)).toEqual(all);
    expect(await q(`${contract.plate!.slice(0, 3).toLowerCase()}-${contract.plate!.slice(3)}`)).toEqual(all);
    expect(await q(String(contract.nCtrId))).toEqual(all);
    expect(await q(`zul ${tag.slice(0, -1)}`)).toEqual(all);
    expect(await q(`${tag} Ninguém`)).toEqual([]);
    // Accents or none, either side: the index folds the name, the domain the words.
    expect(await q(`CONCEICAO ${tag}`)).toEqual(all);
    expect(await q(`conceição ${tag}`)).toEqual(all);
    expect(await q(`Zulêica ${tag}`)).toEqual(all);
    // Search and filters together, and the desk's scope: a claim's protocol is not atendimento's.
    expect(await numbers('atendimento', `busca=${customer.document}&motivo=SAC`)).toEqual([sac]);
    const claim = await aClaim(t, contract, CLAIM_LIKE.collisionInDocumentation);
    expect(await q(claim)).toEqual([]);
    expect(await numbers('sinistros', `busca=${claim}`)).toEqual([claim]);
    // A company found by its CNPJ, formatted.
    const company = await aCustomer(t, { kind: 'cnpj' });
    const companyCase = await aCase(t, await aContract(t, company), { daysAgo: 0, request: OMBUDSMAN });
    expect(await q(formatDocument(company.document))).toEqual([companyCase]);
  });

  it('refuses bad filters with a 400 in pt-BR, never a raw validation text', async () => {
    const cases: Array<[string, string]> = [
      ['idadeMinDias=abc', QUEUE_MSG.age],
      ['idadeMinDias=-1', QUEUE_MSG.age],
      ['idadeMinDias=2.5', QUEUE_MSG.age],
      ['contrato=abc', QUEUE_MSG.contract],
      ['ordem=qualquer', QUEUE_MSG.order],
      ['status=Aberto', QUEUE_MSG.status],
      ['limite=0', QUEUE_MSG.limit],
      ['busca=a', QUEUE_SEARCH_MSG.tooShort],
      ['busca=52998224726', MSG.invalidDocument],
      ['busca=maria%40', QUEUE_SEARCH_MSG.invalidEmail],
      [`busca=${'x'.repeat(101)}`, QUEUE_MSG.search],
    ];
    for (const [query, message] of cases) {
      const res = await as('atendimento', 'GET', `/api/backoffice/casos?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().mensagem, query).toBe(message);
      expect(res.body).not.toMatch(/Entrada inválida|Demasiado|esperava/);
    }
  });

  it("counts the open cases of the desk opened since an instant (the live queue polls with its page's `agora`)", async () => {
    const page = (await as('atendimento', 'GET', '/api/backoffice/casos?limite=1')).json();
    expect(page.agora).toBe(clock.now().toISOString());
    // The factory dates cases on the real clock (the test's clock runs ahead with each staff login).
    const since = encodeURIComponent(new Date(Date.now() - 1000).toISOString());
    const count = async (role: Role) => (await as(role, 'GET', `/api/backoffice/casos/novos?desde=${since}`)).json().novos as number;
    const before = { support: await count('atendimento'), claims: await count('sinistros') };
    const customer = await aCustomer(t);
    const contract = await aContract(t, customer);
    await aCase(t, contract, { daysAgo: 0, request: OMBUDSMAN });
    await aCase(t, contract, { daysAgo: 0, request: REGISTRATION });
    expect(await count('atendimento')).toBe(before.support + 2);
    expect(await count('sinistros')).toBe(before.claims);
    expect(await count('admin')).toBeGreaterThanOrEqual(before.support + 2);
    const bad = await as('atendimento', 'GET', '/api/backoffice/casos/novos?desde=ontem');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().mensagem).toBe(QUEUE_MSG.since);
    expect((await as('financeiro', 'GET', `/api/backoffice/casos/novos?desde=${since}`)).statusCode).toBe(403);
  });

  it("admin reads and changes a Reason's target (audited); the open cases' due times follow; other roles cannot", async () => {
    const targets = await as('admin', 'GET', '/api/backoffice/prazos');
    expect(targets.statusCode).toBe(200);
    const prazos: Array<{ motivo: string; horas: number }> = targets.json().prazos;
    expect(prazos.find((p) => p.motivo === 'SAC')!.horas).toBe(168);
    expect(prazos.find((p) => p.motivo === 'Carro Reserva')!.horas).toBe(8);
    for (const role of ['atendimento', 'sinistros', 'financeiro'] as const) {
      expect((await as(role, 'GET', '/api/backoffice/prazos')).statusCode, role).toBe(403);
      expect((await as(role, 'PUT', '/api/backoffice/prazos/SAC', { horas: 1 })).statusCode, role).toBe(403);
    }
    const zero = await as('admin', 'PUT', '/api/backoffice/prazos/SAC', { horas: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().mensagem).toBe(SLA_MSG.hours);
    const unknown = await as('admin', 'PUT', '/api/backoffice/prazos/Inexistente', { horas: 10 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().mensagem).toBe(SLA_MSG.unknownReason);

    const { contract, contest } = await threeCases();
    const before = (await items('atendimento', `contrato=${contract.nCtrId}&motivo=Contesta%C3%A7%C3%A3o`))[0]!;
    const from = prazos.find((p) => p.motivo === 'Contestação')!.horas;
    try {
      const res = await as('admin', 'PUT', `/api/backoffice/prazos/${encodeURIComponent('Contestação')}`, { horas: 24 });
      expect(res.statusCode, res.body).toBe(204);
      const after = (await items('atendimento', `contrato=${contract.nCtrId}&motivo=Contesta%C3%A7%C3%A3o`))[0]!;
      expect(after.CaseNumber).toBe(contest);
      expect(Date.parse(before.sla.prazo) - Date.parse(after.sla.prazo)).toBe((from - 24) * 3_600_000);
      expect(after.sla.estourado).toBe(true); // 2 days old, 24 h target
      const audit = await t.query<{ action: string; role: string; before: unknown; after: unknown }>(
        `SELECT action, role, before, after FROM staff_audit WHERE action = 'prazo.alterado' ORDER BY id DESC LIMIT 1`,
      );
      expect(audit[0]).toEqual({
        action: 'prazo.alterado',
        role: 'admin',
        before: { motivo: 'Contestação', horas: from },
        after: { motivo: 'Contestação', horas: 24 },
      });
      // A case opened now takes the new target.
      const fresh = await aCase(t, contract, { daysAgo: 0, request: CONTESTATION });
      const row = (await items('atendimento', `busca=${fresh}`))[0]!;
      expect(row.sla.restanteMinutos!).toBeGreaterThan(24 * 60 - 10);
      expect(row.sla.restanteMinutos!).toBeLessThanOrEqual(24 * 60);
    } finally {
      await as('admin', 'PUT', `/api/backoffice/prazos/${encodeURIComponent('Contestação')}`, { horas: from });
    }
  });
});
