import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANNED_MSG, contextPurpose, STAFF_ATTACHMENT_MSG, STAFF_MSG, SUPPORT_MSG } from '@guarita/domain';
import {
  CASE_LIKE,
  CLAIM_LIKE,
  aBill,
  aCase,
  aClaim,
  aContract,
  aLoggedInCustomer,
  aStaffMember,
  type Customer,
  type StaffMember,
} from './factories';
import { createTestApp, fileOf, formBody, type TestApp } from './helpers';
import { STAFF_COOKIE, staffRequest } from './staff-helpers';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<< /Type /Catalog >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n');
const EXE = (() => {
  const b = Buffer.alloc(256);
  b.write('MZ', 0);
  b.writeUInt32LE(128, 0x3c);
  b.write('PE\0\0', 128);
  return b;
})();

/**
 * Issue 30 items 15 and 16: the customer's context beside a case (read-only, every read audited, only for staff who may
 * read the case), canned replies per case type (admin manages them, audited), and staff comments with a file under the
 * customers' upload rules, which the customer sees and opens (their own case only).
 */
describe('the desk’s tools beside a case', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(() => t?.close());

  const auditRows = (action: string, caseNumber: string) =>
    t.owner
      .selectFrom('staff_audit')
      .selectAll()
      .where('action', '=', action)
      .where('case_number', '=', caseNumber)
      .orderBy('id')
      .execute();
  const context = (who: StaffMember | undefined, caseNumber: string) =>
    staffRequest(t, who?.token, 'GET', `/api/backoffice/casos/${caseNumber}/contexto-cliente`);

  /** A customer with two contracts (bills of every state on the first), a support case, an older one and a claim. */
  const aCustomerWithHistory = async () => {
    const customer = await aLoggedInCustomer(t, {
      customer: { name: 'Joana Prado Lima' },
      contract: { vehicle: { plate: 'JOA1A23', model: 'Onix', manufacturer: 'Chevrolet', year: 2021 } },
    });
    const second = await aContract(t, customer, { vehicle: { plate: 'JOA2B34' }, card: null });
    const overdue = await aBill(t, customer.contract, { status: 'I' });
    const open = await aBill(t, customer.contract, { status: 'A' });
    await aBill(t, customer.contract, { status: 'P' });
    const support = await aCase(t, customer.contract, CASE_LIKE.ombudsmanInAnalysis);
    const older = await aCase(t, second, CASE_LIKE.contestationConcluded);
    const claim = await aClaim(t, customer.contract, CLAIM_LIKE.collisionInDocumentation);
    return { customer, second, overdue, open, support, older, claim };
  };

  describe('customer context', () => {
    it('shows the desk the customer, contracts, open bills, other cases and claims and notifications, and audits the read', async () => {
      const h = await aCustomerWithHistory();
      const desk = await aStaffMember(t, 'atendimento');
      const res = await context(desk, h.support);
      expect(res.statusCode).toBe(200);
      const d = res.json();
      expect(d.cliente.nome).toBe('Joana Prado Lima');
      expect(d.cliente.documento).toMatch(/^\d{3}\.\*\*\*\.\*\*\*-\d{2}$/); // masked as the queue does
      expect(d.contratos).toHaveLength(2);
      const first = d.contratos.find((k: { nCtrId: number }) => k.nCtrId === h.customer.contract.nCtrId);
      expect(first).toMatchObject({
        placa: 'JOA1A23',
        veiculo: 'Chevrolet Onix 2021',
        formaPagamento: expect.stringMatching(/^Cartão (Visa|Mastercard|American Express) final 4242$/),
      });
      // Paid bills are left out; overdue first; the overdue total has fine and interest.
      expect(first.faturasAbertas).toEqual([
        { vencimento: h.overdue.due, valor: h.overdue.total, situacao: 'I' },
        { vencimento: h.open.due, valor: h.open.total, situacao: 'A' },
      ]);
      expect(first.totalVencido).toBe(h.overdue.total);
      const second = d.contratos.find((k: { nCtrId: number }) => k.nCtrId === h.second.nCtrId);
      expect(second).toMatchObject({ placa: 'JOA2B34', faturasAbertas: [], totalVencido: 0, formaPagamento: 'Boleto ou Pix' });
      // The case being worked is not among the others; the desk opens support cases, not claims.
      expect(d.casos.map((c: { CaseNumber: string }) => c.CaseNumber)).toEqual([h.older]);
      expect(d.casos[0]).toMatchObject({ Status: 'Closed', nCtrId: h.second.nCtrId, podeAbrir: true });
      expect(d.sinistros).toEqual([
        expect.objectContaining({ CaseNumber: h.claim, Reason: 'Colisão', placa: 'JOA1A23', podeAbrir: false }),
      ]);
      // The notifications are the customer's own, as their bell lists them.
      const own = (await h.customer.call('GET', '/api/notifications?limite=10')).json().itens;
      expect(d.notificacoes.map((n: { titulo: string }) => n.titulo)).toEqual(own.map((n: { titulo: string }) => n.titulo));

      const rows = await auditRows('cliente.contexto', h.support);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ staff_id: desk.id, staff_email: desk.email, role: 'atendimento', customer_id: h.customer.id });
      expect(rows[0]!.after).toMatchObject({
        finalidade: contextPurpose(h.support),
        papel: 'atendimento',
        secoes: { contratos: 2, faturasAbertas: 2, casos: 1, sinistros: 1 },
      });
      // Every read is a row of its own.
      await context(desk, h.support);
      expect(await auditRows('cliente.contexto', h.support)).toHaveLength(2);
    });

    it('claims desk reads a claim’s context and links the claims; admin reads any case’s and links everything', async () => {
      const h = await aCustomerWithHistory();
      const claimsDesk = await aStaffMember(t, 'sinistros');
      const fromClaim = (await context(claimsDesk, h.claim)).json();
      expect(fromClaim.sinistros).toEqual([]); // the claim being worked is left out
      expect(fromClaim.casos.map((c: { CaseNumber: string; podeAbrir: boolean }) => [c.CaseNumber, c.podeAbrir])).toEqual([
        [h.support, false],
        [h.older, false],
      ]);
      const admin = await aStaffMember(t, 'admin');
      const fromAdmin = await context(admin, h.support);
      expect(fromAdmin.statusCode).toBe(200);
      expect(fromAdmin.json().sinistros[0].podeAbrir).toBe(true);
      expect((await auditRows('cliente.contexto', h.support)).map((r) => r.role)).toEqual(['admin']);
    });

    it('answers 404 to a desk for a case not its own (like an unknown number), 403 to financeiro, 401 without a session, and audits no read', async () => {
      const h = await aCustomerWithHistory();
      const claimsDesk = await aStaffMember(t, 'sinistros');
      const supportDesk = await aStaffMember(t, 'atendimento');
      expect((await context(claimsDesk, h.support)).statusCode).toBe(404);
      expect((await context(supportDesk, h.claim)).statusCode).toBe(404);
      expect((await context(supportDesk, '2099-999999')).statusCode).toBe(404);
      const finance = await aStaffMember(t, 'financeiro');
      expect((await context(finance, h.support)).statusCode).toBe(403);
      expect((await context(undefined, h.support)).statusCode).toBe(401);
      const asCustomer = await h.customer.call('GET', `/api/backoffice/casos/${h.support}/contexto-cliente`);
      expect(asCustomer.statusCode).toBe(401);
      expect(await auditRows('cliente.contexto', h.support)).toHaveLength(0);
      expect(await auditRows('cliente.contexto', h.claim)).toHaveLength(0);
    });
  });

  describe('canned replies', () => {
    const put = (who: StaffMember, id: number, payload: object, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/backoffice/respostas-prontas/${id}`,
        cookies: { [STAFF_COOKIE]: who.token },
        payload,
        headers,
      });
    const offered = async (who: StaffMember, caseNumber: string) =>
      (await staffRequest(t, who.token, 'GET', `/api/backoffice/casos/${caseNumber}/respostas-prontas`)).json().respostas as Array<{
        id: number;
        tipo: string;
        titulo: string;
      }>;

    it('offers a case the seeded replies of its type and the general ones, to the desk that works it', async () => {
      const h = await aCustomerWithHistory();
      const supportDesk = await aStaffMember(t, 'atendimento');
      const types = new Set((await offered(supportDesk, h.support)).map((r) => r.tipo));
      expect(types).toEqual(new Set(['geral', 'ouvidoria']));
      const claimsDesk = await aStaffMember(t, 'sinistros');
      expect(new Set((await offered(claimsDesk, h.claim)).map((r) => r.tipo))).toEqual(new Set(['geral', 'sinistro']));
      // Another desk's case: 404, as for the case itself.
      expect((await staffRequest(t, claimsDesk.token, 'GET', `/api/backoffice/casos/${h.support}/respostas-prontas`)).statusCode).toBe(404);
    });

    it('admin creates, edits and deactivates a reply, each change audited; a deactivated reply is no longer offered', async () => {
      const h = await aCustomerWithHistory();
      const admin = await aStaffMember(t, 'admin');
      const created = await staffRequest(t, admin.token, 'POST', '/api/backoffice/respostas-prontas', {
        tipo: 'ouvidoria',
        titulo: '  Retorno da Ouvidoria ',
        texto: 'Olá, {nome}! A Ouvidoria retornou sobre o protocolo {protocolo}.',
      });
      expect(created.statusCode).toBe(201);
      const reply = created.json();
      expect(reply).toMatchObject({ tipo: 'ouvidoria', titulo: 'Retorno da Ouvidoria', ativo: true });
      const desk = await aStaffMember(t, 'atendimento');
      expect((await offered(desk, h.support)).map((r) => r.id)).toContain(reply.id);

      const edited = await put(admin, reply.id, { tipo: 'ouvidoria', titulo: 'Retorno da Ouvidoria', texto: 'Olá, {nome}.', ativo: true });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().texto).toBe('Olá, {nome}.');
      const off = await put(admin, reply.id, { tipo: 'ouvidoria', titulo: 'Retorno da Ouvidoria', texto: 'Olá, {nome}.', ativo: false });
      expect(off.json().ativo).toBe(false);
      expect((await offered(desk, h.support)).map((r) => r.id)).not.toContain(reply.id);
      const all = (await staffRequest(t, admin.token, 'GET', '/api/backoffice/respostas-prontas')).json().respostas;
      expect(all).toContainEqual(expect.objectContaining({ id: reply.id, ativo: false }));

      const rows = await t.owner
        .selectFrom('staff_audit')
        .select(['action', 'before', 'after', 'staff_id'])
        .where('action', 'like', 'resposta_pronta.%')
        .where('staff_id', '=', admin.id)
        .orderBy('id')
        .execute();
      expect(rows.map((r) => r.action)).toEqual(['resposta_pronta.criada', 'resposta_pronta.editada', 'resposta_pronta.desativada']);
      expect(rows[1]).toMatchObject({ before: { id: reply.id, texto: reply.texto }, after: { id: reply.id, texto: 'Olá, {nome}.' } });
      expect(rows[2]).toMatchObject({ before: { ativo: true }, after: { ativo: false } });
    });

    it('validates with pt-BR messages, answers 404 to an unknown reply, and refuses other roles and other origins', async () => {
      const admin = await aStaffMember(t, 'admin');
      const bad = await staffRequest(t, admin.token, 'POST', '/api/backoffice/respostas-prontas', {
        tipo: 'geral',
        titulo: 'Sem texto',
        texto: '   ',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().mensagem).toBe(CANNED_MSG.textRequired);
      const missing = await put(admin, 2_000_000_000, { tipo: 'geral', titulo: 'X', texto: 'Y', ativo: true });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().mensagem).toBe(CANNED_MSG.notFound);
      const crossSite = await t.app.inject({
        method: 'POST',
        url: '/api/backoffice/respostas-prontas',
        cookies: { [STAFF_COOKIE]: admin.token },
        headers: { origin: 'https://evil.example' },
        payload: { tipo: 'geral', titulo: 'X', texto: 'Y' },
      });
      expect(crossSite.statusCode).toBe(403);
      for (const role of ['atendimento', 'sinistros', 'financeiro'] as const) {
        const who = await aStaffMember(t, role);
        expect((await staffRequest(t, who.token, 'GET', '/api/backoffice/respostas-prontas')).statusCode).toBe(403);
        const create = await staffRequest(t, who.token, 'POST', '/api/backoffice/respostas-prontas', {
          tipo: 'geral',
          titulo: 'X',
          texto: 'Y',
        });
        expect(create.statusCode).toBe(403);
        expect((await put(who, 1, { tipo: 'geral', titulo: 'X', texto: 'Y', ativo: false })).statusCode).toBe(403);
      }
    });
  });

  describe('staff attachments on comments', () => {
    const send = async (
      who: StaffMember,
      caseNumber: string,
      texto: string | null,
      file: { data: Buffer; name: string; type?: string } | null,
    ) => {
      const form = new FormData();
      if (texto !== null) form.append('texto', texto);
      if (file) form.append('arquivo', ...fileOf(file.data, file.name, file.type));
      const body = await formBody(form);
      return t.app.inject({
        method: 'POST',
        url: `/api/backoffice/casos/${caseNumber}/comentarios/anexo`,
        cookies: { [STAFF_COOKIE]: who.token },
        headers: { 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    const caseId = async (caseNumber: string) =>
      (await t.owner.selectFrom('cases').select('id').where('case_number', '=', caseNumber).executeTakeFirstOrThrow()).id;
    const staffFiles = async (caseNumber: string) =>
      t.owner
        .selectFrom('case_attachments as a')
        .innerJoin('cases as c', 'c.id', 'a.case_id')
        .select(['a.id', 'a.storage_key', 'a.uploaded_by'])
        .where('c.case_number', '=', caseNumber)
        .where('a.uploaded_by', '=', 'staff')
        .execute();

    it('stores the comment and the re-encoded file together and audited; the customer sees and opens it, another customer cannot', async () => {
      const customer = await aLoggedInCustomer(t);
      const caseNumber = await aCase(t, customer.contract, CASE_LIKE.ombudsmanInAnalysis);
      const desk = await aStaffMember(t, 'atendimento');
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#08f' } })
        .png()
        .withMetadata({ exif: { IFD0: { Copyright: 'segredo' } } })
        .toBuffer();
      const res = await send(desk, caseNumber, 'Segue o comprovante do reembolso.', {
        data: png,
        name: 'comprovante.png',
        type: 'image/png',
      });
      expect(res.statusCode).toBe(201);
      const attachmentId = res.json().anexo as string;

      const id = await caseId(caseNumber);
      const detail = (await customer.call('GET', `/api/cases/${id}`)).json();
      expect(detail.comentarios.at(-1)).toMatchObject({ CommentBody: 'Segue o comprovante do reembolso.', autor: 'staff' });
      expect(detail.anexos).toContainEqual(
        expect.objectContaining({ Id: attachmentId, tipoDocumento: 'anexo-da-equipe', contentType: 'image/png', enviadoPor: 'staff' }),
      );
      const dl = await customer.call('GET', `/api/cases/${id}/attachments/${attachmentId}`);
      expect(dl.statusCode).toBe(200);
      expect(dl.headers['content-type']).toBe('image/png');
      const meta = await sharp(dl.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 40, height: 30 });
      expect(meta.exif).toBeUndefined(); // re-encoded: no metadata survives

      // IDOR: another customer gets the same 404 as for a file that does not exist.
      const stranger = await aLoggedInCustomer(t);
      expect((await stranger.call('GET', `/api/cases/${id}/attachments/${attachmentId}`)).statusCode).toBe(404);

      const page = (await staffRequest(t, desk.token, 'GET', `/api/backoffice/casos/${caseNumber}`)).json();
      expect(page.anexos).toContainEqual(expect.objectContaining({ Id: attachmentId, enviadoPor: 'staff' }));
      expect((await staffRequest(t, desk.token, 'GET', `/api/backoffice/casos/${caseNumber}/anexos/${attachmentId}`)).statusCode).toBe(200);

      const [row] = await auditRows('caso.comentario_anexo', caseNumber);
      expect(row).toMatchObject({
        staff_id: desk.id,
        customer_id: customer.id,
        after: { texto: 'Segue o comprovante do reembolso.', anexo: { id: attachmentId, contentType: 'image/png' } },
      });
      // Staff files do not use up the customer's upload quota.
      expect(await t.app.caseSystem.storageUsed(customer.id)).toBe(0);
    });

    it('applies the customers’ rules: type by content, a text and a file required, 5 MB; a refusal stores nothing', async () => {
      const customer = await aLoggedInCustomer(t);
      const caseNumber = await aCase(t, customer.contract, CASE_LIKE.ombudsmanInAnalysis);
      const desk = await aStaffMember(t, 'atendimento');
      const exe = await send(desk, caseNumber, 'Veja', { data: EXE, name: 'recibo.pdf', type: 'application/pdf' });
      expect(exe.statusCode).toBe(415);
      expect(exe.json().mensagem).toBe(SUPPORT_MSG.invalidFormat);
      const noText = await send(desk, caseNumber, '  ', { data: PDF, name: 'recibo.pdf' });
      expect(noText.statusCode).toBe(400);
      expect(noText.json().mensagem).toBe(STAFF_MSG.commentRequired);
      const noFile = await send(desk, caseNumber, 'Sem arquivo', null);
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json().mensagem).toBe(STAFF_ATTACHMENT_MSG.fileRequired);
      const big = await send(desk, caseNumber, 'Grande', { data: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]), name: 'grande.pdf' });
      expect(big.statusCode).toBe(413);
      expect(big.json().mensagem).toBe(SUPPORT_MSG.fileTooLarge);
      expect(await staffFiles(caseNumber)).toEqual([]);
      expect(await auditRows('caso.comentario_anexo', caseNumber)).toEqual([]);
      const pending = await t.owner.selectFrom('storage_pending').select('storage_key').execute();
      expect(pending).toEqual([]);
      // A PDF is kept as sent.
      const ok = await send(desk, caseNumber, 'Recibo em PDF', { data: PDF, name: 'recibo.pdf', type: 'application/pdf' });
      expect(ok.statusCode).toBe(201);
      expect(await staffFiles(caseNumber)).toHaveLength(1);
    });

    it('is for the desk that works the case: another desk 404, admin and financeiro 403', async () => {
      const customer: Customer = await aLoggedInCustomer(t);
      const caseNumber = await aCase(t, customer.contract, CASE_LIKE.ombudsmanInAnalysis);
      const file = { data: PDF, name: 'recibo.pdf' };
      expect((await send(await aStaffMember(t, 'sinistros'), caseNumber, 'Oi', file)).statusCode).toBe(404);
      expect((await send(await aStaffMember(t, 'admin'), caseNumber, 'Oi', file)).statusCode).toBe(403);
      expect((await send(await aStaffMember(t, 'financeiro'), caseNumber, 'Oi', file)).statusCode).toBe(403);
      expect(await staffFiles(caseNumber)).toEqual([]);
    });
  });
});
