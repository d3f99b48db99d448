import type { Executor } from '../../db/db';

/** The back-office module owns case_staff_notes: staff-only notes, never read by a customer route. */
export class NotesRepository {
  async add(q: Executor, caseId: string, staff: { id: number; name: string }, body: string): Promise<void> {
    await q.insertInto('case_staff_notes').values({ case_id: caseId, staff_id: staff.id, author: staff.name, body }).execute();
  }

  async list(q: Executor, caseId: string) {
    const rows = await q
      .selectFrom('case_staff_notes')
      .select(['body', 'author', 'created_at'])
      .where('case_id', '=', caseId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ texto: r.body, autor: r.author, CreatedDate: new Date(r.created_at).toISOString() }));
  }
}
