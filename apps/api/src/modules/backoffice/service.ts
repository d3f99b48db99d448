import {
  canMoveTo,
  caseKindOf,
  DECISION_ACTION,
  DECISION_MSG,
  isDecidable,
  nextPhases,
  phaseCloses,
  PHASE_DONE,
  maskDocument,
  REOPEN_MSG,
  reopenPhase,
  qualityFields,
  STAFF_MSG,
  type CaseKind,
  type DecidableRequest,
  type DecisionPreviewDto,
  type StaffCaseDto,
  type StaffRole,
} from '@guarita/domain';
import type { Database, Executor } from '../../db/db';
import { AppError } from '../../lib/errors';
import type { Clock } from '../../ports/clock';
import type { FileStorage } from '../../ports/storage';
import type { CaseRecord, CaseRequest, CaseSystem } from '../cases';
import { unitOfWork } from '../../db/unit-of-work';
import type { ClaimsService } from '../claims';
import type { ContractService } from '../contracts';
import type { CustomersService } from '../customers';
import type { AuditLog, StaffPrincipal } from '../staff';
import type { PlansService } from '../plans';
import { Approvals } from './approvals';
import { NotesRepository } from './repository';
import { QUEUE_SCOPE } from './queue-desk';
import { requestAsSent } from './request-view';

/** The staff member acting, and from where (every action writes an audit row). */
export interface Acting extends StaffPrincipal {
  ip: string;
}

/** Which cases each role works: sinistros the claims, atendimento the support cases, admin reads all and changes none. */
export const inScope = (role: StaffRole, kind: CaseKind) => {
  const s = QUEUE_SCOPE[role];
  return s === 'all' || (s === 'claims' && kind !== 'suporte') || (s === 'support' && kind === 'suporte');
};

const caseNotFound = () => new AppError(404, 'NOT_FOUND', STAFF_MSG.caseNotFound);
const forbidden = () => new AppError(403, 'FORBIDDEN', STAFF_MSG.forbidden);
const notDecidable = () => new AppError(404, 'NOT_FOUND', STAFF_MSG.notDecidable);

/**
 * The staff console (issue 13 §2): the queue, the case detail and every staff action. Cases change only through
 * the case system port, claims through ClaimsService, customers through CustomersService; each action and its
 * audit row commit in one transaction.
 */
export class BackofficeService {
  private readonly notes = new NotesRepository();
  private readonly approvals: Approvals;

  constructor(
    private readonly db: Database,
    private readonly caseSystem: CaseSystem,
    private readonly claims: ClaimsService,
    private readonly customers: CustomersService,
    private readonly contracts: ContractService,
    private readonly storage: FileStorage,
    private readonly audit: AuditLog,
    private readonly clock: Pick<Clock, 'now' | 'today'>,
    plans: PlansService,
  ) {
    this.approvals = new Approvals(customers, contracts, plans, clock);
  }

  /** The case if this role works it (404 otherwise, like a number that does not exist); `write` refuses admin. */
  async caseFor(role: StaffRole, caseNumber: string, write: boolean): Promise<CaseRecord & { kind: CaseKind }> {
    const c = await this.caseSystem.findByNumber(caseNumber);
    if (!c) throw caseNotFound();
    const kind = caseKindOf(c);
    if (!inScope(role, kind)) throw caseNotFound();
    if (write && role === 'admin') throw forbidden();
    return { ...c, kind };
  }

