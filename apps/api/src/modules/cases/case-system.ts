import { randomUUID } from 'node:crypto';
import {
  type CaseEventFacts,
  formatCaseNumber,
  todayInSaoPaulo,
  type CaseAttachmentDto,
  type CaseCommentDto,
  type CaseCreatedDto,
  type CaseDto,
  type CaseEventDto,
  type BlockingCase,
  type CasePayload,
} from '@guarita/domain';
import { sql } from 'kysely';
import type { Executor } from '../../db/db';

export type Actor = 'customer' | 'staff' | 'system';

export interface NewAttachment {
  documentType: string;
  contentType: string;
  size: number;
  sha256: string;
  storageKey: string;
}

export interface NewCase {
  nCtrId: number;
  customerId: number;
  requestType: string;
  payload: CasePayload;
  attachments: NewAttachment[];
  /** When the case was opened, if not now (seed, imports). */
  createdAt?: string;
}

export interface OpenCase {
  caseNumber: string;
  createdAt: string;
}

export interface CaseRecord extends CaseDto {
  customerId: number;
  nCtrId: number;
  Description: string;
}

export interface AttachmentRecord {
  id: string;
  caseNumber: string;
  documentType: string;
  contentType: string;
  storageKey: string;
}

/**
 * The case system port (the CRM of the spec). The built-in implementation keeps cases in our database; a
 * real CRM adapter implements the same calls (its create would use the Idempotency-Key as external id and
 * ignore `q`). Every read takes the owner so that someone else's case is indistinguishable from none.
 * Methods take the Executor (the database or the current transaction) so a create, its attachments, its event and its
 * analytics event commit together.
 */
export interface CaseSystem {
  /** The open case (Status New) of this contract with the same reason and subject, if any. */
  findOpen(q: Executor, nCtrId: number, reason: string, subject: string): Promise<OpenCase | null>;
  create(q: Executor, input: NewCase): Promise<CaseCreatedDto>;
  /** How many cases of this request type the customer opened in the last `hours` hours (any contract, any status). */
  countRecent(q: Executor, customerId: number, requestType: string, hours: number): Promise<number>;
  /** The contract's cases, newest first, at most 200; with `since`, only those created from then on. */
  listByContract(q: Executor, customerId: number, nCtrId: number, since?: Date): Promise<CaseDto[]>;
  /** The owner's cases with this Subject (optionally of one contract), newest first, at most 200 (claims: 'Sinistro'). */
  listBySubject(q: Executor, customerId: number, subject: string, nCtrId?: number): Promise<CaseRecord[]>;
  get(q: Executor, customerId: number, caseId: string): Promise<CaseRecord | null>;
  /** The owner's case by its number (the number customers see and the claim URLs carry). */
  getByNumber(q: Executor, customerId: number, caseNumber: string): Promise<CaseRecord | null>;
  comments(q: Executor, caseId: string): Promise<CaseCommentDto[]>;
  events(q: Executor, caseId: string): Promise<CaseEventDto[]>;
  attachments(q: Executor, caseId: string): Promise<CaseAttachmentDto[]>;
  attachment(q: Executor, customerId: number, caseId: string, attachmentId: string): Promise<AttachmentRecord | null>;
  markSeen(q: Executor, caseId: string, at?: string): Promise<void>;
  /** Staff side (later issue: console) and seed: comment, phase and status changes, each logged as an event. */
  /** Staff side: a case by number whatever its owner (the owner is in the record). */
  findByNumber(q: Executor, caseNumber: string): Promise<CaseRecord | null>;
  addComment(q: Executor, caseId: string, body: string, author: Actor, at?: string): Promise<void>;
  changePhase(q: Executor, caseId: string, phase: string, actor: Actor, at?: string): Promise<void>;
  close(q: Executor, caseId: string, actor: Actor, at?: string): Promise<void>;
  /** Staff approved or rejected the request: a 'decision' event (to 'aprovado' | 'reprovado'), notified to the customer. */
  recordDecision(q: Executor, caseId: string, outcome: 'aprovado' | 'reprovado', actor: Actor, at?: string): Promise<void>;
  storageUsed(q: Executor, customerId: number): Promise<number>;
  /** The contract's cases the spare-car blocking rules look at (theft, robbery, spare car, collision), any age. */
  blockingCases(q: Executor, nCtrId: number): Promise<BlockingCase[]>;
  /** Staff queue (issue 13): cases by filter, oldest first, keyset-paged after (createdAt, id). */
  queue(q: Executor, f: QueueFilter, limit: number): Promise<QueueRow[]>;
  /** Staff queue: open cases per Reason within the scope. */
  openCounts(q: Executor, scope: QueueScope): Promise<Array<{ reason: string; open: number }>>;
  /** Staff case detail: the request as the customer sent it. */
  request(q: Executor, caseId: string): Promise<CaseRequest | null>;
}

