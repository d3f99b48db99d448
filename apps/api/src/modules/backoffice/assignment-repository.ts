import { sql } from 'kysely';
import type { Executor } from '../../db/db';

/**
 * The back-office module owns case_assignments and case_presence (migration 028, ADR 086): the console's own data
 * about a case, kept apart from the case system's records.
 */
export class AssignmentRepository {
  async of(q: Executor, caseId: string): Promise<number | null> {
    const row = await q.selectFrom('case_assignments').select('staff_id').where('case_id', '=', caseId).executeTakeFirst();
    return row?.staff_id ?? null;
  }

  /** The assignee of each of these cases that has one. */
  async ofMany(q: Executor, caseIds: readonly string[]): Promise<Map<string, number>> {
    if (caseIds.length === 0) return new Map();
    const rows = await q
      .selectFrom('case_assignments')
      .select(['case_id', 'staff_id'])
      .where('case_id', 'in', [...caseIds])
      .execute();
    return new Map(rows.map((r) => [r.case_id, r.staff_id]));
  }

  async set(q: Executor, caseId: string, staffId: number | null): Promise<void> {
    if (staffId === null) {
      await q.deleteFrom('case_assignments').where('case_id', '=', caseId).execute();
      return;
    }
    await q
      .insertInto('case_assignments')
      .values({ case_id: caseId, staff_id: staffId })
      .onConflict((oc) => oc.column('case_id').doUpdateSet({ staff_id: staffId, assigned_at: sql<Date>`now()` }))
      .execute();
  }

  /**
   * One heartbeat of `staffId` on the case, on the database clock (every API instance agrees): its row moves to now,
   * the case's expired rows go, and the others still here are answered.
   */
  async beat(q: Executor, caseId: string, staffId: number, expirySeconds: number): Promise<number[]> {
    await q
      .insertInto('case_presence')
      .values({ case_id: caseId, staff_id: staffId })
      .onConflict((oc) => oc.columns(['case_id', 'staff_id']).doUpdateSet({ seen_at: sql<Date>`now()` }))
      .execute();
    const expired = sql<Date>`now() - make_interval(secs => ${expirySeconds})`;
    await q.deleteFrom('case_presence').where('case_id', '=', caseId).where('seen_at', '<', expired).execute();
    const rows = await q
      .selectFrom('case_presence')
      .select('staff_id')
      .where('case_id', '=', caseId)
      .where('staff_id', '<>', staffId)
      .orderBy('seen_at')
      .execute();
    return rows.map((r) => r.staff_id);
  }

  async leave(q: Executor, caseId: string, staffId: number): Promise<void> {
    await q.deleteFrom('case_presence').where('case_id', '=', caseId).where('staff_id', '=', staffId).execute();
  }
}
