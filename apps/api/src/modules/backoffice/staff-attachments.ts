import { STAFF_ATTACHMENT } from '@guarita/domain';
import type { Database } from '../../db/db';
import { unitOfWork } from '../../db/unit-of-work';
import { newStorageKey, type FileStorage } from '../../ports/storage';
import type { CaseRecord, CaseSystem } from '../cases';
import type { ContractService } from '../contracts';
import type { AuditLog } from '../staff';
import { discardFiles, inspectUpload, reserveFiles, settleFile } from '../uploads';
import type { Acting } from './service';

/**
 * A staff comment the customer sees, with a file (issue 30 item 16), under the customers' upload rules: the uploads
 * module inspects it (type by magic bytes, size, images re-encoded without metadata) and accounts for it (ADR 035:
 * reserved before it is written, settled in the transaction that references it, discarded if that fails). The file's
 * record, the comment, their events and the audit row commit in one transaction, under the contract's lock as every
 * staff action on the case.
 */
export class StaffAttachments {
  constructor(
    private readonly db: Database,
    private readonly caseSystem: CaseSystem,
    private readonly contracts: ContractService,
    private readonly storage: FileStorage,
    private readonly audit: AuditLog,
  ) {}

  /** `c` is a case the staff member may change (`BackofficeService.caseFor(…, write)`). Answers the attachment's id. */
  async comment(s: Acting, c: CaseRecord, text: string, data: Buffer): Promise<string> {
    const file = await inspectUpload(data, STAFF_ATTACHMENT.accept, STAFF_ATTACHMENT.wrongTypeMessage);
    const key = newStorageKey('cases', file.ext);
    await reserveFiles(this.db, [key]);
    try {
      return await this.db.transaction().execute(async (tx) => {
        await this.contracts.lockContract(tx, c.nCtrId);
        await this.storage.put(key, file.data, file.contentType);
        await settleFile(tx, key);
        const id = await this.caseSystem.within(unitOfWork(tx)).addStaffCommentWithAttachment(c.Id, text, {
          documentType: STAFF_ATTACHMENT.documentType,
          contentType: file.contentType,
          size: file.data.length,
          sha256: file.sha256,
          storageKey: key,
        });
        await this.audit.record(tx, s, {
          action: 'caso.comentario_anexo',
          caseNumber: c.CaseNumber,
          customerId: c.customerId,
          after: { texto: text, anexo: { id, contentType: file.contentType, tamanho: file.data.length, sha256: file.sha256 } },
        });
        return id;
      });
    } finally {
      // A committed attachment was settled; a failed one leaves its key pending, and its file goes.
      await discardFiles(this.db, this.storage, [key]);
    }
  }
}