  async detail(role: StaffRole, caseNumber: string): Promise<StaffCaseDto> {
    const c = await this.caseFor(role, caseNumber, false);
    const [request, attachments, events, comments, notes, people] = await Promise.all([
      this.caseSystem.request(c.Id),
      this.caseSystem.attachments(c.Id),
      this.caseSystem.events(c.Id),
      this.caseSystem.comments(c.Id),
      this.notes.list(this.db, c.Id),
      this.customers.documents([c.customerId]),
    ]);
    let sinistro: StaffCaseDto['sinistro'] = null;
    let solicitacao = requestAsSent(c, request);
    let totalLoss = false;
    if (c.kind !== 'suporte') {
      const claim = await this.claims.staffClaim(caseNumber);
      const { types, photos } = await this.claims.staffEvidence(claim);
      totalLoss = claim.qualifiedTotalLoss;
      solicitacao = { ...claim.payload };
      sinistro = {
        Qualificado_como_PT__c: claim.qualifiedTotalLoss,
        tipos: types,
        fotos: types.map((t) => {
          const p = photos.find((x) => x.typeId === t.Id);
          return {
            tipo: t.Id,
            titulo: t.Titulo,
            obrigatorio: t.Obrigatorio,
            enviada: Boolean(p),
            contentType: p?.contentType ?? null,
            Aprovacao: p?.approved ?? null,
            TextoReprovacao: p?.rejectionText ?? null,
            enviadaEm: p?.uploadedAt ?? null,
            qualidade: p?.quality ? qualityFields(p.quality) : null,
          };
        }),
      };
    }
    const who = people.get(c.customerId);
    const state = { kind: c.kind, phase: c.Fase__c, status: c.Status, reason: c.Reason, subject: c.Subject };
    const writer = role !== 'admin';
    const decided = events.some((e) => e.tipo === 'decision');
    return {
      caso: {
        Id: c.Id,
        CaseNumber: c.CaseNumber,
        Reason: c.Reason,
        Subject: c.Subject,
        Status: c.Status,
        Fase__c: c.Fase__c,
        CreatedDate: c.CreatedDate,
        nCtrId: c.nCtrId,
        Description: c.Description,
        tipoSolicitacao: request?.requestType ?? '',
      },
      cliente: { nome: who?.name ?? '', documento: maskDocument(who?.document ?? '') },
      solicitacao,
      anexos: attachments,
      historico: events,
      comentarios: comments.map((m) => ({ texto: m.CommentBody, autor: m.autor, CreatedDate: m.CreatedDate })),
      notasInternas: notes,
      // Indenização is only for a total loss: offered once the flag is set.
      proximasFases: writer ? nextPhases(state).filter((p) => p !== 'Indenização' || totalLoss) : [],
      sinistro,
      podeDecidir: writer && c.Status === 'New' && !decided && isDecidable(request?.requestType),
      proposta: decided ? null : await this.preview(c, request),
      // issue 30 item 7: a closed case of this desk can be reopened (with a reason)
      podeReabrir: writer && c.Status === 'Closed',
    };
  }

  async attachment(role: StaffRole, caseNumber: string, attachmentId: string) {
    const c = await this.caseFor(role, caseNumber, false);
    const a = await this.caseSystem.attachment(c.customerId, c.Id, attachmentId);
    const data = a ? await this.storage.get(a.storageKey) : null;
    if (!a || !data) throw new AppError(404, 'NOT_FOUND', 'Arquivo não encontrado.');
    return { data, contentType: a.contentType, filename: `${c.CaseNumber}-${a.documentType}.${a.storageKey.split('.').pop()}` };
  }

  async photo(role: StaffRole, caseNumber: string, typeId: string) {
    const c = await this.caseFor(role, caseNumber, false);
    if (c.kind === 'suporte') throw caseNotFound();
    return this.claims.staffPhotoFile(caseNumber, typeId);
  }

  /** The case system as part of an action's unit of work: the case changes commit with the audit row. */
  private casesIn(tx: Executor): CaseSystem {
    return this.caseSystem.within(unitOfWork(tx));
  }

  async act<T>(
    s: Acting,
    c: CaseRecord,
    action: string,
    run: (tx: Executor) => Promise<{ before?: unknown; after?: unknown; result?: T }>,
  ) {
    return this.db.transaction().execute(async (tx) => {
      // One change at a time per contract (as creates do): two staff acting on one case cannot both pass the checks.
      await this.contracts.lockContract(tx, c.nCtrId);
      const { before, after, result } = await run(tx);
      await this.audit.record(
        tx,
        { id: s.id, email: s.email, role: s.role, ip: s.ip },
        {
          action,
          caseNumber: c.CaseNumber,
          customerId: c.customerId,
          before,
          after,
        },
      );
      return result as T;
    });
  }

