import type { CannedReplyBody, CannedReplyDto, CannedReplyType } from '@guarita/domain';
import type { Executor } from '../../db/db';

const COLUMNS = ['id', 'case_type', 'title', 'body', 'active', 'updated_at'] as const;
type Row = { id: number; case_type: string; title: string; body: string; active: boolean; updated_at: Date | string };
const toDto = (r: Row): CannedReplyDto => ({
  id: r.id,
  tipo: r.case_type as CannedReplyType,
  titulo: r.title,
  texto: r.body,
  ativo: r.active,
  atualizadoEm: new Date(r.updated_at).toISOString(),
});

/** The back-office module owns canned_replies (migration 030). */
export class CannedRepliesRepository {
  async all(q: Executor): Promise<CannedReplyDto[]> {
    const rows = await q.selectFrom('canned_replies').select(COLUMNS).orderBy('case_type').orderBy('title').orderBy('id').execute();
    return rows.map(toDto);
  }

  /** The active replies of one case type and the general ones, by title. */
  async activeFor(q: Executor, type: CannedReplyType | null): Promise<CannedReplyDto[]> {
    const rows = await q
      .selectFrom('canned_replies')
      .select(COLUMNS)
      .where('active', '=', true)
      .where('case_type', 'in', type ? ['geral', type] : ['geral'])
      .orderBy('title')
      .orderBy('id')
      .execute();
    return rows.map(toDto);
  }

  async find(q: Executor, id: number, lock = false): Promise<CannedReplyDto | null> {
    let query = q.selectFrom('canned_replies').select(COLUMNS).where('id', '=', id);
    if (lock) query = query.forUpdate();
    const r = await query.executeTakeFirst();
    return r ? toDto(r) : null;
  }

  async create(q: Executor, b: CannedReplyBody): Promise<CannedReplyDto> {
    const r = await q
      .insertInto('canned_replies')
      .values({ case_type: b.tipo, title: b.titulo, body: b.texto })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toDto(r);
  }

  async update(q: Executor, id: number, b: CannedReplyBody & { ativo: boolean }): Promise<CannedReplyDto> {
    const r = await q
      .updateTable('canned_replies')
      .set({ case_type: b.tipo, title: b.titulo, body: b.texto, active: b.ativo, updated_at: new Date() })
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toDto(r);
  }
}
