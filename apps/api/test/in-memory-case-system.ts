import { randomUUID } from 'node:crypto';
import {
  formatCaseNumber,
  todayInSaoPaulo,
  type BlockingCase,
  type CaseAttachmentDto,
  type CaseCommentDto,
  type CaseCreatedDto,
  type CaseDto,
  type CaseEventDto,
} from '@guarita/domain';
import type { UnitOfWork } from '../src/db/unit-of-work';
import type { Actor, AttachmentRecord, CaseRecord, CaseRequest, CaseSystem, NewAttachment, NewCase, OpenCase } from '../src/modules/cases';

interface StoredCase {
  id: string;
  caseNumber: string;
  nCtrId: number;
  customerId: number;
  reason: string;
  subject: string;
  description: string;
  status: 'New' | 'Closed';
  phase: string;
  createdAt: Date;
  seenAt: Date | null;
  request: CaseRequest;
}
interface Entry {
  caseId: string;
  at: Date;
  seq: number;
}
interface StoredEvent extends Entry {
  kind: CaseEventDto['tipo'];
  from: string | null;
  to: string | null;
  actor: Actor;
}
interface StoredComment extends Entry {
  body: string;
  author: Actor;
}
interface StoredAttachment extends Entry {
  id: string;
  uploadedBy: Actor;
  customerId: number;
  documentType: string;
  contentType: string;
  size: number;
  storageKey: string;
}

const BLOCKING_REASONS = ['Colisão', 'Furto', 'Roubo', 'Carro Reserva'];
const when = (at?: string) => (at ? new Date(at) : new Date());
const inOrder = <T extends Entry>(rows: T[], caseId: string) =>
  rows.filter((r) => r.caseId === caseId).sort((a, b) => a.at.getTime() - b.at.getTime() || a.seq - b.seq);

/**
 * A second adapter of the case-system port, in memory, as an outside CRM would be: it keeps its own records and cannot
 * join our transactions (`within` answers itself). Tests only; it passes the same contract suite as the built-in one
 * (case-system-contract.ts), which is what shows the port holds no database assumption (ADR 068).
 */
export class InMemoryCaseSystem implements CaseSystem {
  private readonly cases = new Map<string, StoredCase>();
  private readonly eventRows: StoredEvent[] = [];
  private readonly commentRows: StoredComment[] = [];
  private readonly attachmentRows: StoredAttachment[] = [];
  private readonly counters = new Map<number, number>();
  private seq = 0;

  within(_uow: UnitOfWork): CaseSystem {
    return this;
  }

  async findOpen(nCtrId: number, reason: string, subject: string): Promise<OpenCase | null> {
    const open = [...this.cases.values()]
      .filter((c) => c.nCtrId === nCtrId && c.reason === reason && c.subject === subject && c.status === 'New')
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    return open ? { caseNumber: open.caseNumber, createdAt: open.createdAt.toISOString() } : null;
  }

  async countRecent(customerId: number, requestType: string, hours: number): Promise<number> {
    const since = Date.now() - hours * 3_600_000;
    return [...this.cases.values()].filter(
      (c) => c.customerId === customerId && c.request.requestType === requestType && c.createdAt.getTime() > since,
    ).length;
  }

  async create(input: NewCase): Promise<CaseCreatedDto> {
    const year = Number(todayInSaoPaulo().slice(0, 4));
    const n = (this.counters.get(year) ?? 0) + 1;
    this.counters.set(year, n);
    const { Reason, Subject, Description, TelefoneContato__c, Solicitante__c, Origin, AceiteTermosCondicoes__c, ...details } =
      input.payload;
    const c: StoredCase = {
      id: randomUUID(),
      caseNumber: formatCaseNumber(year, n),
      nCtrId: input.nCtrId,
      customerId: input.customerId,
      reason: Reason,
      subject: Subject,
      description: Description,
      status: 'New',
      phase: 'Aberto',
      createdAt: when(input.createdAt),
      seenAt: null,
      request: {
        requestType: input.requestType,
        requester: Solicitante__c ?? 'Cliente',
        origin: Origin ?? 'Web',
        contactPhone: TelefoneContato__c ?? null,
        termsAccepted: AceiteTermosCondicoes__c ?? true,
        details: JSON.parse(JSON.stringify(details)) as Record<string, unknown>,
      },
    };
    this.cases.set(c.id, c);
    this.event(c.id, 'created', null, 'Aberto', 'customer', input.createdAt);
    for (const a of input.attachments) {
      this.attachmentRows.push({
        ...a,
        id: randomUUID(),
        uploadedBy: 'customer',
        caseId: c.id,
        customerId: c.customerId,
        at: when(input.createdAt),
        seq: ++this.seq,
      });
      this.event(c.id, 'attachment', null, a.documentType, 'customer', input.createdAt);
    }
    const { naoLido: _unread, ...created } = this.dto(c);
    return { ...created, anexos: input.attachments.length };
  }

  private dto(c: StoredCase): CaseDto {
    const seen = (c.seenAt ?? c.createdAt).getTime();
    const unread = this.eventRows.some((e) => e.caseId === c.id && e.actor !== 'customer' && e.kind !== 'created' && e.at.getTime() > seen);
    return {
      Id: c.id,
      CaseNumber: c.caseNumber,
      Reason: c.reason,
      Subject: c.subject,
      Status: c.status,
      Fase__c: c.phase,
      CreatedDate: c.createdAt.toISOString(),
      naoLido: unread,
    };
  }

  private record(c: StoredCase | undefined): CaseRecord | null {
    return c ? { ...this.dto(c), customerId: c.customerId, nCtrId: c.nCtrId, Description: c.description } : null;
  }

