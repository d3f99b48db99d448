import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECISION_MSG, STAFF_MSG } from '@guarita/domain';
import { aCase, aClaim, aContract, aCustomer, aLoggedInCustomer, CLAIM_LIKE, type Customer } from './factories';
import { createTestApp, type TestApp } from './helpers';
import { FixedClock } from '../src/ports/clock';
import { STAFF, staffLogin, staffRequest } from './staff-helpers';

type Role = keyof typeof STAFF;

describe('back-office console API (issue 13 §2–§3)', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date());
  const tokens = {} as Record<Role, string>;
  const as = (role: Role, method: 'GET' | 'POST', url: string, payload?: unknown) => staffRequest(t, tokens[role], method, url, payload);
  const auditRows = (caseNumber: string) =>
    t.query<{ action: string; staff_email: string; role: string; before: unknown; after: unknown; ip: string }>(
      // The case's actions; refusals of other roles ('acesso.negado', from the role checks below) are not its actions.
      `SELECT action, staff_email, role, before, after, ip FROM staff_audit WHERE case_number = $1 AND action <> 'acesso.negado' ORDER BY id`,
      [caseNumber],
    );

  beforeAll(async () => {
    t = await createTestApp({ clock });
    for (const role of Object.keys(STAFF) as Role[]) tokens[role] = await staffLogin(t, clock, STAFF[role]);
  });
  afterAll(() => t?.close());
  /**
   * A customer of its own with a claim like a seeded one: a test that changes a claim (reviews, phases, comments)
   * changes its own, and the seeded ones stay as the read-only tests expect them (ADR 070).
   */
  const ownClaim = async (like: (typeof CLAIM_LIKE)[keyof typeof CLAIM_LIKE]): Promise<{ c: Customer; n: string }> => {
    const c = await aLoggedInCustomer(t);
    return { c, n: await aClaim(t, c.contract, like) };
  };
  /**
   * A logged-in customer of its own with an open collision claim (Documentação, front photo rejected) and, on the
   * same contract, an open registration change (e-mail) as the app sends it.
   */
  const ownCases = async (): Promise<{ c: Customer; collision: string; registration: string }> => {
    const c = await aLoggedInCustomer(t);
    const collision = await aClaim(t, c.contract, CLAIM_LIKE.collisionInDocumentation);
    const registration = await aCase(t, c.contract, {
      daysAgo: 3,
      request: { tipo: 'dados-cadastrais', telefone: '(31) 98765-4321', alteracoes: ['E-mail'], novoEmail: 'cliente.novo@exemplo.com.br' },
    });
    return { c, collision, registration };
  };
  /** A CPF as the console shows it: 123.***.***-45. */
  const maskedCpf = (document: string) => `${document.slice(0, 3)}.***.***-${document.slice(9)}`;

  describe('role checks on every console route', () => {
    const routes = ({
      collision,
      registration,
    }: {
      collision: string;
      registration: string;
    }): Array<{ method: 'GET' | 'POST'; url: string; body?: unknown; allowed: Role[] }> => [
      { method: 'GET', url: '/api/backoffice/casos', allowed: ['atendimento', 'sinistros', 'admin'] },
      { method: 'GET', url: '/api/backoffice/casos/contagens', allowed: ['atendimento', 'sinistros', 'admin'] },
      { method: 'GET', url: `/api/backoffice/casos/${collision}`, allowed: ['atendimento', 'sinistros', 'admin'] },
      { method: 'GET', url: `/api/backoffice/casos/${collision}/fotos/cnh`, allowed: ['atendimento', 'sinistros', 'admin'] },
      { method: 'GET', url: `/api/backoffice/casos/${collision}/anexos/${randomUUID()}`, allowed: ['atendimento', 'sinistros', 'admin'] },
      { method: 'POST', url: `/api/backoffice/casos/${collision}/fase`, body: { fase: 'Aberto' }, allowed: ['atendimento', 'sinistros'] },
      {
        method: 'POST',
        url: `/api/backoffice/casos/${collision}/comentarios`,
        body: { texto: 'x' },
        allowed: ['atendimento', 'sinistros'],
      },
      { method: 'POST', url: `/api/backoffice/casos/${collision}/fotos/cnh/revisao`, body: { aprovacao: true }, allowed: ['sinistros'] },
      { method: 'POST', url: `/api/backoffice/casos/${collision}/perda-total`, body: { qualificado: false }, allowed: ['sinistros'] },
      { method: 'POST', url: `/api/backoffice/casos/${registration}/aprovar`, allowed: ['atendimento'] },
      { method: 'POST', url: `/api/backoffice/casos/${registration}/reprovar`, body: { motivo: 'x' }, allowed: ['atendimento'] },
      {
        method: 'POST',
        url: `/api/backoffice/casos/${collision}/reabrir`,
        body: { motivo: 'Motivo da reabertura.' },
        allowed: ['atendimento', 'sinistros'],
      },
      { method: 'GET', url: '/api/backoffice/auditoria', allowed: ['admin'] },
      { method: 'GET', url: '/api/backoffice/auditoria.csv', allowed: ['admin'] },
      { method: 'GET', url: '/api/backoffice/auth/me', allowed: ['atendimento', 'sinistros', 'financeiro', 'admin'] },
    ];

    it('no session → 401; a customer token (as cookie or bearer) → 401; a role not listed → 403', async () => {
      const own = await ownCases();
      const maria = own.c.token;
      for (const r of routes(own)) {
        const label = `${r.method} ${r.url}`;
        expect((await staffRequest(t, undefined, r.method, r.url, r.body)).statusCode, label).toBe(401);
        expect((await staffRequest(t, maria, r.method, r.url, r.body)).statusCode, label).toBe(401);
        const bearer = await t.app.inject({
          method: r.method,
          url: r.url,
          headers: { authorization: `Bearer ${maria}` },
          ...(r.body ? { payload: r.body as object } : {}),
        });
        expect(bearer.statusCode, label).toBe(401);
        for (const role of Object.keys(STAFF) as Role[]) {
          if (r.allowed.includes(role)) continue;
          const res = await as(role, r.method, r.url, r.body);
          expect(res.statusCode, `${label} as ${role}`).toBe(403);
          expect(res.json().mensagem).toBe(STAFF_MSG.forbidden);
        }
      }
    });

    it('each desk sees only its own cases: a claim is 404 to atendimento, a support case 404 to sinistros; admin reads but never changes', async () => {
      const { collision, registration } = await ownCases();
      expect((await as('atendimento', 'GET', `/api/backoffice/casos/${collision}`)).statusCode).toBe(404);
      expect((await as('sinistros', 'GET', `/api/backoffice/casos/${registration}`)).statusCode).toBe(404);
      expect((await as('atendimento', 'POST', `/api/backoffice/casos/${collision}/comentarios`, { texto: 'x' })).statusCode).toBe(404);
      const adminView = await as('admin', 'GET', `/api/backoffice/casos/${collision}`);
      expect(adminView.statusCode).toBe(200);
      expect(adminView.json().proximasFases).toEqual([]);
    });
  });

  describe('queue', () => {
    it("lists the role's open cases oldest first, with masked documents, and pages with a keyset cursor", async () => {
      const { c, collision } = await ownCases();
      // Oldest first is the age order, descending (the default order is time left: backoffice-queue.test.ts).
      const first = await as('sinistros', 'GET', '/api/backoffice/casos?limite=1&ordem=idade-desc');
      expect(first.statusCode).toBe(200);
      const all: Array<{ CaseNumber: string; Subject: string; CreatedDate: string; documento: string }> = [];
      let page = first.json();
      for (;;) {
        all.push(...page.itens);
        if (!page.proximo) break;
        page = (await as('sinistros', 'GET', `/api/backoffice/casos?limite=1&ordem=idade-desc&cursor=${page.proximo}`)).json();
      }
      const open = await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM cases WHERE subject = 'Sinistro' AND status = 'New'`);
      expect(all).toHaveLength(open[0]!.n);
      expect(new Set(all.map((c) => c.CaseNumber)).size).toBe(all.length);
      expect(all.every((c) => c.Subject === 'Sinistro')).toBe(true);
      expect(all.map((c) => c.CreatedDate)).toEqual([...all.map((c) => c.CreatedDate)].sort());
      expect(all.find((k) => k.CaseNumber === collision)!.documento).toBe(maskedCpf(c.document));
      expect((await as('sinistros', 'GET', '/api/backoffice/casos?cursor=bm9wZQ')).statusCode).toBe(400);
    });

    it('filters by reason, phase, age, contract and document; counts open cases per reason', async () => {
      const { c, collision, registration } = await ownCases();
      const glass = await aClaim(t, c.contract, CLAIM_LIKE.glassRepairAuthorised);
      const company = await aCustomer(t, { kind: 'cnpj' });
      const totalLoss = await aClaim(t, await aContract(t, company), CLAIM_LIKE.totalLossInRegulation);
      const q = async (query: string) =>
        (await as('sinistros', 'GET', `/api/backoffice/casos?${query}`)).json().itens.map((k: { CaseNumber: string }) => k.CaseNumber);
      const contract = c.contract.nCtrId;
      expect(await q(`contrato=${contract}&motivo=Colis%C3%A3o`)).toEqual([collision]);
      expect(await q(`contrato=${contract}&motivo=Vidros`)).toEqual([glass]);
      expect(await q(`fase=Documenta%C3%A7%C3%A3o&contrato=${contract}`)).toEqual([collision]);
      expect(await q(`fase=Reparo%20Autorizado&contrato=${contract}`)).toEqual([glass]);
      expect(await q(`documento=${company.document}`)).toEqual([totalLoss]);
      expect(await q('documento=39053344705')).toEqual([]); // a valid CPF nobody has
      expect(await q('idadeMinDias=3650')).toEqual([]);
      const support = (await as('atendimento', 'GET', `/api/backoffice/casos?contrato=${contract}`)).json().itens;
      expect(support.map((k: { CaseNumber: string }) => k.CaseNumber)).toEqual([registration]);
      const counts = (await as('sinistros', 'GET', '/api/backoffice/casos/contagens')).json().filas;
      expect(counts.map((f: { motivo: string }) => f.motivo).sort()).toEqual(['Colisão', 'Vidros']);
    });
  });

  describe('claims', () => {
    it('case detail: the payload, evidence per type, history, and only the allowed next phases', async () => {
      const { c, collision } = await ownCases();
      const res = await as('sinistros', 'GET', `/api/backoffice/casos/${collision}`);
      expect(res.statusCode).toBe(200);
      const d = res.json();
      expect(d.caso).toMatchObject({ CaseNumber: collision, Fase__c: 'Documentação', Status: 'New' });
      expect(d.cliente.documento).toBe(maskedCpf(c.document));
      expect(d.solicitacao.Descricao_do_ocorrido__c).toEqual(expect.any(String));
      expect(d.sinistro.fotos.find((f: { tipo: string }) => f.tipo === 'frente')).toMatchObject({ Aprovacao: false, enviada: true });
      expect(d.proximasFases).toEqual(['Análise', 'Pré-Análise', 'Sindicância', 'Pré-Sindicância']);
      const photo = await as('sinistros', 'GET', `/api/backoffice/casos/${collision}/fotos/cnh`);
      expect([200, 404]).toContain(photo.statusCode); // the seeded files are written when the demo server listens
    });

    it('rejects a photo with a reason the customer sees, refuses a rejection without one, and audits it', async () => {
      const { c, n } = await ownClaim(CLAIM_LIKE.collisionInDocumentation);
      const noReason = await as('sinistros', 'POST', `/api/backoffice/casos/${n}/fotos/cnh/revisao`, { aprovacao: false });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().mensagem).toBe(STAFF_MSG.reasonRequired);
      const res = await as('sinistros', 'POST', `/api/backoffice/casos/${n}/fotos/cnh/revisao`, {
        aprovacao: false,
        textoReprovacao: 'CNH ilegível.',
      });
      expect(res.statusCode).toBe(204);
      const view = (await t.get(`/api/claims/cases/${n}`, c.token)).json();
      expect(view.fotos.find((f: { TipoFoto: { Id: string } }) => f.TipoFoto.Id === 'cnh').Foto).toMatchObject({
        Aprovacao: false,
        TextoReprovacao: 'CNH ilegível.',
      });
      expect(view.statusFotos.Status).toBe('alguma-reprovada');
      const audit = (await auditRows(n)).find((r) => r.action === 'sinistro.foto_reprovada')!;
      expect(audit).toMatchObject({ staff_email: STAFF.sinistros, role: 'sinistros', ip: '127.0.0.1' });
      expect(audit.after).toMatchObject({ tipo: 'cnh', Aprovacao: false, TextoReprovacao: 'CNH ilegível.' });
      expect((await as('sinistros', 'POST', `/api/backoffice/casos/${n}/fotos/nao-existe/revisao`, { aprovacao: true })).statusCode).toBe(
        404,
      );
    });

    it('moves the phase along the timeline only, and the customer sees the new step', async () => {
      const { c, n } = await ownClaim(CLAIM_LIKE.collisionInDocumentation);
      const refused = await as('sinistros', 'POST', `/api/backoffice/casos/${n}/fase`, { fase: 'Regulação' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().mensagem).toBe(STAFF_MSG.phaseNotAllowed('Documentação', 'Regulação'));
      const ok = await as('sinistros', 'POST', `/api/backoffice/casos/${n}/fase`, { fase: 'Análise' });
      expect(ok.statusCode).toBe(204);
      const view = (await t.get(`/api/claims/cases/${n}`, c.token)).json();
      expect(view.caso.Fase__c).toBe('Análise');
      expect(view.historico.at(-1).phase).toBe('Análise');
      const audit = (await auditRows(n)).find((r) => r.action === 'caso.fase')!;
      expect(audit.before).toEqual({ fase: 'Documentação', status: 'New' });
      expect(audit.after).toEqual({ fase: 'Análise', status: 'New' });
    });

    it('total loss: the flag opens Indenização; Finalização closes the claim', async () => {
      const { n } = await ownClaim(CLAIM_LIKE.totalLossInRegulation);
      const before = (await as('sinistros', 'GET', `/api/backoffice/casos/${n}`)).json();
      expect(before.caso.Fase__c).toBe('Regulação');
      expect(before.sinistro.Qualificado_como_PT__c).toBe(true);
      expect(before.proximasFases).toContain('Indenização');
      expect((await as('sinistros', 'POST', `/api/backoffice/casos/${n}/perda-total`, { qualificado: false })).statusCode).toBe(204);
      const unflagged = (await as('sinistros', 'GET', `/api/backoffice/casos/${n}`)).json();
      expect(unflagged.proximasFases).not.toContain('Indenização');
      expect((await as('sinistros', 'POST', `/api/backoffice/casos/${n}/fase`, { fase: 'Indenização' })).statusCode).toBe(409);
      expect((await as('sinistros', 'POST', `/api/backoffice/casos/${n}/perda-total`, { qualificado: true })).statusCode).toBe(204);
      expect((await as('sinistros', 'POST', `/api/backoffice/casos/${n}/fase`, { fase: 'Indenização' })).statusCode).toBe(204);
      expect((await as('sinistros', 'POST', `/api/backoffice/casos/${n}/fase`, { fase: 'Finalização' })).statusCode).toBe(204);
      const closed = (await as('sinistros', 'GET', `/api/backoffice/casos/${n}`)).json();
      expect(closed.caso.Status).toBe('Closed');
      expect(closed.proximasFases).toEqual([]);
      const again = await as('sinistros', 'POST', `/api/backoffice/casos/${n}/fase`, { fase: 'Indenização' });
      expect(again.json().mensagem).toBe(STAFF_MSG.caseClosed);
      const actions = (await auditRows(n)).map((r) => r.action);
      expect(actions).toEqual(['sinistro.perda_total', 'sinistro.perda_total', 'caso.fase', 'caso.fase']);
    });

    it('a comment reaches the customer; a staff-only note never does', async () => {
      const { c, n } = await ownClaim(CLAIM_LIKE.collisionInDocumentation);
      expect((await as('sinistros', 'POST', `/api/backoffice/casos/${n}/comentarios`, { texto: 'Vistoria agendada.' })).statusCode).toBe(
        204,
      );
      expect(
        (
          await as('sinistros', 'POST', `/api/backoffice/casos/${n}/comentarios`, {
            texto: 'Cliente parece nervoso.',
            interno: true,
          })
        ).statusCode,
      ).toBe(204);
      expect((await as('sinistros', 'POST', `/api/backoffice/casos/${n}/comentarios`, { texto: '' })).json().mensagem).toBe(
        STAFF_MSG.commentRequired,
      );
      const view = await t.get(`/api/claims/cases/${n}`, c.token);
      expect(view.body).toContain('Vistoria agendada.');
      expect(view.body).not.toContain('Cliente parece nervoso.');
      const staffView = (await as('sinistros', 'GET', `/api/backoffice/casos/${n}`)).json();
      expect(staffView.notasInternas).toEqual([expect.objectContaining({ texto: 'Cliente parece nervoso.', autor: 'Sérgio Sinistros' })]);
      expect(staffView.comentarios.map((c: { texto: string }) => c.texto)).toContain('Vistoria agendada.');
      expect((await auditRows(n)).map((r) => r.action)).toEqual(expect.arrayContaining(['caso.comentario', 'caso.nota_interna']));
    });
  });

  describe('registration change', () => {
    const openAddressChange = async (c: Customer, estado = 'SP') => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/cases/contracts/${c.contract.nCtrId}`,
        headers: { authorization: `Bearer ${c.token}`, 'idempotency-key': randomUUID() },
        payload: {
          tipo: 'dados-cadastrais',
          telefone: '(31) 98765-4321',
          alteracoes: ['Endereço', 'E-mail'],
          endereco: {
            cep: '01310-100',
            estado,
            cidade: 'São Paulo',
            bairro: 'Bela Vista',
            rua: 'Avenida Paulista',
            numero: '1000',
            complemento: 'Sala 5',
          },
          novoEmail: 'maria.nova@exemplo.com.br',
        },
      });
      expect(res.statusCode).toBe(201);
      return res.json().CaseNumber as string;
    };

    it('detail shows the request as sent; approval applies address and e-mail with the case conclusion and audits before/after', async () => {
      const c = await aLoggedInCustomer(t);
      const n = await openAddressChange(c);
      const d = (await as('atendimento', 'GET', `/api/backoffice/casos/${n}`)).json();
      expect(d.podeDecidir).toBe(true);
      expect(d.solicitacao.JSON_Retorno_Soon__c).toMatchObject({ rua: 'Avenida Paulista', email: 'maria.nova@exemplo.com.br' });
      const me0 = (await t.get('/api/me', c.token)).json();
      expect(me0.email).not.toBe('maria.nova@exemplo.com.br'); // nothing changes before approval

      expect((await as('atendimento', 'POST', `/api/backoffice/casos/${n}/aprovar`)).statusCode).toBe(204);
      const me = (await t.get('/api/me', c.token)).json();
      expect(me.email).toBe('maria.nova@exemplo.com.br');
      expect(me.addresses.find((a: { addressType: string }) => a.addressType === 'Cobrança')).toMatchObject({
        street: 'Avenida Paulista',
        streetNo: '1000',
        building: 'Sala 5',
        city: 'São Paulo',
        state: 'SP',
        zipCode: '01310100',
      });
      const after = (await as('atendimento', 'GET', `/api/backoffice/casos/${n}`)).json();
      expect(after.caso).toMatchObject({ Status: 'Closed', Fase__c: 'Concluído' });
      expect(after.comentarios.map((c: { texto: string }) => c.texto)).toContain(DECISION_MSG.approved);
      expect(after.podeDecidir).toBe(false);
      const [audit] = await auditRows(n);
      expect(audit).toMatchObject({ action: 'cadastro.aprovado', staff_email: STAFF.atendimento });
      expect(audit!.before).toMatchObject({ email: me0.email });
      expect(audit!.after).toMatchObject({ email: 'maria.nova@exemplo.com.br', endereco: { rua: 'Avenida Paulista' } });
      const twice = await as('atendimento', 'POST', `/api/backoffice/casos/${n}/aprovar`);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().mensagem).toBe(STAFF_MSG.alreadyDecided);
    });

    it('approval is atomic: when the address cannot be written, the e-mail, the case and the audit log stay as they were', async () => {
      const c = await aLoggedInCustomer(t);
      const n = await openAddressChange(c);
      const email0 = (await t.get('/api/me', c.token)).json().email;
      // A state code longer than the column allows makes the address write fail after the e-mail update.
      await t.query(
        `UPDATE cases SET details = jsonb_set(details, '{JSON_Retorno_Soon__c}', to_jsonb(replace(details->>'JSON_Retorno_Soon__c', '"SP"', '"SPX"'))) WHERE case_number = $1`,
        [n],
      );
      const res = await as('atendimento', 'POST', `/api/backoffice/casos/${n}/aprovar`);
      expect(res.statusCode).toBe(500);
      expect((await t.get('/api/me', c.token)).json().email).toBe(email0);
      expect((await as('atendimento', 'GET', `/api/backoffice/casos/${n}`)).json().caso).toMatchObject({
        Status: 'New',
        Fase__c: 'Aberto',
      });
      expect(await auditRows(n)).toEqual([]);
      await t.query(`UPDATE cases SET status = 'Closed' WHERE case_number = $1`, [n]);
    });

    it('rejection needs a reason and shows it to the customer; the data stays', async () => {
      const c = await aLoggedInCustomer(t);
      const sent = await c.call(
        'POST',
        `/api/cases/contracts/${c.contract.nCtrId}`,
        { tipo: 'dados-cadastrais', telefone: '(31) 98765-4321', alteracoes: ['E-mail'], novoEmail: 'outra.pessoa@exemplo.com.br' },
        { 'idempotency-key': randomUUID() },
      );
      expect(sent.statusCode).toBe(201);
      const n = sent.json().CaseNumber as string;
      const noReason = await as('atendimento', 'POST', `/api/backoffice/casos/${n}/reprovar`, { motivo: '  ' });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().mensagem).toBe(STAFF_MSG.reasonRequired);
      const res = await as('atendimento', 'POST', `/api/backoffice/casos/${n}/reprovar`, { motivo: 'E-mail de outra pessoa.' });
      expect(res.statusCode).toBe(204);
      const comments = (await t.get(`/api/cases/${sent.json().Id}/comments`, c.token)).json();
      expect(JSON.stringify(comments)).toContain(DECISION_MSG.rejected('E-mail de outra pessoa.'));
      expect((await t.get('/api/me', c.token)).json().email).toBe(c.email);
      expect((await auditRows(n)).map((r) => r.action)).toEqual(['cadastro.reprovado']);
      // A claim is not a registration change to approve.
      const claim = await aClaim(t, c.contract, CLAIM_LIKE.collisionInDocumentation);
      expect((await as('atendimento', 'POST', `/api/backoffice/casos/${claim}/aprovar`)).statusCode).toBe(404);
    });
  });
});
