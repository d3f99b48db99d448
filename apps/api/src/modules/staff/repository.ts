import { sql } from 'kysely';
import type { StaffRole } from '@guarita/domain';
import type { Database, Executor } from '../../db/db';

export interface StaffRow {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  password_hash: string;
  totp_secret: string;
  locked: boolean;
  active: boolean;
}

export interface StaffPrincipal {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  sessionId: string;
}

export interface NewStaff {
  email: string;
  name: string;
  role: StaffRole;
  passwordHash: string;
  sealedTotpSecret: string;
}

/** The staff module owns staff and staff_sessions (ADR 005's table); staff_audit is the audit log's (./audit.ts). */
export class StaffRepository {
  constructor(private readonly db: Database) {}

  async byEmail(email: string): Promise<StaffRow | null> {
    const row = await this.db
      .selectFrom('staff')
      .select(['id', 'email', 'name', 'role', 'password_hash', 'totp_secret', 'active'])
      // Database clock: N instances agree on when a lock ends.
      .select(sql<boolean>`COALESCE(locked_until > now(), false)`.as('locked'))
      .where('email', '=', email)
      .executeTakeFirst();
    return row ?? null;
  }

  /**
   * One more wrong authenticator code after a right password. The `max`-th locks the account for `lockSeconds` and
   * starts the count again, so each lock costs `max` guesses. Answers 'locked-now' for the failure that locked it (its
   * owner is told once), 'locked' when it already was (a request racing the lock), else 'counted'.
   */
  async recordFailure(id: number, max: number, lockSeconds: number): Promise<'counted' | 'locked-now' | 'locked'> {
    const row = await this.db
      .updateTable('staff')
      .set({
        failed_attempts: sql<number>`CASE WHEN failed_attempts + 1 >= ${max} THEN 0 ELSE failed_attempts + 1 END`,
        locked_until: sql<Date | null>`CASE WHEN failed_attempts + 1 >= ${max} THEN now() + make_interval(secs => ${lockSeconds}) ELSE locked_until END`,
      })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', sql<Date>`now()`)]))
      .returning(sql<boolean>`COALESCE(locked_until > now(), false)`.as('locked'))
      .executeTakeFirst();
    if (!row) return 'locked';
    return row.locked ? 'locked-now' : 'counted';
  }

  /**
   * Accepts a TOTP time step once: the row changes only when the step is after the last accepted one, so a
   * replayed code (or two requests racing with one code) gets false. Also clears the failure counter.
   */
  /** `step` null: a passkey was the second factor (its own counter and single-use challenge stop replays). */
  async acceptLogin(id: number, step: number | null): Promise<boolean> {
    const r = await this.db
      .updateTable('staff')
      .set(step === null ? { failed_attempts: 0, locked_until: null } : { totp_last_step: step, failed_attempts: 0, locked_until: null })
      .where('id', '=', id)
      .$if(step !== null, (qb) => qb.where('totp_last_step', '<', step!))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async createSession(id: string, staffId: number): Promise<void> {
    await this.db.insertInto('staff_sessions').values({ id, staff_id: staffId }).execute();
  }

  /**
   * The session behind a token, if live (not revoked, used within `idleSeconds`, account active), touching its
   * idle clock in the same statement unless `touch` is false. Role and name come from the account, so a role change
   * applies at once.
   */
  async liveSession(sessionId: string, staffId: number, idleSeconds: number, touch: boolean): Promise<StaffPrincipal | null> {
    const row = await this.db
      .updateTable('staff_sessions as s')
      .from('staff as st')
      // One statement either way: a polling request's check leaves the clock where it was.
      .set({ last_seen_at: touch ? sql<Date>`now()` : sql<Date>`s.last_seen_at` })
      .whereRef('st.id', '=', 's.staff_id')
      .where('s.id', '=', sessionId)
      .where('s.staff_id', '=', staffId)
      .where('s.revoked_at', 'is', null)
      .where('s.last_seen_at', '>', sql<Date>`now() - make_interval(secs => ${idleSeconds})`)
      .where('st.active', '=', true)
      .returning(['st.id', 'st.email', 'st.name', 'st.role'])
      .executeTakeFirst();
    return row ? { ...row, sessionId } : null;
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.db
      .updateTable('staff_sessions')
      .set({ revoked_at: sql<Date>`now()` })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Logout everywhere: every open session of the account. Answers how many ended. */
  async revokeAll(staffId: number): Promise<number> {
    const r = await this.db
      .updateTable('staff_sessions')
      .set({ revoked_at: sql<Date>`now()` })
      .where('staff_id', '=', staffId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  async insert(q: Executor, s: NewStaff): Promise<number> {
    const row = await q
      .insertInto('staff')
      .values({ email: s.email, name: s.name, role: s.role, password_hash: s.passwordHash, totp_secret: s.sealedTotpSecret })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Demo seed: the account with this e-mail, created or reset to the given secrets. */
  async upsertDemo(s: NewStaff): Promise<void> {
    await this.db
      .insertInto('staff')
      .values({ email: s.email, name: s.name, role: s.role, password_hash: s.passwordHash, totp_secret: s.sealedTotpSecret })
      // The sealed secret depends on AUTH_SECRET: re-seal it, so a demo install that changed its secret still logs in.
      .onConflict((oc) => oc.column('email').doUpdateSet({ totp_secret: s.sealedTotpSecret }))
      .execute();
  }

  async sealedSecret(email: string): Promise<string | null> {
    const row = await this.db.selectFrom('staff').select('totp_secret').where('email', '=', email).executeTakeFirst();
    return row?.totp_secret ?? null;
  }

  /** The console's directory (issue 30 item 10): active accounts of these roles, or any accounts by id, by name. */
  async directory(q: Executor, f: { roles: readonly StaffRole[] } | { ids: readonly number[] }): Promise<StaffRef[]> {
    let query = q.selectFrom('staff').select(['id', 'name', 'role']);
    if ('roles' in f) {
      if (f.roles.length === 0) return [];
      query = query.where('active', '=', true).where('role', 'in', [...f.roles]);
    } else {
      if (f.ids.length === 0) return [];
      query = query.where('id', 'in', [...f.ids]);
    }
    return query.orderBy('name').orderBy('id').execute();
  }
}

/** A staff member as colleagues see them. */
export interface StaffRef {
  id: number;
  name: string;
  role: StaffRole;
}
