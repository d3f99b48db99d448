import {
  attachmentDocumentType,
  attachmentRuleFor,
  buildCasePayload,
  CASE_REPLY_MSG,
  CLOSED_STATUS,
  duplicateCaseMessage,
  MULTI_OPEN_DAILY_LIMIT,
  REQUEST_TYPE_INFO,
  requiredFiles,
  SUPPORT_MSG,
  supportRequestSchema,
  visibleCases,
  caseListSince,
  type CaseCreatedDto,
  type BuiltRequestType,
  type CasePayload,
  type ContractDto,
  type RequestType,
  type SupportRequest,
  type CaseDetailDto,
  type CaseListDto,
  type CaseCommentsDto,
  type ContractId,
} from '@guarita/domain';
import { sql } from 'kysely';
import type { Database, Executor } from '../../db/db';
import { AppError } from '../../lib/errors';
import type { Analytics } from '../../ports/analytics';
import { newStorageKey, type FileStorage } from '../../ports/storage';
import { discardFiles, reserveFiles, settleFile, inspectUpload, sha256, type InspectedFile } from '../uploads';
import type { ContractService } from '../contracts';
import { canonicalJson, type IdempotencyStore, type IdempotentAnswer } from '../../lib/idempotency';
import { unitOfWork } from '../../db/unit-of-work';
import type { CaseSystem, NewAttachment } from './case-system';
import { consumeAnexos, takeAnexos } from '../resumable-uploads';

export interface UploadedFile {
  data: Buffer;
}

export interface CasesSettings {
  /** Per-customer total of stored attachment bytes. */
  quotaBytes: number;
}

/** A case-creation refusal that carries the CRM's error field (`DescricaoErroApiExterna`). */
export class DuplicateCaseError extends AppError {
  constructor(mensagem: string, caseNumber: string) {
    super(409, 'DUPLICATE_CASE', mensagem);
    this.detalhes = { DescricaoErroApiExterna: JSON.stringify([{ message: mensagem }]), CaseNumber: caseNumber };
  }
}

/** What a request type's owning module adds to the create (issue 12: vehicle change, spare car). */
export interface CaseRequestHook {
  /** Before the transaction (may call a port): fields the server computes, e.g. the vehicle's FIPE quotation. */
  enrich?(input: { customerId: number; contract: ContractDto; request: SupportRequest }): Promise<Partial<CasePayload>>;
  /** Inside the create transaction, under the contract lock: throw an AppError when a rule refuses the request. */
  guard?(tx: Executor, input: { customerId: number; contract: ContractDto; request: SupportRequest }): Promise<void>;
}

const caseNotFound = () => new AppError(404, 'NOT_FOUND', SUPPORT_MSG.caseNotFound);

/**
 * Support cases (issue 9). One atomic, idempotent create replaces the spec's "create, wait 10 s, list,
 * pick the New one, upload" dance: files are checked and re-encoded first, then — in one transaction
 * under the Idempotency-Key — the duplicate rule, the stored files, the case, its attachments, its events
 * and the support_sent analytics event. Any failure removes the files written and leaves no row.
 */
export class CasesService {
  constructor(
    private readonly db: Database,
    readonly caseSystem: CaseSystem,
    readonly storage: FileStorage,
    private readonly analytics: Analytics,
    private readonly contracts: ContractService,
    private readonly idempotency: IdempotencyStore,
    private readonly settings: CasesSettings,
  ) {}

  private readonly hooks = new Map<BuiltRequestType, CaseRequestHook>();

  /** A module that owns a request type's rules plugs them in here (one hook per type). */
  useHook(tipo: BuiltRequestType, hook: CaseRequestHook): void {
    this.hooks.set(tipo, hook);
  }

