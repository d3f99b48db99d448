import {
  buildClaimPayload,
  canCreateClaims,
  claimCoverage,
  claimPayloadError,
  claimReasonOptions,
  CLAIM_LIMITS,
  CLAIM_MSG,
  duplicateCaseMessage,
  firstMissingType,
  isActiveContract,
  isBoletimType,
  isClaimPhaseOf,
  makeClaimFormSchema,
  relevantClaimValues,
  routeForPhotoStatus,
  STAFF_MSG,
  type CasePayload,
  type ClaimCreatedDto,
  type ClaimEntryDto,
  type ClaimListDto,
  type ClaimSummaryDto,
  type ClaimViewDto,
  type ContractId,
  type PhotoStatusDto,
  type PhotoUploadedDto,
  type UploadMime,
} from '@guarita/domain';
import type { Database, Executor } from '../../db/db';
import { AppError } from '../../lib/errors';
import type { Analytics } from '../../ports/analytics';
import type { Clock } from '../../ports/clock';
import { newStorageKey, type FileStorage } from '../../ports/storage';
import { discardFiles, releaseFile, reserveFiles, settleFile, inspectUpload } from '../uploads';
import type { ContractService } from '../contracts';
import { type CaseSystem, DuplicateCaseError } from '../cases';
import type { NotificationOutbox } from '../notifications';
import { canonicalJson, type IdempotencyStore, type IdempotentAnswer } from '../../lib/idempotency';
import { ClaimLookup, CLAIM_SUBJECT, claimNotFound, claimRow, kindOf, toRecord, withPhotoStatus } from './claim-lookup';
import { ClaimsRepository, type ClaimRow } from './repository';

export { CLAIM_SUBJECT };
const PHOTO_MIMES: readonly UploadMime[] = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'];
import { unitOfWork } from '../../db/unit-of-work';

export interface ClaimsSettings {
  quotaBytes: number;
}

/**
 * Claims (issue 11, spec 002): a claim is a case of the case system (Reason Colisão or Vidros, Subject
 * 'Sinistro') plus its own row (payload, chosen reason, total-loss flag) and its evidence, one file per type.
 */
export class ClaimsService {
  readonly repo = new ClaimsRepository();
  private readonly lookup: ClaimLookup;

  constructor(
    private readonly db: Database,
    readonly caseSystem: CaseSystem,
    private readonly storage: FileStorage,
    private readonly analytics: Analytics,
    private readonly contracts: ContractService,
    private readonly idempotency: IdempotencyStore,
    private readonly clock: Pick<Clock, 'now'>,
    private readonly settings: ClaimsSettings,
    /** Customer notifications (issue 13 §3): a rejected photo, in the review's own transaction. */
    private readonly outbox?: NotificationOutbox,
  ) {
    this.lookup = new ClaimLookup(db, this.repo, caseSystem);
  }

  private async activeContract(customerId: number, nCtrId: ContractId) {
    const detail = await this.contracts.detail(customerId, nCtrId);
    if (!isActiveContract(detail)) throw new AppError(404, 'NOT_FOUND', CLAIM_MSG.contractNotFound);
    return detail;
  }

  private async summary(row: ClaimRow, plate: string | null): Promise<ClaimSummaryDto> {
    const { status } = await this.lookup.photoState(row);
    return {
      Id: row.caseId,
      CaseNumber: row.caseNumber,
      Status: row.status,
      Reason: row.kind === 'vidros' ? 'Vidros' : 'Colisão',
      motivo: row.claimReason,
      Fase__c: row.phase,
      Qualificado_como_PT__c: row.qualifiedTotalLoss,
      CreatedDate: row.createdAt,
      nCtrId: row.nCtrId,
      placa: plate,
      statusFotos: status,
      rota: routeForPhotoStatus(status.Status),
    };
  }

