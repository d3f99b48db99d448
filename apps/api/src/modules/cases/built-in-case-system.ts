import { randomUUID } from 'node:crypto';
import {
  type BlockingCase,
  type CaseAttachmentDto,
  type CaseCommentDto,
  type CaseCreatedDto,
  type CaseDto,
  type CaseEventDto,
  type CaseEventFacts,
  formatCaseNumber,
  todayInSaoPaulo,
} from '@guarita/domain';
import { sql } from 'kysely';
import type { Executor } from '../../db/db';
import { executorOf, type UnitOfWork } from '../../db/unit-of-work';
import type { Actor, AttachmentRecord, CaseRecord, CaseRequest, CaseSystem, NewAttachment, NewCase, OpenCase } from './case-system';
import { qualityColumns } from '../uploads';
import { ATTACHMENT_DTO_COLUMNS, attachmentDto } from './attachment-rows';

type Ts = Date | string;
export const iso = (v: Ts) => new Date(v).toISOString();
const at = (v?: string) => (v ? new Date(v) : new Date());

/** 'Nova atualização': a staff/system event (other than creation) after the owner's last visit. */
const unread = sql<boolean>`EXISTS (SELECT 1 FROM case_events e WHERE e.case_id = c.id AND e.actor_kind <> 'customer'
  AND e.kind <> 'created' AND e.created_at > COALESCE(c.customer_seen_at, c.created_at))`;

/**
 * Told of every case event in the event's own transaction (the notifications' transactional outbox, ADR 056).
 * A CRM adapter would call it from the CRM's webhook for the events the CRM writes.
 */
export type CaseEventListener = (q: Executor, customerId: number, facts: CaseEventFacts) => Promise<void>;

interface CaseRow {
  id: string;
  case_number: string;
  reason: string;
  subject: string;
  status: 'New' | 'Closed';
  phase: string;
  created_at: Ts;
  nao_lido: boolean;
  customer_id: number;
  n_ctr_id: number;
  description: string;
}

const toDto = (r: CaseRow): CaseDto => ({
  Id: r.id,
  CaseNumber: r.case_number,
  Reason: r.reason,
  Subject: r.subject,
  Status: r.status,
  Fase__c: r.phase,
  CreatedDate: iso(r.created_at),
  naoLido: Boolean(r.nao_lido),
});
const toRecord = (r: CaseRow): CaseRecord => ({ ...toDto(r), customerId: r.customer_id, nCtrId: r.n_ctr_id, Description: r.description });

/**
 * Built-in case system on our own database (migration 006). Built on the pool, each write runs in a transaction of its
 * own; `within(uow)` builds one on the caller's transaction, so the case commits with the caller's rows.
 */
export class BuiltInCaseSystem implements CaseSystem {
  constructor(
    private readonly q: Executor,
    private readonly onEvent?: CaseEventListener,
  ) {}

  within(uow: UnitOfWork): BuiltInCaseSystem {
    return new BuiltInCaseSystem(executorOf(uow), this.onEvent);
  }

  /** A write's statements commit together: in the caller's transaction, or in one of their own. */
  private write<T>(work: (q: Executor) => Promise<T>): Promise<T> {
    return this.q.isTransaction ? work(this.q) : this.q.transaction().execute(work);
  }

