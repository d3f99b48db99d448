import { randomUUID } from 'node:crypto';
import {
  formatCaseNumber,
  todayInSaoPaulo,
  type CaseAttachmentDto,
  type CaseCommentDto,
  type CaseCreatedDto,
  type CaseDto,
  type CaseEventDto,
  type CasePayload,
} from '@guarita/domain';
import type { Db } from '../../db/db';

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
 * ignore `db`). Every read takes the owner so that someone else's case is indistinguishable from none.
 * Methods take the Db (or the current transaction) so a create, its attachments, its event and its
 * analytics event commit together.
 */
export interface CaseSystem {
  /** The open case (Status New) of this contract with the same reason and subject, if any. */
  findOpen(db: Db, nCtrId: number, reason: string, subject: string): Promise<OpenCase | null>;
  create(db: Db, input: NewCase): Promise<CaseCreatedDto>;
  listByContract(db: Db, customerId: number, nCtrId: number): Promise<CaseDto[]>;
  get(db: Db, customerId: number, caseId: string): Promise<CaseRecord | null>;
  comments(db: Db, caseId: string): Promise<CaseCommentDto[]>;
  events(db: Db, caseId: string): Promise<CaseEventDto[]>;
  attachments(db: Db, caseId: string): Promise<CaseAttachmentDto[]>;
  attachment(db: Db, customerId: number, caseId: string, attachmentId: string): Promise<AttachmentRecord | null>;
  markSeen(db: Db, caseId: string): Promise<void>;
  /** Staff side (later issue: console) and seed: comment, phase and status changes, each logged as an event. */
  addComment(db: Db, caseId: string, body: string, author: Actor, at?: string): Promise<void>;
  changePhase(db: Db, caseId: string, phase: string, actor: Actor, at?: string): Promise<void>;
  close(db: Db, caseId: string, actor: Actor, at?: string): Promise<void>;
  storageUsed(db: Db, customerId: number): Promise<number>;
}

interface CaseRow {
  Id: string;
  CaseNumber: string;
  Reason: string;
  Subject: string;
  Status: 'New' | 'Closed';
  Fase__c: string;
  CreatedDate: Date | string;
  naoLido: boolean;
}

const iso = (v: Date | string) => new Date(v).toISOString();
const toDto = (r: CaseRow): CaseDto => ({ ...r, CreatedDate: iso(r.CreatedDate), naoLido: Boolean(r.naoLido) });

const CASE_COLUMNS = `c.id AS "Id", c.case_number AS "CaseNumber", c.reason AS "Reason", c.subject AS "Subject",
  c.status AS "Status", c.phase AS "Fase__c", c.created_at AS "CreatedDate",
  EXISTS (SELECT 1 FROM case_events e WHERE e.case_id = c.id AND e.actor_kind <> 'customer' AND e.kind <> 'created'
           AND e.created_at > COALESCE(c.customer_seen_at, c.created_at)) AS "naoLido"`;

/** Built-in case system on our own database (migration 006). */
export class BuiltInCaseSystem implements CaseSystem {
  async findOpen(db: Db, nCtrId: number, reason: string, subject: string): Promise<OpenCase | null> {
    const [row] = await db.query<{ caseNumber: string; createdAt: Date | string }>(
      `SELECT case_number AS "caseNumber", created_at AS "createdAt" FROM cases
        WHERE n_ctr_id = $1 AND reason = $2 AND subject = $3 AND status = 'New' ORDER BY created_at DESC LIMIT 1`,
      [nCtrId, reason, subject],
    );
    return row ? { caseNumber: row.caseNumber, createdAt: iso(row.createdAt) } : null;
  }