/** Which cases a role works: claims (Subject Sinistro), support (every other), or all. */
export type QueueScope = 'claims' | 'support' | 'all';

export interface QueueFilter {
  scope: QueueScope;
  status: 'New' | 'Closed';
  reason?: string;
  phase?: string;
  /** created at or before this instant (the age filter) */
  createdBefore?: Date;
  nCtrId?: number;
  customerId?: number;
  after?: { createdAt: string; id: string };
}

export interface QueueRow {
  id: string;
  caseNumber: string;
  reason: string;
  subject: string;
  status: 'New' | 'Closed';
  phase: string;
  createdAt: string;
  customerId: number;
  nCtrId: number;
}

export interface CaseRequest {
  requestType: string;
  requester: string;
  origin: string;
  contactPhone: string | null;
  termsAccepted: boolean;
  details: Record<string, unknown>;
}

type Ts = Date | string;
const iso = (v: Ts) => new Date(v).toISOString();
const at = (v?: string) => (v ? new Date(v) : new Date());

/** 'Nova atualização': a staff/system event (other than creation) after the owner's last visit. */
const unread = sql<boolean>`EXISTS (SELECT 1 FROM case_events e WHERE e.case_id = c.id AND e.actor_kind <> 'customer'
  AND e.kind <> 'created' AND e.created_at > COALESCE(c.customer_seen_at, c.created_at))`;

/**
 * Told of every case event in the event's own transaction (the notifications' transactional outbox, ADR 056).
 * A CRM adapter would call it from the CRM's webhook for the events the CRM writes.
 */
export type CaseEventListener = (q: Executor, customerId: number, facts: CaseEventFacts) => Promise<void>;

/** Built-in case system on our own database (migration 006). */
export class BuiltInCaseSystem implements CaseSystem {
  constructor(private readonly onEvent?: CaseEventListener) {}