  async countRecent(customerId: number, requestType: string, hours: number): Promise<number> {
    const row = await this.q
      .selectFrom('cases')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('customer_id', '=', customerId)
      .where('request_type', '=', requestType)
      .where('created_at', '>', sql<Date>`now() - make_interval(hours => ${hours})`)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  async findOpen(nCtrId: number, reason: string, subject: string): Promise<OpenCase | null> {
    const row = await this.q
      .selectFrom('cases')
      .select(['case_number', 'created_at'])
      .where('n_ctr_id', '=', nCtrId)
      .where('reason', '=', reason)
      .where('subject', '=', subject)
      .where('status', '=', 'New')
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? { caseNumber: row.case_number, createdAt: iso(row.created_at) } : null;
  }

  create(input: NewCase): Promise<CaseCreatedDto> {
    return this.write(async (q) => {
      const year = Number(todayInSaoPaulo().slice(0, 4));
      // One row per year, incremented under its row lock: sequential, gap-free numbers per year (ADR 035).
      const counter = await q
        .insertInto('case_number_counters')
        .values({ year, last_seq: 1 })
        .onConflict((oc) => oc.column('year').doUpdateSet({ last_seq: sql<number>`case_number_counters.last_seq + 1` }))
        .returning('last_seq')
        .executeTakeFirstOrThrow();
      const id = randomUUID();
      const { Reason, Subject, Description, TelefoneContato__c, Solicitante__c, Origin, AceiteTermosCondicoes__c, ...details } =
        input.payload;
      const row = await q
        .insertInto('cases')
        .values({
          id,
          case_number: formatCaseNumber(year, counter.last_seq),
          n_ctr_id: input.nCtrId,
          customer_id: input.customerId,
          request_type: input.requestType,
          reason: Reason,
          subject: Subject,
          description: Description,
          requester: Solicitante__c,
          origin: Origin,
          terms_accepted: AceiteTermosCondicoes__c,
          contact_phone: TelefoneContato__c,
          details: JSON.stringify(details),
          ...(input.createdAt ? { created_at: new Date(input.createdAt), updated_at: new Date(input.createdAt) } : {}),
        })
        .returning(['id', 'case_number', 'reason', 'subject', 'status', 'phase', 'created_at'])
        .executeTakeFirstOrThrow();
      await this.event(q, id, 'created', null, 'Aberto', 'customer', input.createdAt);
      for (const [position, a] of input.attachments.entries())
        await this.attach(q, id, input.customerId, a, 'customer', input.createdAt, position);
      return {
        Id: row.id,
        CaseNumber: row.case_number,
        Reason: row.reason,
        Subject: row.subject,
        Status: row.status,
        Fase__c: row.phase,
        CreatedDate: iso(row.created_at),
        anexos: input.attachments.length,
      };
    });
  }

  private caseQuery() {
    return this.q
      .selectFrom('cases as c')
      .select([
        'c.id',
        'c.case_number',
        'c.reason',
        'c.subject',
        'c.status',
        'c.phase',
        'c.created_at',
        'c.customer_id',
        'c.n_ctr_id',
        'c.description',
        unread.as('nao_lido'),
      ]);
  }

  async listByContract(customerId: number, nCtrId: number, since?: Date): Promise<CaseDto[]> {
    let query = this.caseQuery().where('c.customer_id', '=', customerId).where('c.n_ctr_id', '=', nCtrId);
    // The window in SQL (cases_contract_idx): the unread subquery runs only for rows that can be shown.
    if (since) query = query.where('c.created_at', '>=', since);
    const rows = await query.orderBy('c.created_at', 'desc').limit(200).execute();
    return rows.map(toDto);
  }

  async listBySubject(customerId: number, subject: string, nCtrId?: number): Promise<CaseRecord[]> {
    let query = this.caseQuery().where('c.customer_id', '=', customerId).where('c.subject', '=', subject);
    if (nCtrId !== undefined) query = query.where('c.n_ctr_id', '=', nCtrId);
    const rows = await query.orderBy('c.created_at', 'desc').limit(200).execute();
    return rows.map(toRecord);
  }

  async get(customerId: number, caseId: string): Promise<CaseRecord | null> {
    const r = await this.caseQuery().where('c.id', '=', caseId).where('c.customer_id', '=', customerId).executeTakeFirst();
    return r ? toRecord(r) : null;
  }

  async getByNumber(customerId: number, caseNumber: string): Promise<CaseRecord | null> {
    const r = await this.caseQuery().where('c.case_number', '=', caseNumber).where('c.customer_id', '=', customerId).executeTakeFirst();
    return r ? toRecord(r) : null;
  }

  async findByNumber(caseNumber: string): Promise<CaseRecord | null> {
    const r = await this.caseQuery().where('c.case_number', '=', caseNumber).executeTakeFirst();
    return r ? toRecord(r) : null;
  }

  async comments(caseId: string): Promise<CaseCommentDto[]> {
    const rows = await this.q
      .selectFrom('case_comments')
      .select(['body', 'created_at', 'author_kind'])
      .where('case_id', '=', caseId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ CommentBody: r.body, CreatedDate: iso(r.created_at), autor: r.author_kind }));
  }

  async events(caseId: string): Promise<CaseEventDto[]> {
    const rows = await this.q
      .selectFrom('case_events')
      .select(['kind', 'from_value', 'to_value', 'actor_kind', 'created_at'])
      .where('case_id', '=', caseId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ tipo: r.kind, de: r.from_value, para: r.to_value, autor: r.actor_kind, CreatedDate: iso(r.created_at) }));
  }

  async attachments(caseId: string): Promise<CaseAttachmentDto[]> {
    const rows = await this.q
      .selectFrom('case_attachments')
      .select(ATTACHMENT_DTO_COLUMNS)
      .where('case_id', '=', caseId)
      .orderBy('created_at')
      .orderBy('position')
      .orderBy('id')
      .execute();
    return rows.map(attachmentDto);
  }

  async attachment(customerId: number, caseId: string, attachmentId: string): Promise<AttachmentRecord | null> {
    const r = await this.q
      .selectFrom('case_attachments as a')
      .innerJoin('cases as c', 'c.id', 'a.case_id')
      .select(['a.id', 'c.case_number', 'a.document_type', 'a.content_type', 'a.storage_key'])
      .where('a.id', '=', attachmentId)
      .where('a.case_id', '=', caseId)
      .where('c.customer_id', '=', customerId)
      .executeTakeFirst();
    return r
      ? { id: r.id, caseNumber: r.case_number, documentType: r.document_type, contentType: r.content_type, storageKey: r.storage_key }
      : null;
  }

  async storageUsed(customerId: number): Promise<number> {
    const row = await this.q
      .selectFrom('case_attachments')
      .select(sql<number>`COALESCE(SUM(size_bytes), 0)::bigint`.as('used'))
      .where('customer_id', '=', customerId)
      .where('uploaded_by', '=', 'customer')
      .executeTakeFirst();
    return Number(row?.used ?? 0);
  }

  async markSeen(caseId: string, when?: string): Promise<void> {
    await this.q
      .updateTable('cases')
      .set({ customer_seen_at: when ? new Date(when) : sql<Date>`now()` })
      .where('id', '=', caseId)
      .execute();
  }

  addComment(caseId: string, body: string, author: Actor, when?: string): Promise<void> {
    return this.write(async (q) => {
      await q
        .insertInto('case_comments')
        .values({ case_id: caseId, body, author_kind: author, created_at: at(when) })
        .execute();
      await this.event(q, caseId, 'comment', null, null, author, when, body);
    });
  }

  addStaffCommentWithAttachment(caseId: string, body: string, a: NewAttachment): Promise<string> {
    return this.write(async (q) => {
      const { customer_id } = await q.selectFrom('cases').select('customer_id').where('id', '=', caseId).executeTakeFirstOrThrow();
      const id = await this.attach(q, caseId, customer_id, a, 'staff');
      await q.insertInto('case_comments').values({ case_id: caseId, body, author_kind: 'staff' }).execute();
      await this.event(q, caseId, 'comment', null, null, 'staff', undefined, body);
      return id;
    });
  }

  private async attach(q: Executor, caseId: string, customerId: number, a: NewAttachment, by: Actor, when?: string, position = 0) {
    const id = randomUUID();
    const row = { id, case_id: caseId, customer_id: customerId, uploaded_by: by, document_type: a.documentType, position };
    const file = { content_type: a.contentType, size_bytes: a.size, storage_key: a.storageKey, sha256: a.sha256 };
    await q
      .insertInto('case_attachments')
      .values({ ...row, ...file, ...qualityColumns(a.quality) })
      .execute();
    await this.event(q, caseId, 'attachment', null, a.documentType, by, when);
    return id;
  }

  changePhase(caseId: string, phase: string, actor: Actor, when?: string): Promise<void> {
    return this.write(async (q) => {
      const row = await q.selectFrom('cases').select('phase').where('id', '=', caseId).forUpdate().executeTakeFirst();
      if (!row || row.phase === phase) return;
      await q
        .updateTable('cases')
        .set({ phase, updated_at: at(when) })
        .where('id', '=', caseId)
        .execute();
      await this.event(q, caseId, 'phase', row.phase, phase, actor, when);
    });
  }
  close = (caseId: string, actor: Actor, when?: string) => this.setStatus(caseId, 'Closed', actor, when);
  reopen = (caseId: string, actor: Actor, when?: string) => this.setStatus(caseId, 'New', actor, when);
  private setStatus(caseId: string, to: 'New' | 'Closed', actor: Actor, when?: string): Promise<void> {
    return this.write(async (q) => {
      const row = await q.selectFrom('cases').select('status').where('id', '=', caseId).forUpdate().executeTakeFirst();
      if (!row || row.status === to) return;
      await q
        .updateTable('cases')
        .set({ status: to, updated_at: at(when) })
        .where('id', '=', caseId)
        .execute();
      await this.event(q, caseId, 'status', row.status, to, actor, when);
    });
  }
  recordDecision(caseId: string, outcome: 'aprovado' | 'reprovado', actor: Actor, when?: string): Promise<void> {
    return this.write((q) => this.event(q, caseId, 'decision', null, outcome, actor, when));
  }

  async request(caseId: string): Promise<CaseRequest | null> {
    const r = await this.q
      .selectFrom('cases')
      .select(['request_type', 'requester', 'origin', 'contact_phone', 'terms_accepted', 'details'])
      .where('id', '=', caseId)
      .executeTakeFirst();
    return r
      ? {
          requestType: r.request_type,
          requester: r.requester,
          origin: r.origin,
          contactPhone: r.contact_phone,
          termsAccepted: r.terms_accepted,
          details: (typeof r.details === 'string' ? JSON.parse(r.details) : r.details) as Record<string, unknown>,
        }
      : null;
  }

  async blockingCases(nCtrId: number): Promise<BlockingCase[]> {
    const rows = await this.q
      .selectFrom('cases')
      // the claim's answer to 'Envolvimento com terceiros' lives in the case payload (002 §3)
      .select(['reason', 'status', 'phase', 'created_at', sql<string | null>`details->>'Envolvimento_com_terceiros__c'`.as('third')])
      .where('n_ctr_id', '=', nCtrId)
      .where('reason', 'in', ['Colisão', 'Furto', 'Roubo', 'Carro Reserva'])
      .execute();
    return rows.map((r) => ({
      reason: r.reason,
      status: r.status,
      phase: r.phase,
      createdAt: iso(r.created_at),
      thirdParties: r.third === 'Sim',
    }));
  }

  private async event(
    q: Executor,
    caseId: string,
    kind: CaseEventDto['tipo'],
    from: string | null,
    to: string | null,
    actor: Actor,
    when?: string,
    text?: string,
  ) {
    const { id } = await q
      .insertInto('case_events')
      .values({ case_id: caseId, kind, from_value: from, to_value: to, actor_kind: actor, ...(when ? { created_at: new Date(when) } : {}) })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!this.onEvent) return;
    const c = await q
      .selectFrom('cases')
      .select(['customer_id', 'case_number', 'subject', 'n_ctr_id'])
      .where('id', '=', caseId)
      .executeTakeFirstOrThrow();
    await this.onEvent(q, c.customer_id, {
      eventId: id,
      caseId,
      caseNumber: c.case_number,
      subject: c.subject,
      nCtrId: c.n_ctr_id,
      kind,
      to,
      actor,
      ...(text !== undefined ? { text } : {}),
    });
  }
}