  /** The claim screen's entry: coverage, reason choices and the open claim to route to (002 §2.2, §4.4, §6). */
  async entry(customerId: number, nCtrId: ContractId): Promise<ClaimEntryDto> {
    const contract = await this.activeContract(customerId, nCtrId);
    const cobertura = claimCoverage(contract.items);
    const open = (await this.lookup.claimsOf(customerId, nCtrId)).find((r) => r.status === 'New');
    return {
      nCtrId,
      cobertura,
      motivos: claimReasonOptions(cobertura),
      casoAberto: open ? await this.summary(open, contract.vehicle.numberPlate) : null,
    };
  }

  async list(customerId: number): Promise<ClaimListDto> {
    const rows = await this.lookup.claimsOf(customerId);
    const contracts = new Map(
      await Promise.all(
        [...new Set(rows.map((r) => r.nCtrId))].map(async (id) => [id, await this.contracts.find(customerId, id)] as const),
      ),
    );
    return { sinistros: await Promise.all(rows.map((r) => this.summary(r, contracts.get(r.nCtrId)?.vehicle.numberPlate ?? null))) };
  }

  /** Creates the claim case: coverage gate, the §5.1 rules on the server clock, the exact payload, duplicates (409). */
  async create(customerId: number, nCtrId: ContractId, idempotencyKey: string, raw: unknown): Promise<IdempotentAnswer<ClaimCreatedDto>> {
    const contract = await this.activeContract(customerId, nCtrId);
    const coverage = claimCoverage(contract.items);
    if (!canCreateClaims(coverage)) throw new AppError(403, 'NO_CLAIM_COVERAGE', CLAIM_MSG.noCoverageText);
    const parsed = makeClaimFormSchema(() => this.clock.now()).safeParse(raw);
    if (!parsed.success) throw new AppError(400, 'VALIDATION', parsed.error.issues[0]?.message ?? CLAIM_MSG.createFailed);
    const values = relevantClaimValues(parsed.data);
    if (!(claimReasonOptions(coverage) as string[]).includes(values.reason)) throw new AppError(400, 'VALIDATION', CLAIM_MSG.reason);
    const payload = buildClaimPayload(values, nCtrId);
    const missing = claimPayloadError(payload);
    if (missing) throw new AppError(400, 'VALIDATION', missing);

    const hash = this.idempotency.requestHash('claim-create', canonicalJson({ nCtrId, values }));
    return this.idempotency.run<ClaimCreatedDto>(customerId, idempotencyKey, 'claim-create', hash, async (tx) => {
      // Serialise creates on this contract so two concurrent submits cannot both pass the duplicate rule.
      await this.contracts.lockContract(tx, nCtrId);
      // The case system joins this unit of work: the case commits with the key, the claim row and the analytics.
      const cases = this.caseSystem.within(unitOfWork(tx));
      const open = await cases.findOpen(nCtrId, payload.Reason, CLAIM_SUBJECT);
      if (open) throw new DuplicateCaseError(duplicateCaseMessage(open.caseNumber, open.createdAt), open.caseNumber);
      // The case system stores Reason/Subject/Description/phone in its columns and the rest of the payload as details.
      const casePayload = {
        ...payload,
        Solicitante__c: 'Cliente',
        Subject: CLAIM_SUBJECT,
        Description: payload.Descricao_do_ocorrido__c,
        TelefoneContato__c: payload.Contato_do_condutor__c.replace(/\D/g, ''),
      } as unknown as CasePayload;
      const created = await cases.create({
        nCtrId,
        customerId,
        requestType: 'sinistro',
        payload: casePayload,
        attachments: [],
        requestKey: `${customerId}:${idempotencyKey}`,
      });
      await this.repo.insert(tx, {
        caseId: created.Id,
        customerId,
        nCtrId,
        kind: kindOf(payload.Reason),
        claimReason: values.reason,
        payload,
      });
      await this.analytics.track(tx, 'claim_sent', customerId, { reason: payload.Reason, motivo: values.reason, contract_id: nCtrId });
      return {
        status: 201,
        body: {
          Id: created.Id,
          CaseNumber: created.CaseNumber,
          Reason: payload.Reason,
          Status: created.Status,
          Fase__c: created.Fase__c,
          CreatedDate: created.CreatedDate,
        },
      };
    });
  }

