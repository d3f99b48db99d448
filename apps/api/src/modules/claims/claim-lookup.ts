import { photoStatus, type ClaimPhotoTypeDto, type PhotoRecord, type PhotoStatusDto } from '@guarita/domain';
import type { Database } from '../../db/db';
import { AppError } from '../../lib/errors';
import type { CaseRecord, CaseSystem } from '../cases';
import type { ClaimKind, ClaimRow, ClaimSide, ClaimsRepository, PhotoRow } from './repository';

/** Every claim case carries this Subject, so the duplicate rule is one open claim per contract and Reason. */
export const CLAIM_SUBJECT = 'Sinistro';

export const claimNotFound = () => new AppError(404, 'NOT_FOUND', 'Sinistro não encontrado.');
export const kindOf = (reason: string): ClaimKind => (reason === 'Vidros' ? 'vidros' : 'colisao');
const ymd = (iso: string | null) => (iso ? iso.slice(0, 10).replace(/-/g, '') : null);

export const claimRow = (c: CaseRecord, k: ClaimSide): ClaimRow => ({
  ...k,
  caseNumber: c.CaseNumber,
  customerId: c.customerId,
  nCtrId: c.nCtrId,
  status: c.Status,
  phase: c.Fase__c,
  createdAt: c.CreatedDate,
});

export const toRecord = (p: PhotoRow): PhotoRecord => ({
  TipoFoto: { Id: p.typeId },
  Foto: { Aprovacao: p.approved, TextoReprovacao: p.rejectionText, Tipo: p.contentType === 'application/pdf' ? 'pdf' : 'jpg' },
});

/** A claim's evidence with its photo status (002 §3: Status and the last upload's date). */
export function withPhotoStatus(
  types: ClaimPhotoTypeDto[],
  photos: PhotoRow[],
): { types: ClaimPhotoTypeDto[]; photos: PhotoRow[]; status: PhotoStatusDto } {
  const last =
    photos
      .map((p) => p.uploadedAt)
      .sort()
      .at(-1) ?? null;
  return { types, photos, status: { Status: photoStatus(types, photos.map(toRecord)), AnoMesDia: ymd(last) } };
}

/** Finding claims: a claim case of the case system joined with its own claim row, and its evidence. */
export class ClaimLookup {
  constructor(
    private readonly db: Database,
    private readonly repo: ClaimsRepository,
    private readonly caseSystem: CaseSystem,
  ) {}

  async photoState(row: Pick<ClaimRow, 'kind' | 'caseId'>) {
    const [types, photos] = await Promise.all([this.repo.types(this.db, row.kind), this.repo.photos(this.db, row.caseId)]);
    return withPhotoStatus(types, photos);
  }

  /** The customer's claims (of one contract, or all), newest first: claim cases from the case system, each with its claim row. */
  async claimsOf(customerId: number, nCtrId?: number): Promise<ClaimRow[]> {
    const cases = await this.caseSystem.listBySubject(customerId, CLAIM_SUBJECT, nCtrId);
    const sides = await this.repo.byCases(
      this.db,
      customerId,
      cases.map((c) => c.Id),
    );
    // A 'Sinistro' case without a claim row (e.g. opened in the CRM by staff) has no form or evidence to show here.
    return cases.flatMap((c) => {
      const k = sides.get(c.Id);
      return k ? [claimRow(c, k)] : [];
    });
  }

  /** The customer's own claim case (404 for someone else's, a support case or none). */
  async ownedCase(customerId: number, caseNumber: string): Promise<CaseRecord> {
    const c = await this.caseSystem.getByNumber(customerId, caseNumber);
    if (!c || c.Subject !== CLAIM_SUBJECT) throw claimNotFound();
    return c;
  }

  async owned(customerId: number, caseNumber: string): Promise<ClaimRow> {
    const c = await this.ownedCase(customerId, caseNumber);
    const k = await this.repo.byCase(this.db, customerId, c.Id);
    if (!k) throw claimNotFound();
    return claimRow(c, k);
  }
}
