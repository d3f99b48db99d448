import type { ClaimCasePayload, ClaimPhotoTypeDto, PhotoMeasures } from '@guarita/domain';
import { sql } from 'kysely';
import type { Executor } from '../../db/db';
import { QUALITY_COLUMNS, qualityColumns, qualityOfRow } from '../uploads';

export type ClaimKind = 'colisao' | 'vidros';

/** A claim: its case (from the case system) joined in memory with the claim's own row. */
export interface ClaimRow {
  caseId: string;
  caseNumber: string;
  customerId: number;
  nCtrId: number;
  kind: ClaimKind;
  claimReason: string;
  payload: ClaimCasePayload;
  qualifiedTotalLoss: boolean;
  declarationAcceptedAt: string | null;
  status: 'New' | 'Closed';
  phase: string;
  createdAt: string;
}

/** The claim's own columns (table `claims`). */
export interface ClaimSide {
  caseId: string;
  kind: ClaimKind;
  claimReason: string;
  payload: ClaimCasePayload;
  qualifiedTotalLoss: boolean;
  declarationAcceptedAt: string | null;
}

export interface PhotoRow {
  typeId: string;
  contentType: string;
  sizeBytes: number;
  storageKey: string;
  approved: boolean | null;
  rejectionText: string | null;
  uploadedAt: string;
  /** The server's photo-quality measures (ADR 090); null for a PDF or a file from before migration 033. */
  quality: PhotoMeasures | null;
}

const iso = (v: Date | string) => new Date(v).toISOString();

/**
 * Owner of claims, claim_photos and claim_photo_types (ADR 005, ADR 045), and nothing else: the case (number,
 * status, phase, comments) comes from the case system port and the contract from ContractService. Every read
 * carries the owner (customer_id) so another customer's claim is indistinguishable from none.
 */
export class ClaimsRepository {
  private claimQuery(q: Executor, customerId: number) {
    return q
      .selectFrom('claims')
      .select(['case_id', 'kind', 'claim_reason', 'payload', 'qualified_total_loss', 'declaration_accepted_at'])
      .where('customer_id', '=', customerId);
  }

  private toSide(r: {
    case_id: string;
    kind: string;
    claim_reason: string;
    payload: unknown;
    qualified_total_loss: boolean;
    declaration_accepted_at: Date | string | null;
  }): ClaimSide {
    return {
      caseId: r.case_id,
      kind: r.kind as ClaimKind,
      claimReason: r.claim_reason,
      payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as ClaimCasePayload,
      qualifiedTotalLoss: r.qualified_total_loss,
      declarationAcceptedAt: r.declaration_accepted_at ? iso(r.declaration_accepted_at) : null,
    };
  }

  async byCase(q: Executor, customerId: number, caseId: string): Promise<ClaimSide | null> {
    const r = await this.claimQuery(q, customerId).where('case_id', '=', caseId).executeTakeFirst();
    return r ? this.toSide(r) : null;
  }

  async byCases(q: Executor, customerId: number, caseIds: readonly string[]): Promise<Map<string, ClaimSide>> {
    if (caseIds.length === 0) return new Map();
    const rows = await this.claimQuery(q, customerId).where('case_id', 'in', caseIds).execute();
    return new Map(rows.map((r) => [r.case_id, this.toSide(r)]));
  }

  async insert(
    q: Executor,
    row: { caseId: string; customerId: number; nCtrId: number; kind: ClaimKind; claimReason: string; payload: ClaimCasePayload },
  ) {
    await q
      .insertInto('claims')
      .values({
        case_id: row.caseId,
        customer_id: row.customerId,
        n_ctr_id: row.nCtrId,
        kind: row.kind,
        claim_reason: row.claimReason,
        payload: JSON.stringify(row.payload),
      })
      .execute();
  }

  /** Locks the claim row: uploads of one claim run one after the other (replace-not-duplicate, quota). */
  async lock(q: Executor, caseId: string): Promise<void> {
    await q.selectFrom('claims').select('case_id').where('case_id', '=', caseId).forUpdate().execute();
  }

  async types(q: Executor, kind: ClaimKind): Promise<ClaimPhotoTypeDto[]> {
    const rows = await q
      .selectFrom('claim_photo_types')
      .select(['id', 'title', 'required', 'instructions'])
      .where('kind', '=', kind)
      .orderBy('position')
      .execute();
    return rows.map((r) => ({ Id: r.id, Titulo: r.title, Obrigatorio: r.required, instrucoes: r.instructions }));
  }

  async photos(q: Executor, caseId: string): Promise<PhotoRow[]> {
    const rows = await q
      .selectFrom('claim_photos')
      .select(['type_id', 'content_type', 'size_bytes', 'storage_key', 'approved', 'rejection_text', 'uploaded_at', ...QUALITY_COLUMNS])
      .where('case_id', '=', caseId)
      .execute();
    return rows.map((r) => ({
      typeId: r.type_id,
      contentType: r.content_type,
      sizeBytes: r.size_bytes,
      storageKey: r.storage_key,
      approved: r.approved,
      rejectionText: r.rejection_text,
      uploadedAt: iso(r.uploaded_at),
      quality: qualityOfRow(r),
    }));
  }

  async photosUsed(q: Executor, customerId: number): Promise<number> {
    const row = await q
      .selectFrom('claim_photos')
      .select(sql<number>`COALESCE(SUM(size_bytes), 0)::bigint`.as('used'))
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    return Number(row?.used ?? 0);
  }

  /** Insert or replace the file of (claim, type); a replaced file goes back to review (Aprovacao null). */
  async upsertPhoto(
    q: Executor,
    p: {
      caseId: string;
      typeId: string;
      customerId: number;
      contentType: string;
      size: number;
      sha256: string;
      storageKey: string;
      at?: Date;
      quality?: PhotoMeasures | null;
    },
  ) {
    const at = p.at ?? new Date();
    const quality = qualityColumns(p.quality);
    await q
      .insertInto('claim_photos')
      .values({
        case_id: p.caseId,
        type_id: p.typeId,
        customer_id: p.customerId,
        content_type: p.contentType,
        size_bytes: p.size,
        sha256: p.sha256,
        storage_key: p.storageKey,
        uploaded_at: at,
        ...quality,
      })
      .onConflict((oc) =>
        oc.columns(['case_id', 'type_id']).doUpdateSet({
          content_type: p.contentType,
          size_bytes: p.size,
          sha256: p.sha256,
          storage_key: p.storageKey,
          approved: null,
          rejection_text: null,
          reviewed_at: null,
          uploaded_at: at,
          ...quality,
        }),
      )
      .execute();
  }

  async review(q: Executor, caseId: string, typeId: string, approved: boolean, text: string | null): Promise<boolean> {
    const r = await q
      .updateTable('claim_photos')
      .set({ approved, rejection_text: approved ? null : text, reviewed_at: new Date() })
      .where('case_id', '=', caseId)
      .where('type_id', '=', typeId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async setTotalLoss(q: Executor, caseId: string, value: boolean) {
    await q.updateTable('claims').set({ qualified_total_loss: value }).where('case_id', '=', caseId).execute();
  }

  async acceptDeclaration(q: Executor, caseId: string, at: Date) {
    await q
      .updateTable('claims')
      .set({ declaration_accepted_at: at })
      .where('case_id', '=', caseId)
      .where('declaration_accepted_at', 'is', null)
      .execute();
  }
}