  async photoStatus(customerId: number, caseNumber: string): Promise<PhotoStatusDto> {
    return (await this.lookup.photoState(await this.lookup.owned(customerId, caseNumber))).status;
  }

  /** The tracking screen: the case with its payload fields, comments, phase history, types and photos. */
  async view(customerId: number, caseNumber: string): Promise<ClaimViewDto> {
    // One lookup of the case, then everything else side by side (the kind follows the case's Reason).
    const c = await this.lookup.ownedCase(customerId, caseNumber);
    const [k, typeRows, photoRows, comments, events] = await Promise.all([
      this.repo.byCase(this.db, customerId, c.Id),
      this.repo.types(this.db, kindOf(c.Reason)),
      this.repo.photos(this.db, c.Id),
      this.caseSystem.comments(c.Id),
      this.caseSystem.events(c.Id),
    ]);
    if (!k) throw claimNotFound();
    const row = claimRow(c, k);
    const { types, photos, status } = withPhotoStatus(typeRows, photoRows);
    const p = row.payload;
    const titles = new Map(types.map((t) => [t.Id, t.Titulo]));
    return {
      caso: {
        Id: row.caseId,
        CaseNumber: row.caseNumber,
        Status: row.status,
        Reason: p.Reason,
        'Sub-Reason': row.claimReason,
        Fase__c: row.phase,
        Qualificado_como_PT__c: row.qualifiedTotalLoss,
        CreatedDate: row.createdAt,
        ChaveNaturalContrato__c: p.ChaveNaturalContrato__c,
        Descricao_do_ocorrido__c: p.Descricao_do_ocorrido__c,
        QualLocalSinistro__c: p.QualLocalSinistro__c,
        Ponto_de_referencia__c: p.Ponto_de_referencia__c,
        Data_Hora_da_ocorrencia__c: p.Data_Hora_da_ocorrencia__c,
        Condutor__c: p.Condutor__c,
        CPF_do_condutor__c: p.CPF_do_condutor__c,
        Contato_do_condutor__c: p.Contato_do_condutor__c,
        Veiculo_esta_se_locomovendo__c: p.Veiculo_esta_se_locomovendo__c,
        Boletim_realizado__c: p.Boletim_realizado__c,
        Envolvimento_com_terceiros__c: p.Envolvimento_com_terceiros__c,
        Abrir_caso_de_sinistro_para__c: p.Abrir_caso_de_sinistro_para__c,
        Contato_do_terceiro__c: p.Contato_do_terceiro__c,
        Observacoes__c: p.Observacoes__c,
        AceiteTermosCondicoes__c: p.AceiteTermosCondicoes__c,
        declaracaoAceitaEm: row.declarationAcceptedAt,
      },
      comentarios: comments.map((c) => ({ CommentBody: c.CommentBody, CreatedDate: c.CreatedDate })),
      historico: events
        .filter((e) => (e.tipo === 'created' || e.tipo === 'phase') && e.para)
        .map((e) => ({ phase: e.para!, at: e.CreatedDate })),
      tipos: types,
      fotos: photos.map((ph) => ({
        ...toRecord(ph),
        TipoFoto: { Id: ph.typeId, Titulo: titles.get(ph.typeId) ?? ph.typeId },
        enviadaEm: ph.uploadedAt,
      })),
      statusFotos: status,
    };
  }

  async acceptDeclaration(customerId: number, caseNumber: string): Promise<void> {
    const row = await this.lookup.owned(customerId, caseNumber);
    await this.repo.acceptDeclaration(this.db, row.caseId, this.clock.now());
  }