  /** The current record inside the action's transaction (after the lock), so checks see the latest phase and status. */
  private async fresh(tx: Executor, caseNumber: string): Promise<CaseRecord> {
    const c = await this.casesIn(tx).findByNumber(caseNumber);
    if (!c) throw caseNotFound();
    return c;
  }

  async movePhase(s: Acting, caseNumber: string, to: string): Promise<void> {
    const c = await this.caseFor(s.role, caseNumber, true);
    // Read before the transaction: on PGlite's single connection a read outside `tx` would wait for it forever.
    const totalLoss = c.kind === 'colisao' ? (await this.claims.staffClaim(caseNumber)).qualifiedTotalLoss : false;
    await this.act(s, c, 'caso.fase', async (tx) => {
      const now = await this.fresh(tx, caseNumber);
      if (now.Status === 'Closed') throw new AppError(409, 'CASE_CLOSED', STAFF_MSG.caseClosed);
      const state = { kind: c.kind, phase: now.Fase__c, status: now.Status, reason: now.Reason, subject: now.Subject };
      if (!canMoveTo(state, to) || (to === 'Indenização' && !totalLoss))
        throw new AppError(409, 'PHASE_NOT_ALLOWED', STAFF_MSG.phaseNotAllowed(now.Fase__c, to));
      const cases = this.casesIn(tx);
      await cases.changePhase(c.Id, to, 'staff');
      const closes = phaseCloses(c.kind, to);
      if (closes) await cases.close(c.Id, 'staff');
      return { before: { fase: now.Fase__c, status: now.Status }, after: { fase: to, status: closes ? 'Closed' : now.Status } };
    });
  }

  async comment(s: Acting, caseNumber: string, text: string, internal: boolean): Promise<void> {
    const c = await this.caseFor(s.role, caseNumber, true);
    await this.act(s, c, internal ? 'caso.nota_interna' : 'caso.comentario', async (tx) => {
      if (internal) await this.notes.add(tx, c.Id, s, text);
      else await this.casesIn(tx).addComment(c.Id, text, 'staff');
      return { after: { texto: text } };
    });
  }

  async reviewPhoto(s: Acting, caseNumber: string, typeId: string, approved: boolean, text: string | null): Promise<void> {
    const c = await this.caseFor(s.role, caseNumber, true);
    if (c.kind === 'suporte') throw new AppError(404, 'NOT_FOUND', STAFF_MSG.notAClaim);
    // Read before the transaction: on PGlite's single connection a read outside `tx` would wait for it forever.
    const claim = await this.claims.staffClaim(caseNumber);
    await this.act(s, c, approved ? 'sinistro.foto_aprovada' : 'sinistro.foto_reprovada', async (tx) => {
      const before = await this.claims.staffReview(tx, claim, typeId, approved, approved ? null : text);
      return { before: { tipo: typeId, ...before }, after: { tipo: typeId, Aprovacao: approved, TextoReprovacao: approved ? null : text } };
    });
  }

  async setTotalLoss(s: Acting, caseNumber: string, value: boolean): Promise<void> {
    const c = await this.caseFor(s.role, caseNumber, true);
    if (c.kind !== 'colisao') throw new AppError(404, 'NOT_FOUND', STAFF_MSG.notAClaim);
    const claim = await this.claims.staffClaim(caseNumber);
    await this.act(s, c, 'sinistro.perda_total', async (tx) => {
      await this.claims.staffSetTotalLoss(tx, c.Id, value);
      return { before: { Qualificado_como_PT__c: claim.qualifiedTotalLoss }, after: { Qualificado_como_PT__c: value } };
    });
  }

