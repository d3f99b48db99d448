import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCasePayload, supportRequestSchema, type CasePayload, type SupportRequestInput } from '@guarita/domain';
import type { UnitOfWork } from '../src/db/unit-of-work';
import type { CaseSystem, NewAttachment } from '../src/modules/cases';

/** What the contract suite needs of an adapter under test. */
export interface CaseSystemHarness {
  system: CaseSystem;
  /** Runs `work` in a unit of work of the caller's (the built-in: a transaction that commits when `work` resolves). */
  unitOfWork<T>(work: (uow: UnitOfWork) => Promise<T>): Promise<T>;
  /** A customer with a contract of their own, fresh for each call. */
  owner(): Promise<{ customerId: number; nCtrId: number }>;
  close(): Promise<void>;
}

const TEL = '(31) 98765-4321';
const TRACKER: SupportRequestInput = { tipo: 'rastreador', telefone: TEL, caso: 'Defeito', descricao: 'O rastreador parou.' };
const OMBUDSMAN: SupportRequestInput = { tipo: 'ouvidoria', telefone: TEL, descricao: 'Não consegui falar com a central.' };
const SPARE_CAR: SupportRequestInput = { tipo: 'carro-reserva', telefone: TEL, motivo: 'Furto', transporte: 'reembolso_transporte' };

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
const file = (documentType: string, size: number): NewAttachment => ({
  documentType,
  contentType: 'image/jpeg',
  size,
  sha256: '0'.repeat(64),
  storageKey: `cases/contract-test/${randomUUID()}.jpg`,
});

/**
 * The case-system port's contract (ADR 068): what every adapter answers, run against the built-in adapter and a second
 * one (case-system.test.ts). Each test makes its own customer and contract. Rolling back is not part of the contract: an
 * outside CRM cannot join our transaction, so only the built-in adapter's own tests look at it.
 */
