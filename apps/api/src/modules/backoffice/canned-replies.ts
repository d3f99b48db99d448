import {
  CANNED_MSG,
  type CannedReplyBody,
  type CannedReplyDto,
  type CannedReplyListDto,
  type CannedReplyType,
  type CannedReplyUpdateBody,
} from '@guarita/domain';
import type { Database } from '../../db/db';
import { AppError } from '../../lib/errors';
import type { AuditLog } from '../staff';
import { CannedRepliesRepository } from './canned-replies-repository';
import type { Acting } from './service';

const notFound = () => new AppError(404, 'NOT_FOUND', CANNED_MSG.notFound);
const snapshot = (r: CannedReplyDto) => ({ tipo: r.tipo, titulo: r.titulo, texto: r.texto, ativo: r.ativo });

/**
 * Canned replies (issue 30 item 16): admin lists, creates, edits and deactivates them, each change audited in its own
 * transaction; the desk reads the active ones of a case's type (the caller checked the case is the desk's).
 */
export class CannedReplies {
  private readonly repo = new CannedRepliesRepository();

  constructor(
    private readonly db: Database,
    private readonly audit: AuditLog,
  ) {}

  async all(): Promise<CannedReplyListDto> {
    return { respostas: await this.repo.all(this.db) };
  }

  async forType(type: CannedReplyType | null): Promise<CannedReplyListDto> {
    return { respostas: await this.repo.activeFor(this.db, type) };
  }

  create(s: Acting, body: CannedReplyBody): Promise<CannedReplyDto> {
    return this.db.transaction().execute(async (tx) => {
      const created = await this.repo.create(tx, body);
      await this.audit.record(tx, s, { action: 'resposta_pronta.criada', after: { id: created.id, ...snapshot(created) } });
      return created;
    });
  }

  /** An edit; `ativo: false` deactivates (audited as such), `ativo: true` brings a reply back. */
  update(s: Acting, id: number, body: CannedReplyUpdateBody): Promise<CannedReplyDto> {
    return this.db.transaction().execute(async (tx) => {
      const before = await this.repo.find(tx, id, true);
      if (!before) throw notFound();
      const after = await this.repo.update(tx, id, body);
      const action =
        before.ativo && !after.ativo
          ? 'resposta_pronta.desativada'
          : !before.ativo && after.ativo
            ? 'resposta_pronta.reativada'
            : 'resposta_pronta.editada';
      await this.audit.record(tx, s, { action, before: { id, ...snapshot(before) }, after: { id, ...snapshot(after) } });
      return after;
    });
  }
}