  async create(db: Db, input: NewCase): Promise<CaseCreatedDto> {
    const year = Number(todayInSaoPaulo().slice(0, 4));
    // One row per year, incremented under its row lock: sequential, gap-free numbers per year (ADR 035).
    const [counter] = await db.query<{ seq: number }>(
      `INSERT INTO case_number_counters (year, last_seq) VALUES ($1, 1)
       ON CONFLICT (year) DO UPDATE SET last_seq = case_number_counters.last_seq + 1 RETURNING last_seq AS seq`,
      [year],
    );
    const id = randomUUID();
    const caseNumber = formatCaseNumber(year, counter!.seq);
    const p = input.payload;
    const { Reason, Subject, Description, TelefoneContato__c, Solicitante__c, Origin, AceiteTermosCondicoes__c, ...details } = p;
    const [row] = await db.query<CaseRow>(
      `INSERT INTO cases (id, case_number, n_ctr_id, customer_id, request_type, reason, subject, description, requester, origin,
         terms_accepted, contact_phone, details)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13::jsonb)
       RETURNING id AS "Id", case_number AS "CaseNumber", reason AS "Reason", subject AS "Subject", status AS "Status",
                 phase AS "Fase__c", created_at AS "CreatedDate", false AS "naoLido"`,
      [
        id,
        caseNumber,
        input.nCtrId,
        input.customerId,
        input.requestType,
        Reason,
        Subject,
        Description,
        Solicitante__c,
        Origin,
        AceiteTermosCondicoes__c,
        TelefoneContato__c,
        JSON.stringify(details),
      ],
    );
    await this.event(db, id, 'created', null, 'Aberto', 'customer');
    for (const a of input.attachments) {
      await db.query(
        `INSERT INTO case_attachments (id, case_id, customer_id, document_type, content_type, size_bytes, sha256, storage_key, uploaded_by)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,'customer')`,
        [randomUUID(), id, input.customerId, a.documentType, a.contentType, a.size, a.sha256, a.storageKey],
      );
      await this.event(db, id, 'attachment', null, a.documentType, 'customer');
    }
    const { naoLido: _unused, ...dto } = toDto(row!);
    return { ...dto, anexos: input.attachments.length };
  }

  async listByContract(db: Db, customerId: number, nCtrId: number): Promise<CaseDto[]> {
    const rows = await db.query<CaseRow>(
      `SELECT ${CASE_COLUMNS} FROM cases c WHERE c.customer_id = $1 AND c.n_ctr_id = $2 ORDER BY c.created_at DESC LIMIT 200`,
      [customerId, nCtrId],
    );
    return rows.map(toDto);
  }

  async get(db: Db, customerId: number, caseId: string): Promise<CaseRecord | null> {
    const [row] = await db.query<CaseRow & { customerId: number; nCtrId: number; Description: string }>(
      `SELECT ${CASE_COLUMNS}, c.customer_id AS "customerId", c.n_ctr_id AS "nCtrId", c.description AS "Description"
         FROM cases c WHERE c.id = $1 AND c.customer_id = $2`,
      [caseId, customerId],
    );
    return row ? { ...toDto(row), customerId: row.customerId, nCtrId: row.nCtrId, Description: row.Description } : null;
  }

  async comments(db: Db, caseId: string): Promise<CaseCommentDto[]> {
    const rows = await db.query<{ CommentBody: string; CreatedDate: Date | string; autor: CaseCommentDto['autor'] }>(
      `SELECT body AS "CommentBody", created_at AS "CreatedDate", author_kind AS autor FROM case_comments
        WHERE case_id = $1 ORDER BY created_at, id`,
      [caseId],
    );
    return rows.map((r) => ({ ...r, CreatedDate: iso(r.CreatedDate) }));
  }

  async events(db: Db, caseId: string): Promise<CaseEventDto[]> {
    const rows = await db.query<Omit<CaseEventDto, 'CreatedDate'> & { CreatedDate: Date | string }>(
      `SELECT kind AS tipo, from_value AS de, to_value AS para, actor_kind AS autor, created_at AS "CreatedDate"
         FROM case_events WHERE case_id = $1 ORDER BY created_at, id`,
      [caseId],
    );
    return rows.map((r) => ({ ...r, CreatedDate: iso(r.CreatedDate) }));
  }

