import type { Db } from '../../db/db';

export interface LoginCustomer {
  id: number;
  document: string;
  email: string | null;
  sms_phone: string | null;
}

/** SQL of the login protocol: sessions, codes, token families and refresh tokens. */
export class AuthRepository {
  constructor(private readonly db: Db) {}

  async customerByDocument(document: string): Promise<LoginCustomer | null> {
    const [row] = await this.db.query<LoginCustomer>('SELECT id, document, email, sms_phone FROM customers WHERE document = $1', [
      document,
    ]);
    return row ?? null;
  }

  async createSession(id: string, customerId: number, ttlSeconds: number): Promise<void> {
    await this.db.query(`INSERT INTO login_sessions (id, customer_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [
      id,
      customerId,
      ttlSeconds,
    ]);
  }

  async liveSession(id: string): Promise<(LoginCustomer & { session_id: string }) | null> {
    const [row] = await this.db.query<LoginCustomer & { session_id: string }>(
      `SELECT s.id AS session_id, c.id, c.document, c.email, c.sms_phone
         FROM login_sessions s JOIN customers c ON c.id = s.customer_id
        WHERE s.id = $1 AND s.expires_at > now()`,
      [id],
    );
    return row ?? null;
  }

  async insertCode(sessionId: string, codeHash: string, channel: string, ttlSeconds: number): Promise<number> {
    const [row] = await this.db.query<{ id: number }>(
      `INSERT INTO login_codes (session_id, code_hash, channel, expires_at) VALUES ($1,$2,$3, now() + make_interval(secs => $4)) RETURNING id`,
      [sessionId, codeHash, channel, ttlSeconds],
    );
    return row!.id;
  }

  /** Once the new code is delivered, every earlier code of the session dies. */
  async retireOlderCodes(sessionId: string, keepId: number): Promise<void> {
    await this.db.query('UPDATE login_codes SET used_at = now() WHERE session_id = $1 AND id <> $2 AND used_at IS NULL', [
      sessionId,
      keepId,
    ]);
  }

  async deleteCode(id: number): Promise<void> {
    await this.db.query('DELETE FROM login_codes WHERE id = $1', [id]);
  }

  /**
   * Spends one try on the session's live code before it is compared, so parallel guesses cannot exceed the limit.
   * Returns the code row, or null when there is no live code left.
   */
  async spendTry(sessionId: string, maxTries: number): Promise<{ id: number; code_hash: string } | null> {
    const [row] = await this.db.query<{ id: number; code_hash: string }>(
      `UPDATE login_codes SET attempts = attempts + 1
        WHERE id = (SELECT id FROM login_codes WHERE session_id = $1 AND used_at IS NULL AND expires_at > now()
                     ORDER BY created_at DESC LIMIT 1)
          AND attempts < $2 AND used_at IS NULL
        RETURNING id, code_hash`,
      [sessionId, maxTries],
    );
    return row ?? null;
  }

  /** Marks a code used; false when someone else used it first. */
  async consumeCode(id: number): Promise<boolean> {
    const rows = await this.db.query('UPDATE login_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id', [id]);
    return rows.length === 1;
  }

  async createFamily(id: string, customerId: number, absoluteSeconds: number): Promise<void> {
    await this.db.query(`INSERT INTO token_families (id, customer_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [
      id,
      customerId,
      absoluteSeconds,
    ]);
  }

  /** Idempotent: parallel refreshes within the grace window add the same (derived) successor once. */
  async addRefreshToken(familyId: string, tokenHash: string): Promise<void> {
    await this.db.query('INSERT INTO refresh_tokens (token_hash, family_id) VALUES ($1, $2) ON CONFLICT (token_hash) DO NOTHING', [
      tokenHash,
      familyId,
    ]);
  }

  /** The live family (and its customer) of a token used at most `graceSeconds` ago; null otherwise. */
  async recentlyRotated(
    tokenHash: string,
    graceSeconds: number,
  ): Promise<{ familyId: string; customerId: number; document: string } | null> {
    const [row] = await this.db.query<{ familyId: string; customerId: number; document: string }>(
      `SELECT t.family_id AS "familyId", f.customer_id AS "customerId", c.document
         FROM refresh_tokens t JOIN token_families f ON f.id = t.family_id JOIN customers c ON c.id = f.customer_id
        WHERE t.token_hash = $1 AND t.used_at > now() - make_interval(secs => $2)
          AND f.revoked_at IS NULL AND f.expires_at > now()`,
      [tokenHash, graceSeconds],
    );
    return row ?? null;
  }

  /** Uses a refresh token once. 'reused' when it had already been used: the caller must revoke its family. */
  async useRefreshToken(
    tokenHash: string,
  ): Promise<
    | { state: 'ok'; familyId: string; customerId: number; document: string }
    | { state: 'reused'; familyId: string }
    | { state: 'unknown' | 'dead' }
  > {
    const [used] = await this.db.query<{ family_id: string }>(
      'UPDATE refresh_tokens SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL RETURNING family_id',
      [tokenHash],
    );
    if (!used) {
      const [known] = await this.db.query<{ family_id: string }>('SELECT family_id FROM refresh_tokens WHERE token_hash = $1', [tokenHash]);
      return known ? { state: 'reused', familyId: known.family_id } : { state: 'unknown' };
    }
    const [fam] = await this.db.query<{ customer_id: number; document: string }>(
      `SELECT f.customer_id, c.document FROM token_families f JOIN customers c ON c.id = f.customer_id
        WHERE f.id = $1 AND f.revoked_at IS NULL AND f.expires_at > now()`,
      [used.family_id],
    );
    return fam ? { state: 'ok', familyId: used.family_id, customerId: fam.customer_id, document: fam.document } : { state: 'dead' };
  }

  async familyOfToken(tokenHash: string): Promise<string | null> {
    const [row] = await this.db.query<{ family_id: string }>('SELECT family_id FROM refresh_tokens WHERE token_hash = $1', [tokenHash]);
    return row?.family_id ?? null;
  }

  async revokeFamily(familyId: string, reason: string): Promise<void> {
    await this.db.query('UPDATE token_families SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL', [
      familyId,
      reason,
    ]);
  }

  /** The login is live and belongs to `customerId` (a token naming another customer's login is refused). */
  async familyIsLive(familyId: string, customerId: number): Promise<boolean> {
    const rows = await this.db.query(
      'SELECT 1 FROM token_families WHERE id = $1 AND customer_id = $2 AND revoked_at IS NULL AND expires_at > now()',
      [familyId, customerId],
    );
    return rows.length === 1;
  }

  // ── Decoy sessions: a valid document that is not a customer (issue 7) ──────────────────────────

  async createDecoySession(id: string, document: string, ttlSeconds: number): Promise<void> {
    await this.db.query(`INSERT INTO login_decoy_sessions (id, document, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [
      id,
      document,
      ttlSeconds,
    ]);
  }

  async liveDecoySession(id: string): Promise<{ document: string } | null> {
    const [row] = await this.db.query<{ document: string }>(
      'SELECT document FROM login_decoy_sessions WHERE id = $1 AND expires_at > now()',
      [id],
    );
    return row ?? null;
  }

  async markDecoyCodeRequested(id: string): Promise<void> {
    await this.db.query('UPDATE login_decoy_sessions SET code_requested_at = now(), attempts = 0 WHERE id = $1', [id]);
  }

  /** Spends a try like `spendTry`: false when no code was "sent" or the tries are used up. */
  async spendDecoyTry(id: string, maxTries: number): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE login_decoy_sessions SET attempts = attempts + 1
        WHERE id = $1 AND code_requested_at > now() - make_interval(secs => $3) AND attempts < $2 RETURNING id`,
      [id, maxTries, 10 * 60],
    );
    return rows.length === 1;
  }

  async pruneDecoys(): Promise<void> {
    await this.db.query('DELETE FROM login_decoy_sessions WHERE expires_at < now()');
  }
}