  async countRecent(q: Executor, customerId: number, requestType: string, hours: number): Promise<number> {
    const row = await q
      .selectFrom('cases')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('customer_id', '=', customerId)
      .where('request_type', '=', requestType)
      .where('created_at', '>', sql<Date>`now() - make_interval(hours => ${hours})`)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  async findOpen(q: Executor, nCtrId: number, reason: string, subject: string): Promise<OpenCase | null> {
    const row = await q
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

  async create(q: Executor, input: NewCase): Promise<CaseCreatedDto> {
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
    for (const a of input.attachments) {
      await q
        .insertInto('case_attachments')
        .values({
          id: randomUUID(),
          case_id: id,
          customer_id: input.customerId,
          document_type: a.documentType,
          content_type: a.contentType,
          size_bytes: a.size,
          sha256: a.sha256,
          storage_key: a.storageKey,
          uploaded_by: 'customer',
        })
        .execute();
      await this.event(q, id, 'attachment', null, a.documentType, 'customer', input.createdAt);
    }
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
  }

  private caseQuery(q: Executor) {
    return q
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

  private toDto(r: {
    id: string;
    case_number: string;
    reason: string;
    subject: string;
    status: 'New' | 'Closed';
    phase: string;
    created_at: Ts;
    nao_lido: boolean;
  }): CaseDto {
    return {
      Id: r.id,
      CaseNumber: r.case_number,
      Reason: r.reason,
      Subject: r.subject,
      Status: r.status,
      Fase__c: r.phase,
      CreatedDate: iso(r.created_at),
      naoLido: Boolean(r.nao_lido),
    };
  }

  async listByContract(q: Executor, customerId: number, nCtrId: number, since?: Date): Promise<CaseDto[]> {
    let query = this.caseQuery(q).where('c.customer_id', '=', customerId).where('c.n_ctr_id', '=', nCtrId);
    // The window in SQL (cases_contract_idx): the unread subquery runs only for rows that can be shown.
    if (since) query = query.where('c.created_at', '>=', since);
    const rows = await query.orderBy('c.created_at', 'desc').limit(200).execute();
    return rows.map((r) => this.toDto(r));
  }

  private toRecord(
    r: Parameters<BuiltInCaseSystem['toDto']>[0] & { customer_id: number; n_ctr_id: number; description: string },
  ): CaseRecord {
    return { ...this.toDto(r), customerId: r.customer_id, nCtrId: r.n_ctr_id, Description: r.description };
  }

  async listBySubject(q: Executor, customerId: number, subject: string, nCtrId?: number): Promise<CaseRecord[]> {
    let query = this.caseQuery(q).where('c.customer_id', '=', customerId).where('c.subject', '=', subject);
    if (nCtrId !== undefined) query = query.where('c.n_ctr_id', '=', nCtrId);
    const rows = await query.orderBy('c.created_at', 'desc').limit(200).execute();
    return rows.map((r) => this.toRecord(r));
  }

  async get(q: Executor, customerId: number, caseId: string): Promise<CaseRecord | null> {
    const r = await this.caseQuery(q).where('c.id', '=', caseId).where('c.customer_id', '=', customerId).executeTakeFirst();
    return r ? this.toRecord(r) : null;
  }

  async getByNumber(q: Executor, customerId: number, caseNumber: string): Promise<CaseRecord | null> {
    const r = await this.caseQuery(q).where('c.case_number', '=', caseNumber).where('c.customer_id', '=', customerId).executeTakeFirst();
    return r ? this.toRecord(r) : null;
  }

  async findByNumber(q: Executor, caseNumber: string): Promise<CaseRecord | null> {
    const r = await this.caseQuery(q).where('c.case_number', '=', caseNumber).executeTakeFirst();
    return r ? this.toRecord(r) : null;
  }

  async comments(q: Executor, caseId: string): Promise<CaseCommentDto[]> {
    const rows = await q
      .selectFrom('case_comments')
      .select(['body', 'created_at', 'author_kind'])
      .where('case_id', '=', caseId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ CommentBody: r.body, CreatedDate: iso(r.created_at), autor: r.author_kind }));
  }

  async events(q: Executor, caseId: string): Promise<CaseEventDto[]> {
    const rows = await q
      .selectFrom('case_events')
      .select(['kind', 'from_value', 'to_value', 'actor_kind', 'created_at'])
      .where('case_id', '=', caseId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ tipo: r.kind, de: r.from_value, para: r.to_value, autor: r.actor_kind, CreatedDate: iso(r.created_at) }));
  }

  async attachments(q: Executor, caseId: string): Promise<CaseAttachmentDto[]> {
    const rows = await q
      .selectFrom('case_attachments')
      .select(['id', 'document_type', 'content_type', 'size_bytes', 'created_at'])
      .where('case_id', '=', caseId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      Id: r.id,
      tipoDocumento: r.document_type,
      contentType: r.content_type,
      tamanho: r.size_bytes,
      CreatedDate: iso(r.created_at),
    }));
  }

  async attachment(q: Executor, customerId: number, caseId: string, attachmentId: string): Promise<AttachmentRecord | null> {
    const r = await q
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

  async markSeen(q: Executor, caseId: string, when?: string): Promise<void> {
    await q
      .updateTable('cases')
      .set({ customer_seen_at: when ? new Date(when) : sql<Date>`now()` })
      .where('id', '=', caseId)
      .execute();
  }

  async addComment(q: Executor, caseId: string, body: string, author: Actor, when?: string): Promise<void> {
    await q
      .insertInto('case_comments')
      .values({ case_id: caseId, body, author_kind: author, created_at: at(when) })
      .execute();
    await this.event(q, caseId, 'comment', null, null, author, when, body);
  }

  async changePhase(q: Executor, caseId: string, phase: string, actor: Actor, when?: string): Promise<void> {
    const row = await q.selectFrom('cases').select('phase').where('id', '=', caseId).forUpdate().executeTakeFirst();
    if (!row || row.phase === phase) return;
    await q
      .updateTable('cases')
      .set({ phase, updated_at: at(when) })
      .where('id', '=', caseId)
      .execute();
    await this.event(q, caseId, 'phase', row.phase, phase, actor, when);
  }

  async close(q: Executor, caseId: string, actor: Actor, when?: string): Promise<void> {
    const row = await q.selectFrom('cases').select('status').where('id', '=', caseId).forUpdate().executeTakeFirst();
    if (!row || row.status === 'Closed') return;
    await q
      .updateTable('cases')
      .set({ status: 'Closed', updated_at: at(when) })
      .where('id', '=', caseId)
      .execute();
    await this.event(q, caseId, 'status', row.status, 'Closed', actor, when);
  }

  async recordDecision(q: Executor, caseId: string, outcome: 'aprovado' | 'reprovado', actor: Actor, when?: string): Promise<void> {
    await this.event(q, caseId, 'decision', null, outcome, actor, when);
  }

  async storageUsed(q: Executor, customerId: number): Promise<number> {
    const row = await q
      .selectFrom('case_attachments')
      .select(sql<number>`COALESCE(SUM(size_bytes), 0)::bigint`.as('used'))
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    return Number(row?.used ?? 0);
  }

  async queue(q: Executor, f: QueueFilter, limit: number): Promise<QueueRow[]> {
    let query = q
      .selectFrom('cases')
      .select(['id', 'case_number', 'reason', 'subject', 'status', 'phase', 'created_at', 'customer_id', 'n_ctr_id'])
      .where('status', '=', f.status);
    if (f.scope === 'claims') query = query.where('subject', '=', 'Sinistro');
    if (f.scope === 'support') query = query.where('subject', '<>', 'Sinistro');
    if (f.reason) query = query.where('reason', '=', f.reason);
    if (f.phase) query = query.where('phase', '=', f.phase);
    if (f.createdBefore) query = query.where('created_at', '<=', f.createdBefore);
    if (f.nCtrId !== undefined) query = query.where('n_ctr_id', '=', f.nCtrId);
    if (f.customerId !== undefined) query = query.where('customer_id', '=', f.customerId);
    if (f.after) {
      const { createdAt, id } = f.after;
      // Row-value comparison: the (status, created_at, id) index walks straight to the page (keyset, ADR 055).
      query = query.where(sql<boolean>`(created_at, id) > (${new Date(createdAt)}, ${id})`);
    }
    const rows = await query.orderBy('created_at').orderBy('id').limit(limit).execute();
    return rows.map((r) => ({
      id: r.id,
      caseNumber: r.case_number,
      reason: r.reason,
      subject: r.subject,
      status: r.status,
      phase: r.phase,
      createdAt: iso(r.created_at),
      customerId: r.customer_id,
      nCtrId: r.n_ctr_id,
    }));
  }

  async openCounts(q: Executor, scope: QueueScope): Promise<Array<{ reason: string; open: number }>> {
    let query = q
      .selectFrom('cases')
      .select(['reason', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status', '=', 'New');
    if (scope === 'claims') query = query.where('subject', '=', 'Sinistro');
    if (scope === 'support') query = query.where('subject', '<>', 'Sinistro');
    const rows = await query.groupBy('reason').orderBy('reason').execute();
    return rows.map((r) => ({ reason: r.reason, open: Number(r.n) }));
  }

  async request(q: Executor, caseId: string): Promise<CaseRequest | null> {
    const r = await q
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
  async blockingCases(q: Executor, nCtrId: number): Promise<BlockingCase[]> {
    const rows = await q
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
}