export function describeCaseSystem(name: string, open: () => Promise<CaseSystemHarness>) {
  describe(`case-system port contract: ${name}`, () => {
    let h: CaseSystemHarness;
    let cs: CaseSystem;
    beforeAll(async () => {
      h = await open();
      cs = h.system;
    });
    afterAll(() => h?.close());

    const request = (nCtrId: number, input: SupportRequestInput) => {
      const parsed = supportRequestSchema.parse(input);
      return { requestType: parsed.tipo, payload: buildCasePayload(parsed, nCtrId) };
    };
    const open1 = (
      o: { customerId: number; nCtrId: number },
      input = TRACKER,
      extra: { createdAt?: string; attachments?: NewAttachment[] } = {},
    ) =>
      cs.create({
        ...o,
        ...request(o.nCtrId, input),
        attachments: extra.attachments ?? [],
        ...(extra.createdAt ? { createdAt: extra.createdAt } : {}),
      });

    it('create answers the new case; reads find it for its owner only, and staff by number', async () => {
      const me = await h.owner();
      const other = await h.owner();
      const c = await open1(me);
      expect(c).toMatchObject({ Reason: 'Suporte', Subject: 'Suporte Rastreador', Status: 'New', Fase__c: 'Aberto', anexos: 0 });
      expect(c.CaseNumber).toMatch(/^\d{4}-\d{6}$/);
      const record = { Id: c.Id, CaseNumber: c.CaseNumber, Status: 'New', customerId: me.customerId, nCtrId: me.nCtrId };
      expect(await cs.get(me.customerId, c.Id)).toMatchObject({ ...record, Description: 'O rastreador parou.', naoLido: false });
      expect(await cs.getByNumber(me.customerId, c.CaseNumber)).toMatchObject(record);
      expect(await cs.findByNumber(c.CaseNumber)).toMatchObject(record);
      expect(await cs.get(other.customerId, c.Id)).toBeNull();
      expect(await cs.getByNumber(other.customerId, c.CaseNumber)).toBeNull();
      expect(await cs.findByNumber('1999-000001')).toBeNull();
      expect(await cs.request(c.Id)).toMatchObject({ requestType: 'rastreador', requester: 'Cliente', origin: 'Web', termsAccepted: true });
      expect((await cs.events(c.Id)).map((e) => [e.tipo, e.para, e.autor])).toEqual([['created', 'Aberto', 'customer']]);
    });

    it('case numbers follow each other within the year', async () => {
      const me = await h.owner();
      const [a, b] = [await open1(me, OMBUDSMAN), await open1(me, OMBUDSMAN)];
      expect(b.CaseNumber.slice(0, 4)).toBe(a.CaseNumber.slice(0, 4));
      expect(Number(b.CaseNumber.slice(5))).toBe(Number(a.CaseNumber.slice(5)) + 1);
    });

    it('findOpen and countRecent read what the duplicate rule and the daily limit need', async () => {
      const me = await h.owner();
      const c = await open1(me);
      expect(await cs.findOpen(me.nCtrId, 'Suporte', 'Suporte Rastreador')).toMatchObject({ caseNumber: c.CaseNumber });
      expect(await cs.findOpen(me.nCtrId, 'SAC', 'Ouvidoria')).toBeNull();
      expect(await cs.countRecent(me.customerId, 'rastreador', 24)).toBe(1);
      expect(await cs.countRecent(me.customerId, 'ouvidoria', 24)).toBe(0);
      await cs.close(c.Id, 'staff');
      expect(await cs.findOpen(me.nCtrId, 'Suporte', 'Suporte Rastreador')).toBeNull();
      expect(await cs.countRecent(me.customerId, 'rastreador', 24)).toBe(1);
    });

    it('lists: a contract’s cases newest first (with a window), the owner’s cases by subject', async () => {
      const me = await h.owner();
      const old = await open1(me, OMBUDSMAN, { createdAt: hoursAgo(240) });
      const recent = await open1(me, TRACKER, { createdAt: hoursAgo(48) });
      expect((await cs.listByContract(me.customerId, me.nCtrId)).map((c) => c.Id)).toEqual([recent.Id, old.Id]);
      expect((await cs.listByContract(me.customerId, me.nCtrId, new Date(hoursAgo(120)))).map((c) => c.Id)).toEqual([recent.Id]);
      expect(await cs.listByContract(me.customerId + 1_000_000, me.nCtrId)).toEqual([]);
      const bySubject = await cs.listBySubject(me.customerId, 'Suporte Rastreador');
      expect(bySubject.map((c) => [c.Id, c.nCtrId, c.customerId])).toEqual([[recent.Id, me.nCtrId, me.customerId]]);
      expect(await cs.listBySubject(me.customerId, 'Suporte Rastreador', me.nCtrId + 1)).toEqual([]);
    });

    it('comments and phase changes are logged in order; a repeated change changes nothing', async () => {
      const me = await h.owner();
      const c = await open1(me, OMBUDSMAN, { createdAt: hoursAgo(10) });
      await cs.addComment(c.Id, 'Recebemos sua manifestação.', 'staff', hoursAgo(9));
      await cs.addComment(c.Id, 'Obrigado.', 'customer', hoursAgo(8));
      await cs.changePhase(c.Id, 'Análise', 'staff', hoursAgo(7));
      await cs.changePhase(c.Id, 'Análise', 'staff', hoursAgo(6));
      await cs.close(c.Id, 'staff', hoursAgo(5));
      await cs.close(c.Id, 'staff', hoursAgo(4));
      await cs.recordDecision(c.Id, 'aprovado', 'staff', hoursAgo(3));
      expect((await cs.comments(c.Id)).map((m) => [m.CommentBody, m.autor])).toEqual([
        ['Recebemos sua manifestação.', 'staff'],
        ['Obrigado.', 'customer'],
      ]);
      expect((await cs.events(c.Id)).map((e) => [e.tipo, e.de, e.para, e.autor])).toEqual([
        ['created', null, 'Aberto', 'customer'],
        ['comment', null, null, 'staff'],
        ['comment', null, null, 'customer'],
        ['phase', 'Aberto', 'Análise', 'staff'],
        ['status', 'New', 'Closed', 'staff'],
        ['decision', null, 'aprovado', 'staff'],
      ]);
      expect(await cs.get(me.customerId, c.Id)).toMatchObject({ Status: 'Closed', Fase__c: 'Análise' });
    });

    it('reopen: a closed case is open again with a status event; an open case is left as it is', async () => {
      const me = await h.owner();
      const c = await open1(me, OMBUDSMAN, { createdAt: hoursAgo(5) });
      await cs.reopen(c.Id, 'staff', hoursAgo(4));
      await cs.close(c.Id, 'staff', hoursAgo(3));
      await cs.reopen(c.Id, 'staff', hoursAgo(2));
      expect((await cs.events(c.Id)).map((e) => [e.tipo, e.de, e.para, e.autor])).toEqual([
        ['created', null, 'Aberto', 'customer'],
        ['status', 'New', 'Closed', 'staff'],
        ['status', 'Closed', 'New', 'staff'],
      ]);
      expect(await cs.get(me.customerId, c.Id)).toMatchObject({ Status: 'New' });
      expect(await cs.findOpen(me.nCtrId, 'SAC', 'Ouvidoria')).toMatchObject({ caseNumber: c.CaseNumber });
    });

    it('unread: a staff update after the owner’s last visit, never the owner’s own comment', async () => {
      const me = await h.owner();
      const c = await open1(me, OMBUDSMAN, { createdAt: hoursAgo(3) });
      await cs.addComment(c.Id, 'Minha resposta.', 'customer', hoursAgo(2));
      expect((await cs.get(me.customerId, c.Id))?.naoLido).toBe(false);
      await cs.addComment(c.Id, 'Resposta da central.', 'staff', hoursAgo(1));
      expect((await cs.get(me.customerId, c.Id))?.naoLido).toBe(true);
      expect((await cs.listByContract(me.customerId, me.nCtrId))[0]?.naoLido).toBe(true);
      await cs.markSeen(c.Id);
      expect((await cs.get(me.customerId, c.Id))?.naoLido).toBe(false);
    });

    it('attachments: their records, the owner’s lookup of one, the bytes the quota counts', async () => {
      const me = await h.owner();
      const other = await h.owner();
      const c = await open1(me, OMBUDSMAN, { attachments: [file('ouvidoria', 100), file('ouvidoria', 250)] });
      expect(c.anexos).toBe(2);
      const list = await cs.attachments(c.Id);
      // Attachments of one create share its instant: their order among themselves is not part of the contract.
      expect(list.map((a) => [a.tipoDocumento, a.contentType, a.tamanho]).sort((x, y) => Number(x[2]) - Number(y[2]))).toEqual([
        ['ouvidoria', 'image/jpeg', 100],
        ['ouvidoria', 'image/jpeg', 250],
      ]);
      const first = list.find((a) => a.tamanho === 100)!;
      expect(await cs.attachment(me.customerId, c.Id, first.Id)).toMatchObject({
        id: first.Id,
        caseNumber: c.CaseNumber,
        documentType: 'ouvidoria',
      });
      expect((await cs.attachment(me.customerId, c.Id, first.Id))?.storageKey).toMatch(/^cases\/contract-test\//);
      expect(await cs.attachment(other.customerId, c.Id, first.Id)).toBeNull();
      expect(await cs.storageUsed(me.customerId)).toBe(350);
      expect(await cs.storageUsed(other.customerId)).toBe(0);
      expect((await cs.events(c.Id)).filter((e) => e.tipo === 'attachment')).toHaveLength(2);
    });

    it('blocking cases: the spare-car rules see theft, robbery, spare-car and collision cases', async () => {
      const me = await h.owner();
      await open1(me, TRACKER);
      await open1(me, SPARE_CAR);
      const base = request(me.nCtrId, TRACKER).payload;
      const collision = { ...base, Reason: 'Colisão', Subject: 'Sinistro', Envolvimento_com_terceiros__c: 'Sim' } as unknown as CasePayload;
      await cs.create({ ...me, requestType: 'sinistro', payload: collision, attachments: [] });
      const blocking = await cs.blockingCases(me.nCtrId);
      expect(blocking.map((b) => [b.reason, b.status, b.phase, b.thirdParties]).sort()).toEqual([
        ['Carro Reserva', 'New', 'Aberto', false],
        ['Colisão', 'New', 'Aberto', true],
      ]);
    });

    it('within a unit of work: the same calls, and what they wrote is there once it commits', async () => {
      const me = await h.owner();
      const c = await h.unitOfWork(async (uow) => {
        const inside = cs.within(uow);
        const created = await inside.create({ ...me, ...request(me.nCtrId, TRACKER), attachments: [] });
        await inside.addComment(created.Id, 'Em análise.', 'staff');
        await inside.changePhase(created.Id, 'Agendamento', 'staff');
        expect(await inside.findOpen(me.nCtrId, 'Suporte', 'Suporte Rastreador')).toMatchObject({ caseNumber: created.CaseNumber });
        expect(await inside.get(me.customerId, created.Id)).toMatchObject({ Fase__c: 'Agendamento' });
        return created;
      });
      expect(await cs.get(me.customerId, c.Id)).toMatchObject({ Fase__c: 'Agendamento', Status: 'New' });
      expect((await cs.comments(c.Id)).map((m) => m.CommentBody)).toEqual(['Em análise.']);
    });
  });
}
