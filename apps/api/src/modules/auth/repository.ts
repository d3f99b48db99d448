import { sql } from 'kysely';
import type { Database } from '../../db/db';
import type { FamilyLiveness } from './liveness';

/** `now() + n seconds` on the database clock, so every instance agrees on expiries. */
const inSeconds = (secs: number) => sql<Date>`now() + make_interval(secs => ${secs})`;
const now = sql<Date>`now()`;

/** SQL of the login protocol: its tables are login_sessions, login_codes, token_families and refresh_tokens. */
export class AuthRepository {
  /** `liveness`: the process's memory of live logins (./liveness.ts), shared by the session check and the service. */
  constructor(
    private readonly db: Database,
    private readonly liveness?: FamilyLiveness,
  ) {}

  async createSession(id: string, customerId: number, ttlSeconds: number): Promise<void> {
    await this.db
      .insertInto('login_sessions')
      .values({ id, customer_id: customerId, expires_at: inSeconds(ttlSeconds) })
      .execute();
  }

  /** The customer of a live login session, or null. */
  async liveSession(id: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('login_sessions')
      .select('customer_id')
      .where('id', '=', id)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row?.customer_id ?? null;
  }

  async insertCode(sessionId: string, codeHash: string, channel: 'sms' | 'email', ttlSeconds: number): Promise<number> {
    const row = await this.db
      .insertInto('login_codes')
      .values({ session_id: sessionId, code_hash: codeHash, channel, expires_at: inSeconds(ttlSeconds) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Once the new code is delivered, every earlier code of the session dies. */
  async retireOlderCodes(sessionId: string, keepId: number): Promise<void> {
    await this.db
      .updateTable('login_codes')
      .set({ used_at: now })
      .where('session_id', '=', sessionId)
      .where('id', '<>', keepId)
      .where('used_at', 'is', null)
      .execute();
  }

  async deleteCode(id: number): Promise<void> {
    await this.db.deleteFrom('login_codes').where('id', '=', id).execute();
  }

  /**
   * Spends one try on the session's live code before it is compared, so parallel guesses cannot exceed the limit.
   * Returns the code row, or null when there is no live code left.
   */
  async spendTry(sessionId: string, maxTries: number): Promise<{ id: number; code_hash: string } | null> {
    const row = await this.db
      .updateTable('login_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', (eb) =>
        eb
          .selectFrom('login_codes')
          .select('id')
          .where('session_id', '=', sessionId)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .orderBy('created_at', 'desc')
          .limit(1),
      )
      .where('attempts', '<', maxTries)
      .where('used_at', 'is', null)
      .returning(['id', 'code_hash'])
      .executeTakeFirst();
    return row ?? null;
  }

  /** The session has a code that may still be tried (a verify without one is not a guess: issue 23). */
  async hasLiveCode(sessionId: string, maxTries: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('login_codes')
      .select('id')
      .where('session_id', '=', sessionId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .where('attempts', '<', maxTries)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Marks a code used; false when someone else used it first. */
  async consumeCode(id: number): Promise<boolean> {
    const rows = await this.db
      .updateTable('login_codes')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .returning('id')
      .execute();
    return rows.length === 1;
  }

  /** `passkeyId`: the passkey the login was opened with (removing it ends the login, ADR 089). */
  async createFamily(id: string, customerId: number, absoluteSeconds: number, passkeyId: number | null = null): Promise<void> {
    await this.db
      .insertInto('token_families')
      .values({ id, customer_id: customerId, expires_at: inSeconds(absoluteSeconds), passkey_id: passkeyId })
      .execute();
  }

  /** Ends every live login opened with this passkey (it is being removed); answers how many. */
  async revokePasskeyFamilies(passkeyId: number): Promise<number> {
    const rows = await this.db
      .updateTable('token_families')
      .set({ revoked_at: now, revoked_reason: 'passkey removed' })
      .where('passkey_id', '=', passkeyId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    for (const r of rows) this.liveness?.forget(r.id);
    return rows.length;
  }

  /** Idempotent: parallel refreshes within the grace window add the same (derived) successor once. */
  async addRefreshToken(familyId: string, tokenHash: string): Promise<void> {
    await this.db
      .insertInto('refresh_tokens')
      .values({ token_hash: tokenHash, family_id: familyId })
      .onConflict((oc) => oc.column('token_hash').doNothing())
      .execute();
  }

  /** The live family (and its customer) of a token used at most `graceSeconds` ago; null otherwise. */
  async recentlyRotated(tokenHash: string, graceSeconds: number): Promise<{ familyId: string; customerId: number } | null> {
    const row = await this.db
      .selectFrom('refresh_tokens as t')
      .innerJoin('token_families as f', 'f.id', 't.family_id')
      .select(['t.family_id as familyId', 'f.customer_id as customerId'])
      .where('t.token_hash', '=', tokenHash)
      .where('t.used_at', '>', sql<Date>`now() - make_interval(secs => ${graceSeconds})`)
      .where('f.revoked_at', 'is', null)
      .where('f.expires_at', '>', now)
      .executeTakeFirst();
    return row ?? null;
  }

  /** Uses a refresh token once. 'reused' when it had already been used: the caller must revoke its family. */
  async useRefreshToken(
    tokenHash: string,
  ): Promise<
    { state: 'ok'; familyId: string; customerId: number } | { state: 'reused'; familyId: string } | { state: 'unknown' | 'dead' }
  > {
    const used = await this.db
      .updateTable('refresh_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .returning('family_id')
      .executeTakeFirst();
    if (!used) {
      const known = await this.familyOfToken(tokenHash);
      return known ? { state: 'reused', familyId: known } : { state: 'unknown' };
    }
    const fam = await this.db
      .selectFrom('token_families')
      .select('customer_id')
      .where('id', '=', used.family_id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return fam ? { state: 'ok', familyId: used.family_id, customerId: fam.customer_id } : { state: 'dead' };
  }

  async familyOfToken(tokenHash: string): Promise<string | null> {
    const row = await this.db.selectFrom('refresh_tokens').select('family_id').where('token_hash', '=', tokenHash).executeTakeFirst();
    return row?.family_id ?? null;
  }

  async revokeFamily(familyId: string, reason: string): Promise<void> {
    await this.db
      .updateTable('token_families')
      .set({ revoked_at: now, revoked_reason: reason })
      .where('id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
    this.liveness?.forget(familyId);
  }

  /** The login is live and belongs to `customerId` (a token naming another customer's login is refused). */
  async familyIsLive(familyId: string, customerId: number): Promise<boolean> {
    if (this.liveness?.isLive(familyId, customerId)) return true;
    const row = await this.db
      .selectFrom('token_families')
      .select('expires_at')
      .where('id', '=', familyId)
      .where('customer_id', '=', customerId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!row) return false;
    this.liveness?.remember(familyId, customerId, new Date(row.expires_at));
    return true;
  }

  // ── Decoy sessions: a valid document that is not a customer (issue 7) ──────────────────────────

  async createDecoySession(id: string, document: string, ttlSeconds: number): Promise<void> {
    await this.db
      .insertInto('login_decoy_sessions')
      .values({ id, document, expires_at: inSeconds(ttlSeconds) })
      .execute();
  }

  async liveDecoySession(id: string): Promise<{ document: string } | null> {
    const row = await this.db
      .selectFrom('login_decoy_sessions')
      .select('document')
      .where('id', '=', id)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row ?? null;
  }

  async markDecoyCodeRequested(id: string): Promise<void> {
    await this.db.updateTable('login_decoy_sessions').set({ code_requested_at: now, attempts: 0 }).where('id', '=', id).execute();
  }

  /** Like `hasLiveCode`: a code was "sent" within its lifetime and has tries left. */
  async decoyHasLiveCode(id: string, maxTries: number, codeSeconds: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('login_decoy_sessions')
      .select('id')
      .where('id', '=', id)
      .where('code_requested_at', '>', sql<Date>`now() - make_interval(secs => ${codeSeconds})`)
      .where('attempts', '<', maxTries)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Spends a try like `spendTry`: false when no code was "sent" or the tries are used up. */
  async spendDecoyTry(id: string, maxTries: number, codeSeconds: number): Promise<boolean> {
    const rows = await this.db
      .updateTable('login_decoy_sessions')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('code_requested_at', '>', sql<Date>`now() - make_interval(secs => ${codeSeconds})`)
      .where('attempts', '<', maxTries)
      .returning('id')
      .execute();
    return rows.length === 1;
  }
}
