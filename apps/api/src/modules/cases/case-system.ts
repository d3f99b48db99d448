import type {
  BlockingCase,
  CaseAttachmentDto,
  CaseCommentDto,
  CaseCreatedDto,
  CaseDto,
  CaseEventDto,
  CasePayload,
  PhotoMeasures,
} from '@guarita/domain';
import type { UnitOfWork } from '../../db/unit-of-work';

export type Actor = 'customer' | 'staff' | 'system';

export interface NewAttachment {
  documentType: string;
  contentType: string;
  size: number;
  sha256: string;
  storageKey: string;
  /** A photo's quality measures (ADR 090: spare-car photos); an adapter that cannot keep them ignores them. */
  quality?: PhotoMeasures | null;
}

export interface NewCase {
  nCtrId: number;
  customerId: number;
  requestType: string;
  payload: CasePayload;
  attachments: NewAttachment[];
  /** When the case was opened, if not now (seed, imports). */
  createdAt?: string;
  /**
   * The request's Idempotency-Key, scoped to the customer. An outside CRM keeps it as the case's external id, so a retry
   * after our transaction rolled back finds the case the CRM already made; the built-in adapter needs none (its create
   * commits or rolls back with the caller's unit of work).
   */
  requestKey?: string;
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

/** The request as the customer sent it (the staff case page). */
export interface CaseRequest {
  requestType: string;
  requester: string;
  origin: string;
  contactPhone: string | null;
  termsAccepted: boolean;
  details: Record<string, unknown>;
}

/** Create: the reads the duplicate rule and the daily limit make under the caller's locks, and the create itself. */
export interface CaseCreation {
  /** The open case (Status New) of this contract with the same reason and subject, if any. */
  findOpen(nCtrId: number, reason: string, subject: string): Promise<OpenCase | null>;
  /** How many cases of this request type the customer opened in the last `hours` hours (any contract, any status). */
  countRecent(customerId: number, requestType: string, hours: number): Promise<number>;
  create(input: NewCase): Promise<CaseCreatedDto>;
}

/** Read. Every customer-side read takes the owner, so that someone else's case is indistinguishable from none. */
export interface CaseReads {
  /** The contract's cases, newest first, at most 200; with `since`, only those created from then on. */
  listByContract(customerId: number, nCtrId: number, since?: Date): Promise<CaseDto[]>;
  /** The owner's cases with this Subject (optionally of one contract), newest first, at most 200 (claims: 'Sinistro'). */
  listBySubject(customerId: number, subject: string, nCtrId?: number): Promise<CaseRecord[]>;
  get(customerId: number, caseId: string): Promise<CaseRecord | null>;
  /** The owner's case by its number (the number customers see and the claim URLs carry). */
  getByNumber(customerId: number, caseNumber: string): Promise<CaseRecord | null>;
  /** Staff side: a case by number whatever its owner (the owner is in the record). */
  findByNumber(caseNumber: string): Promise<CaseRecord | null>;
  /** Staff case detail: the request as the customer sent it. */
  request(caseId: string): Promise<CaseRequest | null>;
  events(caseId: string): Promise<CaseEventDto[]>;
  /** The contract's cases the spare-car blocking rules look at (theft, robbery, spare car, collision), any age. */
  blockingCases(nCtrId: number): Promise<BlockingCase[]>;
  /** The owner opened the case: staff updates until then are no longer 'Nova atualização'. */
  markSeen(caseId: string, at?: string): Promise<void>;
}

export interface CaseComments {
  comments(caseId: string): Promise<CaseCommentDto[]>;
  addComment(caseId: string, body: string, author: Actor, at?: string): Promise<void>;
  /**
   * A staff comment the customer sees with one file attached (issue 30 item 16): the comment, the attachment's record
   * (uploaded by staff, owned by the case's customer) and their events; answers the attachment's id.
   */
  addStaffCommentWithAttachment(caseId: string, body: string, attachment: NewAttachment): Promise<string>;
}

/** Phase and status changes, each logged as an event. */
export interface CasePhases {
  changePhase(caseId: string, phase: string, actor: Actor, at?: string): Promise<void>;
  close(caseId: string, actor: Actor, at?: string): Promise<void>;
  /** A closed case open again (Status New), logged as a 'status' event Closed → New; an open case is left as it is. */
  reopen(caseId: string, actor: Actor, at?: string): Promise<void>;
  /** Staff approved or rejected the request: a 'decision' event (to 'aprovado' | 'reprovado'), notified to the customer. */
  recordDecision(caseId: string, outcome: 'aprovado' | 'reprovado', actor: Actor, at?: string): Promise<void>;
}

/** The attachments' records (the files themselves are the FileStorage port's). */
export interface CaseAttachments {
  attachments(caseId: string): Promise<CaseAttachmentDto[]>;
  attachment(customerId: number, caseId: string, attachmentId: string): Promise<AttachmentRecord | null>;
  /** Bytes of the files the customer sent with their cases (the upload quota; staff attachments do not count). */
  storageUsed(customerId: number): Promise<number>;
}

/**
 * The case system port: the CRM of the spec (ADR 035, ADR 068). Its calls name no database type. Called directly, each
 * call stands alone (the built-in adapter runs a write in its own transaction). `within(uow)` answers the same calls as
 * part of the caller's unit of work: the transaction that holds the caller's locks and Idempotency-Key row and writes
 * its own rows. The built-in adapter joins it, so a case and the caller's rows commit or roll back together; an outside
 * CRM cannot join it and answers itself (its create is made safe to repeat by `NewCase.requestKey`). The staff queue is
 * not part of the port: it reads the built-in tables (`StaffQueue`); with a CRM, staff work in the CRM's own console.
 */
export interface CaseSystem extends CaseCreation, CaseReads, CaseComments, CasePhases, CaseAttachments {
  within(uow: UnitOfWork): CaseSystem;
}