  async attachments(db: Db, caseId: string): Promise<CaseAttachmentDto[]> {
    const rows = await db.query<Omit<CaseAttachmentDto, 'CreatedDate'> & { CreatedDate: Date | string }>(
      `SELECT id AS "Id", document_type AS "tipoDocumento", content_type AS "contentType", size_bytes AS tamanho,
              created_at AS "CreatedDate" FROM case_attachments WHERE case_id = $1 ORDER BY created_at, id`,
      [caseId],
    );
    return rows.map((r) => ({ ...r, CreatedDate: iso(r.CreatedDate) }));
  }

  async attachment(db: Db, customerId: number, caseId: string, attachmentId: string): Promise<AttachmentRecord | null> {
    const [row] = await db.query<AttachmentRecord>(
      `SELECT a.id, c.case_number AS "caseNumber", a.document_type AS "documentType", a.content_type AS "contentType",
              a.storage_key AS "storageKey"
         FROM case_attachments a JOIN cases c ON c.id = a.case_id
        WHERE a.id = $1 AND a.case_id = $2 AND c.customer_id = $3`,
      [attachmentId, caseId, customerId],
    );
    return row ?? null;
  }

  async markSeen(db: Db, caseId: string): Promise<void> {
    await db.query(`UPDATE cases SET customer_seen_at = now() WHERE id = $1`, [caseId]);
  }

  async addComment(db: Db, caseId: string, body: string, author: Actor, at?: string): Promise<void> {
    await db.query(
      `INSERT INTO case_comments (case_id, body, author_kind, created_at) VALUES ($1, $2, $3, COALESCE($4::timestamptz, now()))`,
      [caseId, body, author, at ?? null],
    );
    await this.event(db, caseId, 'comment', null, null, author, at);
  }

  async changePhase(db: Db, caseId: string, phase: string, actor: Actor, at?: string): Promise<void> {
    const [row] = await db.query<{ phase: string }>(`SELECT phase FROM cases WHERE id = $1 FOR UPDATE`, [caseId]);
    if (!row || row.phase === phase) return;
    await db.query(`UPDATE cases SET phase = $2, updated_at = COALESCE($3::timestamptz, now()) WHERE id = $1`, [caseId, phase, at ?? null]);
    await this.event(db, caseId, 'phase', row.phase, phase, actor, at);
  }

  async close(db: Db, caseId: string, actor: Actor, at?: string): Promise<void> {
    const [row] = await db.query<{ status: string }>(`SELECT status FROM cases WHERE id = $1 FOR UPDATE`, [caseId]);
    if (!row || row.status === 'Closed') return;
    await db.query(`UPDATE cases SET status = 'Closed', updated_at = COALESCE($2::timestamptz, now()) WHERE id = $1`, [caseId, at ?? null]);
    await this.event(db, caseId, 'status', row.status, 'Closed', actor, at);
  }

  async storageUsed(db: Db, customerId: number): Promise<number> {
    const [row] = await db.query<{ used: number | string | null }>(
      `SELECT COALESCE(SUM(size_bytes), 0)::bigint AS used FROM case_attachments WHERE customer_id = $1`,
      [customerId],
    );
    return Number(row?.used ?? 0);
  }

  private async event(
    db: Db,
    caseId: string,
    kind: CaseEventDto['tipo'],
    from: string | null,
    to: string | null,
    actor: Actor,
    at?: string,
  ) {
    await db.query(
      `INSERT INTO case_events (case_id, kind, from_value, to_value, actor_kind, created_at)
       VALUES ($1, $2, $3, $4, $5, COALESCE($6::timestamptz, now()))`,
      [caseId, kind, from, to, actor, at ?? null],
    );
  }
}