  private newestFirst(filter: (c: StoredCase) => boolean): StoredCase[] {
    return [...this.cases.values()]
      .filter(filter)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .slice(0, 200);
  }

  async listByContract(customerId: number, nCtrId: number, since?: Date): Promise<CaseDto[]> {
    return this.newestFirst((c) => c.customerId === customerId && c.nCtrId === nCtrId && (!since || c.createdAt >= since)).map((c) =>
      this.dto(c),
    );
  }

  async listBySubject(customerId: number, subject: string, nCtrId?: number): Promise<CaseRecord[]> {
    return this.newestFirst(
      (c) => c.customerId === customerId && c.subject === subject && (nCtrId === undefined || c.nCtrId === nCtrId),
    ).map((c) => this.record(c)!);
  }

  async get(customerId: number, caseId: string): Promise<CaseRecord | null> {
    const c = this.cases.get(caseId);
    return c?.customerId === customerId ? this.record(c) : null;
  }

  async getByNumber(customerId: number, caseNumber: string): Promise<CaseRecord | null> {
    return this.record([...this.cases.values()].find((c) => c.caseNumber === caseNumber && c.customerId === customerId));
  }

  async findByNumber(caseNumber: string): Promise<CaseRecord | null> {
    return this.record([...this.cases.values()].find((c) => c.caseNumber === caseNumber));
  }

  async request(caseId: string): Promise<CaseRequest | null> {
    return this.cases.get(caseId)?.request ?? null;
  }

  async events(caseId: string): Promise<CaseEventDto[]> {
    return inOrder(this.eventRows, caseId).map((e) => ({
      tipo: e.kind,
      de: e.from,
      para: e.to,
      autor: e.actor,
      CreatedDate: e.at.toISOString(),
    }));
  }

  async blockingCases(nCtrId: number): Promise<BlockingCase[]> {
    return [...this.cases.values()]
      .filter((c) => c.nCtrId === nCtrId && BLOCKING_REASONS.includes(c.reason))
      .map((c) => ({
        reason: c.reason,
        status: c.status,
        phase: c.phase,
        createdAt: c.createdAt.toISOString(),
        thirdParties: c.request.details.Envolvimento_com_terceiros__c === 'Sim',
      }));
  }

  async markSeen(caseId: string, at?: string): Promise<void> {
    const c = this.cases.get(caseId);
    if (c) c.seenAt = when(at);
  }

  async comments(caseId: string): Promise<CaseCommentDto[]> {
    return inOrder(this.commentRows, caseId).map((m) => ({ CommentBody: m.body, CreatedDate: m.at.toISOString(), autor: m.author }));
  }

  async addComment(caseId: string, body: string, author: Actor, at?: string): Promise<void> {
    this.commentRows.push({ caseId, body, author, at: when(at), seq: ++this.seq });
    this.event(caseId, 'comment', null, null, author, at);
  }

  async addStaffCommentWithAttachment(caseId: string, body: string, a: NewAttachment): Promise<string> {
    const c = this.cases.get(caseId);
    if (!c) throw new Error(`no case ${caseId}`);
    const id = randomUUID();
    this.attachmentRows.push({ ...a, id, uploadedBy: 'staff', caseId, customerId: c.customerId, at: when(), seq: ++this.seq });
    this.event(caseId, 'attachment', null, a.documentType, 'staff');
    await this.addComment(caseId, body, 'staff');
    return id;
  }

  async changePhase(caseId: string, phase: string, actor: Actor, at?: string): Promise<void> {
    const c = this.cases.get(caseId);
    if (!c || c.phase === phase) return;
    this.event(caseId, 'phase', c.phase, phase, actor, at);
    c.phase = phase;
  }

  async close(caseId: string, actor: Actor, at?: string): Promise<void> {
    const c = this.cases.get(caseId);
    if (!c || c.status === 'Closed') return;
    this.event(caseId, 'status', c.status, 'Closed', actor, at);
    c.status = 'Closed';
  }

  async reopen(caseId: string, actor: Actor, at?: string): Promise<void> {
    const c = this.cases.get(caseId);
    if (!c || c.status !== 'Closed') return;
    this.event(caseId, 'status', c.status, 'New', actor, at);
    c.status = 'New';
  }

  async recordDecision(caseId: string, outcome: 'aprovado' | 'reprovado', actor: Actor, at?: string): Promise<void> {
    this.event(caseId, 'decision', null, outcome, actor, at);
  }

  async attachments(caseId: string): Promise<CaseAttachmentDto[]> {
    return inOrder(this.attachmentRows, caseId).map((a) => ({
      Id: a.id,
      tipoDocumento: a.documentType,
      contentType: a.contentType,
      tamanho: a.size,
      CreatedDate: a.at.toISOString(),
      enviadoPor: a.uploadedBy,
    }));
  }

  async attachment(customerId: number, caseId: string, attachmentId: string): Promise<AttachmentRecord | null> {
    const c = this.cases.get(caseId);
    const a = this.attachmentRows.find((x) => x.id === attachmentId && x.caseId === caseId);
    if (!c || !a || c.customerId !== customerId) return null;
    return { id: a.id, caseNumber: c.caseNumber, documentType: a.documentType, contentType: a.contentType, storageKey: a.storageKey };
  }

  async storageUsed(customerId: number): Promise<number> {
    return this.attachmentRows
      .filter((a) => a.customerId === customerId && a.uploadedBy === 'customer')
      .reduce((sum, a) => sum + a.size, 0);
  }

  private event(caseId: string, kind: CaseEventDto['tipo'], from: string | null, to: string | null, actor: Actor, at?: string) {
    this.eventRows.push({ caseId, kind, from, to, actor, at: when(at), seq: ++this.seq });
  }
}