  /** Where evidence of `typeId` may go: the caller's claim (404), open (409), with that type (404). `upload` checks it,
   * and a resumable upload at its creation, before any byte arrives (ADR 092). */
  async uploadTarget(customerId: number, caseNumber: string, typeId: string): Promise<ClaimRow> {
    const row = await this.lookup.owned(customerId, caseNumber);
    if (row.status !== 'New') throw new AppError(409, 'CLAIM_CLOSED', 'Este sinistro está encerrado.');
    const types = await this.repo.types(this.db, row.kind);
    if (!types.some((t) => t.Id === typeId)) throw new AppError(404, 'NOT_FOUND', 'Tipo de foto não encontrado.');
    return row;
  }
  /** One evidence file for one type (002 §2.3, §5.2): type by magic bytes; boletim PDF only; ≤ 5 MB; images re-encoded.
   * Uploading a type again replaces its file (and sends it back to review), never adds a second one. */
  async upload(customerId: number, caseNumber: string, typeId: string, data: Buffer): Promise<PhotoUploadedDto> {
    const row = await this.uploadTarget(customerId, caseNumber, typeId);
    if (data.length === 0) throw new AppError(400, 'EMPTY_FILE', CLAIM_MSG.selectFile);
    if (data.length > CLAIM_LIMITS.pdfMaxBytes) throw new AppError(413, 'FILE_TOO_LARGE', CLAIM_MSG.fileTooLarge);
    const boletim = isBoletimType(typeId);
    const file = await inspectUpload(
      data,
      boletim ? ['application/pdf'] : PHOTO_MIMES,
      boletim ? CLAIM_MSG.boletimPdfOnly : CLAIM_MSG.wrongFileType,
      { measure: !boletim },
    );

    const key = newStorageKey('claims', file.ext);
    // Recorded (committed) before the file is written: a crash from here on leaves nothing unaccounted (ADR 035).
    await reserveFiles(this.db, [key]);
    let replacedKey: string | null = null;
    try {
      await this.db.transaction().execute(async (tx) => {
        await this.repo.lock(tx, row.caseId);
        const existing = (await this.repo.photos(tx, row.caseId)).find((p) => p.typeId === typeId) ?? null;
        const used = (await this.caseSystem.within(unitOfWork(tx)).storageUsed(customerId)) + (await this.repo.photosUsed(tx, customerId));
        if (used - (existing?.sizeBytes ?? 0) + file.data.length > this.settings.quotaBytes) {
          throw new AppError(413, 'QUOTA_EXCEEDED', 'Você atingiu o limite de armazenamento de anexos.');
        }
        await this.storage.put(key, file.data, file.contentType);
        await this.repo.upsertPhoto(tx, {
          caseId: row.caseId,
          typeId,
          customerId,
          contentType: file.contentType,
          size: file.data.length,
          sha256: file.sha256,
          storageKey: key,
          at: this.clock.now(),
          quality: file.quality,
        });
        await settleFile(tx, key);
        // The replaced file loses its row at this commit: it is pending from then on, until deleted below.
        if (existing) await releaseFile(tx, existing.storageKey);
        replacedKey = existing?.storageKey ?? null;
      });
    } finally {
      await discardFiles(this.db, this.storage, replacedKey ? [key, replacedKey] : [key]);
    }
    const state = await this.lookup.photoState(row);
    return {
      TipoFoto: { Id: typeId },
      Tipo: file.contentType === 'application/pdf' ? 'pdf' : 'jpg',
      substituida: replacedKey !== null,
      statusFotos: state.status,
      proximo: firstMissingType(state.types, state.photos.map(toRecord))?.Id ?? null,
    };
  }

  async photoFile(customerId: number, caseNumber: string, typeId: string) {
    const row = await this.lookup.owned(customerId, caseNumber);
    const p = (await this.repo.photos(this.db, row.caseId)).find((x) => x.typeId === typeId);
    const data = p ? await this.storage.get(p.storageKey) : null;
    if (!p || !data) throw new AppError(404, 'NOT_FOUND', 'Arquivo não encontrado.');
    return { data, contentType: p.contentType, filename: `${row.caseNumber}-${typeId}.${p.storageKey.split('.').pop()}` };
  }

  /** The claimed vehicle's plate for the notice PDF (owner only). */
  async plate(customerId: number, caseNumber: string): Promise<string | null> {
    const row = await this.lookup.owned(customerId, caseNumber);
    return (await this.contracts.find(customerId, row.nCtrId))?.vehicle.numberPlate ?? null;
  }