  async create(
    customerId: number,
    nCtrId: ContractId,
    idempotencyKey: string,
    rawRequest: unknown,
    uploaded: UploadedFile[],
    /** Attachments sent ahead as resumable uploads (ADR 092), in place of `uploaded`: their ids. */
    anexos: readonly string[] = [],
  ): Promise<IdempotentAnswer<CaseCreatedDto>> {
    const contract = await this.contracts.requireOwned(customerId, nCtrId);
    // A closed contract is not one the customer can act on: same answer as someone else's.
    if (contract.status === CLOSED_STATUS) throw new AppError(404, 'NOT_FOUND', SUPPORT_MSG.contractNotFound);

    const parsed = supportRequestSchema.safeParse(rawRequest);
    if (!parsed.success) throw new AppError(400, 'VALIDATION', parsed.error.issues[0]?.message ?? SUPPORT_MSG.sendFailed);
    const request = parsed.data;
    if (request.tipo === 'rastreador' && !contract.possuiDispositivo) {
      throw new AppError(422, 'NO_TRACKER', 'Este contrato não possui rastreador.');
    }

    const rule = attachmentRuleFor(request);
    const fileCount = uploaded.length + anexos.length;
    if (fileCount > (rule?.max ?? 0))
      throw new AppError(400, 'TOO_MANY_FILES', rule ? SUPPORT_MSG.tooManyFiles : SUPPORT_MSG.invalidFormat);
    if (fileCount < requiredFiles(request)) {
      throw new AppError(
        400,
        'ATTACHMENT_REQUIRED',
        rule?.wrongTypeMessage === SUPPORT_MSG.pdfOrJpg ? SUPPORT_MSG.pdfOrJpg : SUPPORT_MSG.attachmentRequired,
      );
    }
    // Attachments sent ahead are named by their ids (an upload id is never reused), the others by their bytes.
    const hashInput = anexos.length ? { nCtrId, request, anexos } : { nCtrId, request, files: uploaded.map((f) => sha256(f.data)) };
    const hash = this.idempotency.requestHash('case-create', canonicalJson(hashInput));
    let files = uploaded;
    if (anexos.length) {
      // A retry of a request already answered replays that answer before looking for its uploads: the first consumed them.
      const earlier = () => this.idempotency.answered<CaseCreatedDto>(customerId, idempotencyKey, 'case-create', hash);
      const first = await earlier();
      if (first) return first;
      try {
        files = (await takeAnexos(this.db, customerId, nCtrId, anexos)).map((data) => ({ data }));
      } catch (err) {
        // Taken meanwhile by the same request sent twice at once: the one that won has answered.
        const again = await earlier();
        if (again) return again;
        throw err;
      }
    }
    const inspected: InspectedFile[] = [];
    // Spare-car photos get their quality measures (ADR 090), shown to staff beside them.
    const measure = request.tipo === 'carro-reserva';
    for (const f of files) inspected.push(await inspectUpload(f.data, rule!.accept, rule!.wrongTypeMessage, { measure }));

    const hook = this.hooks.get(request.tipo);
    const hookInput = { customerId, contract, request };
    const payload = { ...buildCasePayload(request, nCtrId), ...(await hook?.enrich?.(hookInput)) };
    const documentType = attachmentDocumentType(request);

    // Recorded (committed) before any file is written: a crash from here on leaves nothing unaccounted (ADR 035).
    const keys = inspected.map((f) => newStorageKey('cases', f.ext));
    await reserveFiles(this.db, keys);
    try {
      const guard = hook?.guard && ((tx: Executor) => hook.guard!(tx, hookInput));
      return await this.open(customerId, nCtrId, idempotencyKey, hash, request.tipo, payload, guard, async (tx, cases) => {
        // The uploads become the case's attachments: deleted with its commit (gone meanwhile: 400, no case).
        await consumeAnexos(tx, customerId, anexos);
        const newBytes = inspected.reduce((s, f) => s + f.data.length, 0);
        if (newBytes > 0 && (await cases.storageUsed(customerId)) + newBytes > this.settings.quotaBytes) {
          throw new AppError(413, 'QUOTA_EXCEEDED', SUPPORT_MSG.quotaExceeded);
        }
        const attachments = [];
        for (const [i, f] of inspected.entries()) {
          const storageKey = keys[i]!;
          await this.storage.put(storageKey, f.data, f.contentType);
          await settleFile(tx, storageKey);
          attachments.push({
            documentType,
            contentType: f.contentType,
            size: f.data.length,
            sha256: f.sha256,
            storageKey,
            quality: f.quality,
          });
        }
        return attachments;
      });
    } finally {
      // Committed attachments were settled; a failed create or a replay leaves its keys pending: those files go.
      await discardFiles(this.db, this.storage, keys);
    }
  }

  /**
   * A case whose payload another module built from its own data (plan change from a stored quotation, due-date
   * change from the pro-rata simulation): the same idempotent, duplicate-checked create, without files.
   * `hashInput` is what makes two requests the same one (a retry with another body is refused).
   */
  async createPrepared(
    customerId: number,
    nCtrId: ContractId,
    idempotencyKey: string,
    requestType: RequestType,
    payload: CasePayload,
    hashInput: unknown,
    /** Checks that hold only for a first attempt (e.g. an unexpired quotation): a replay answers as the first did. */
    firstAttemptCheck?: () => void,
  ): Promise<IdempotentAnswer<CaseCreatedDto>> {
    const contract = await this.contracts.requireOwned(customerId, nCtrId);
    if (contract.status === CLOSED_STATUS) throw new AppError(404, 'NOT_FOUND', SUPPORT_MSG.contractNotFound);
    const hash = this.idempotency.requestHash('case-create', canonicalJson({ nCtrId, requestType, hashInput }));
    return this.open(customerId, nCtrId, idempotencyKey, hash, requestType, payload, undefined, async () => {
      firstAttemptCheck?.();
      return [];
    });
  }