  /** Reopens a closed case (issue 30 item 7, ADR 087): the phase, the reason as a note, the audit row, in one transaction. */
  async reopen(s: Acting, caseNumber: string, reason: string): Promise<void> {
    const c = await this.caseFor(s.role, caseNumber, true);
    await this.act(s, c, 'caso.reaberto', async (tx) => {
      const now = await this.fresh(tx, caseNumber);
      if (now.Status !== 'Closed') throw new AppError(409, 'CASE_OPEN', REOPEN_MSG.alreadyOpen);
      const cases = this.casesIn(tx);
      const other = await cases.findOpen(now.nCtrId, now.Reason, now.Subject);
      if (other) throw new AppError(409, 'DUPLICATE_CASE', REOPEN_MSG.duplicateOpen(other.caseNumber));
      const phase = reopenPhase(c.kind, now.Fase__c, await cases.events(c.Id));
      await cases.reopen(c.Id, 'staff');
      await cases.changePhase(c.Id, phase, 'staff');
      await this.notes.add(tx, c.Id, s, REOPEN_MSG.note(reason));
      return { before: { status: now.Status, fase: now.Fase__c }, after: { status: 'New', fase: phase, motivo: reason } };
    });
  }

  /** The open request staff may decide (else 404/409), read inside the action's transaction. */
  private async openRequest(tx: Executor, c: CaseRecord, type: DecidableRequest) {
    const now = await this.fresh(tx, c.CaseNumber);
    const request = await this.casesIn(tx).request(c.Id);
    if (!request || request.requestType !== type) throw notDecidable();
    if (now.Status !== 'New') throw new AppError(409, 'ALREADY_DECIDED', STAFF_MSG.alreadyDecided);
    if ((await this.casesIn(tx).events(c.Id)).some((e) => e.tipo === 'decision'))
      throw new AppError(409, 'ALREADY_DECIDED', STAFF_MSG.alreadyDecided);
    return request;
  }

  /** Which decidable request the case is (404 for any other case, like a number that does not exist). */
  private async decidable(role: StaffRole, caseNumber: string) {
    const c = await this.caseFor(role, caseNumber, true);
    const type = (await this.caseSystem.request(c.Id))?.requestType;
    if (!isDecidable(type)) throw notDecidable();
    return { c, type };
  }

  /** Closes a decided request: the decision event, the customer's comment, phase Concluído, status Closed. */
  private async conclude(tx: Executor, c: CaseRecord, outcome: 'aprovado' | 'reprovado', comment: string) {
    const cases = this.casesIn(tx);
    await cases.recordDecision(c.Id, outcome, 'staff');
    await cases.addComment(c.Id, comment, 'staff');
    await cases.changePhase(c.Id, PHASE_DONE, 'staff');
    await cases.close(c.Id, 'staff');
  }

  /**
   * Approves a registration, due-date, plan or vehicle change: the contract (or customer) data is written in the
   * same transaction as the decision event, the case's conclusion and the audit row; nothing changes before this.
   */
  async approve(s: Acting, caseNumber: string): Promise<void> {
    const { c, type } = await this.decidable(s.role, caseNumber);
    await this.act(s, c, `${DECISION_ACTION[type]}.aprovado`, async (tx) => {
      const request = await this.openRequest(tx, c, type);
      const prepared = await this.approvals.prepare(tx, type, c, request);
      await prepared.write();
      await this.conclude(tx, c, 'aprovado', prepared.message);
      return { before: prepared.before, after: prepared.after };
    });
  }

  async reject(s: Acting, caseNumber: string, reason: string): Promise<void> {
    const { c, type } = await this.decidable(s.role, caseNumber);
    await this.act(s, c, `${DECISION_ACTION[type]}.reprovado`, async (tx) => {
      await this.openRequest(tx, c, type);
      await this.conclude(tx, c, 'reprovado', DECISION_MSG.rejected(reason));
      return { after: { motivo: reason } };
    });
  }

  /** The console's 'Valores atuais e novos' for an open decidable request; a request that cannot apply says why. */
  private async preview(c: CaseRecord, request: CaseRequest | null): Promise<DecisionPreviewDto | null> {
    const type = request?.requestType;
    if (!request || !isDecidable(type) || c.Status !== 'New') return null;
    try {
      return { linhas: (await this.approvals.prepare(this.db, type, c, request, true)).lines, aviso: null };
    } catch (e) {
      if (e instanceof AppError) return { linhas: [], aviso: e.message };
      throw e;
    }
  }
}