  // ── Staff actions: the back-office console (issue 13) and the demo endpoints call these ───────────

  /** The claim behind a case number, whoever owns it (staff side; 404 for none or a support case). */
  async staffClaim(caseNumber: string): Promise<ClaimRow> {
    const c = await this.caseSystem.findByNumber(caseNumber);
    if (!c || c.Subject !== CLAIM_SUBJECT) throw claimNotFound();
    return this.lookup.owned(c.customerId, caseNumber);
  }

  /** Staff case detail: the claim's evidence per type (required first, in the form's order) and its types. */
  async staffEvidence(row: Pick<ClaimRow, 'kind' | 'caseId'>) {
    const { types, photos } = await this.lookup.photoState(row);
    return { types, photos };
  }

  /** A claim's evidence file for staff (the console checks the role; the file never leaves without it). */
  async staffPhotoFile(caseNumber: string, typeId: string) {
    const row = await this.staffClaim(caseNumber);
    return this.photoFile(row.customerId, caseNumber, typeId);
  }

  /**
   * Demo endpoint: move a claim to a phase (no state machine: the demo plays any CRM) in one transaction.
   * The console moves phases through the back-office service, which checks the state machine.
   */
  async staffSetPhase(caseNumber: string, phase: string, opts: { totalLoss?: boolean; close?: boolean } = {}): Promise<void> {
    const row = await this.staffClaim(caseNumber);
    // Moves may jump (the demo plays any CRM), but only to a phase of this claim's own machine: outside it the
    // console would offer no move at all (issue 23 item 8).
    if (!isClaimPhaseOf(row.kind, phase)) throw new AppError(400, 'VALIDATION', STAFF_MSG.unknownClaimPhase);
    await this.db.transaction().execute(async (tx) => {
      const cases = this.caseSystem.within(unitOfWork(tx));
      await cases.changePhase(row.caseId, phase, 'staff');
      if (opts.totalLoss !== undefined) await this.staffSetTotalLoss(tx, row.caseId, opts.totalLoss);
      if (opts.close) await cases.close(row.caseId, 'staff');
    });
  }

  /** Qualificado_como_PT__c, inside the caller's transaction. */
  async staffSetTotalLoss(q: Executor, caseId: string, value: boolean): Promise<void> {
    await this.repo.setTotalLoss(q, caseId, value);
  }

  async staffComment(caseNumber: string, body: string): Promise<void> {
    const row = await this.staffClaim(caseNumber);
    await this.caseSystem.addComment(row.caseId, body, 'staff');
  }

  /**
   * Approves or rejects one evidence file (the customer sees 'Reprovado' with the text and sends only that
   * type again), inside the caller's transaction. Answers the review before, for the audit log.
   */
  async staffReview(
    q: Executor,
    claim: Pick<ClaimRow, 'caseId' | 'caseNumber' | 'customerId' | 'nCtrId' | 'kind'>,
    typeId: string,
    approved: boolean,
    text: string | null,
  ): Promise<{ Aprovacao: boolean | null; TextoReprovacao: string | null }> {
    const before = (await this.repo.photos(q, claim.caseId)).find((p) => p.typeId === typeId);
    if (!before || !(await this.repo.review(q, claim.caseId, typeId, approved, text)))
      throw new AppError(404, 'NOT_FOUND', 'Foto não encontrada.');
    if (!approved && this.outbox) {
      // One notification per rejected upload: a re-sent photo rejected again is news again.
      const title = (await this.repo.types(q, claim.kind)).find((t) => t.Id === typeId)?.Titulo ?? typeId;
      await this.outbox.emit(q, claim.customerId, `foto:${claim.caseId}:${typeId}:${before.uploadedAt}:reprovada`, {
        type: 'foto_reprovada',
        caseNumber: claim.caseNumber,
        nCtrId: claim.nCtrId,
        photo: title,
        reason: text ?? '',
      });
    }
    return { Aprovacao: before.approved, TextoReprovacao: before.rejectionText };
  }
}