  /** The one transaction of every create: contract lock, duplicate rule, the caller's files, the case, analytics. */
  private open(
    customerId: number,
    nCtrId: ContractId,
    idempotencyKey: string,
    hash: string,
    requestType: RequestType,
    payload: CasePayload,
    /** The request type's own rule (CaseRequestHook.guard), under the contract lock, before the duplicate rule. */
    guard: ((tx: Executor) => Promise<void>) | undefined,
    attach: (tx: Executor, cases: CaseSystem) => Promise<NewAttachment[]>,
  ): Promise<IdempotentAnswer<CaseCreatedDto>> {
    const info = REQUEST_TYPE_INFO[requestType];
    return this.idempotency.run<CaseCreatedDto>(customerId, idempotencyKey, 'case-create', hash, async (tx) => {
      // Serialise creates on this contract so two concurrent submits cannot both pass the duplicate rule.
      await this.contracts.lockContract(tx, nCtrId);
      await guard?.(tx);
      // The case system joins this unit of work: the case commits with the key, the files' records and the analytics.
      const cases = this.caseSystem.within(unitOfWork(tx));
      if (!info.allowsSeveralOpen) {
        const open = await cases.findOpen(nCtrId, payload.Reason, payload.Subject);
        if (open) throw new DuplicateCaseError(duplicateCaseMessage(open.caseNumber, open.createdAt), open.caseNumber);
      } else {
        // The contract lock does not span the customer's other contracts: this one serialises the count per customer.
        await sql`SELECT pg_advisory_xact_lock(hashtext(${`case-daily-limit:${customerId}`}))`.execute(tx);
        if ((await cases.countRecent(customerId, requestType, 24)) >= MULTI_OPEN_DAILY_LIMIT) {
          throw new AppError(429, 'CASE_LIMIT', SUPPORT_MSG.dailyLimit(info.label, MULTI_OPEN_DAILY_LIMIT));
        }
      }
      const attachments = await attach(tx, cases);
      const requestKey = `${customerId}:${idempotencyKey}`;
      const created = await cases.create({ nCtrId, customerId, requestType, payload, attachments, requestKey });
      await this.analytics.track(tx, 'support_sent', customerId, {
        reason: payload.Reason,
        subject: payload.Subject,
        contract_id: nCtrId,
      });
      return { status: 201, body: created };
    });
  }

  /** 'Minhas solicitações': the contract's cases of the last 3 months, New or Closed, listed reasons, sorted. */
  async list(customerId: number, nCtrId: ContractId, now = new Date()): Promise<CaseListDto> {
    await this.contracts.requireOwned(customerId, nCtrId);
    const recent = await this.caseSystem.listByContract(customerId, nCtrId, caseListSince(now));
    return { casos: visibleCases(recent, now) };
  }

  /** One case with its timeline, comments and attachments; opening it marks staff updates as seen. */
  async detail(customerId: number, caseId: string): Promise<CaseDetailDto> {
    const c = await this.caseSystem.get(customerId, caseId);
    if (!c) throw caseNotFound();
    const [eventos, comentarios, anexos] = await Promise.all([
      this.caseSystem.events(caseId),
      this.caseSystem.comments(caseId),
      this.caseSystem.attachments(caseId),
    ]);
    await this.caseSystem.markSeen(caseId);
    const { customerId: _owner, ...dto } = c;
    return { ...dto, eventos, comentarios, anexos };
  }

  async comments(customerId: number, caseId: string): Promise<CaseCommentsDto> {
    const c = await this.caseSystem.get(customerId, caseId);
    if (!c) throw caseNotFound();
    const comentarios = await this.caseSystem.comments(caseId);
    await this.caseSystem.markSeen(caseId);
    return { comentarios };
  }

  /**
   * The customer's answer to the desk in one of their open cases (issue 24 item 19): a comment by the customer, with its
   * 'comment' event in the case timeline (staff read both in the back office; the customer's own acts notify no one).
   * Another customer's case is 404, a concluded one 409.
   */
  async reply(customerId: number, caseId: string, text: string): Promise<CaseCommentsDto> {
    const c = await this.caseSystem.get(customerId, caseId);
    if (!c) throw caseNotFound();
    if (c.Status === 'Closed') throw new AppError(409, 'CASE_CLOSED', CASE_REPLY_MSG.closed);
    await this.caseSystem.addComment(caseId, text, 'customer');
    return { comentarios: await this.caseSystem.comments(caseId) };
  }

  async download(customerId: number, caseId: string, attachmentId: string) {
    const a = await this.caseSystem.attachment(customerId, caseId, attachmentId);
    if (!a) throw new AppError(404, 'NOT_FOUND', 'Arquivo não encontrado.');
    const data = await this.storage.get(a.storageKey);
    if (!data) throw new AppError(404, 'NOT_FOUND', 'Arquivo não encontrado.');
    const ext = a.storageKey.split('.').pop();
    return { data, contentType: a.contentType, filename: `${a.caseNumber}-${a.documentType}.${ext}` };
  }
}
