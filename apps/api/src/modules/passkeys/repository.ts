import { sql } from 'kysely';
import type { Database, Executor } from '../../db/db';

const now = sql<Date>`now()`;

/** Whose passkey: a customer's (login without a code) or a staff member's (in place of the authenticator code). */
export type PasskeyOwner = { customerId: number } | { staffId: number };

export interface StoredPasskey {
  id: number;
  customer_id: number | null;
  staff_id: number | null;
  credential_id: string;
  public_key: string;
  counter: number;
  transports: string[];
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

const ownerColumn = (o: PasskeyOwner) => ('customerId' in o ? ('customer_id' as const) : ('staff_id' as const));
const ownerId = (o: PasskeyOwner) => ('customerId' in o ? o.customerId : o.staffId);

/** SQL of passkeys and their ceremonies' challenges (migration 032). */
export class PasskeysRepository {
  constructor(private readonly db: Database) {}

  /** Replaces the binding's earlier challenge: one live ceremony per login, staff session or pre-login cookie. */
  async putChallenge(binding: string, challenge: string, ttlSeconds: number): Promise<void> {
    const expires_at = sql<Date>`now() + make_interval(secs => ${ttlSeconds})`;
    await this.db
      .insertInto('passkey_challenges')
      .values({ binding, challenge, expires_at })
      .onConflict((oc) => oc.column('binding').doUpdateSet({ challenge, expires_at, created_at: now }))
      .execute();
  }

  /** Single use: the binding's live challenge, deleted as it is read; null when none (used, expired, never asked). */
  async takeChallenge(binding: string): Promise<string | null> {
    const row = await this.db
      .deleteFrom('passkey_challenges')
      .where('binding', '=', binding)
      .returning(['challenge', sql<boolean>`expires_at > now()`.as('live')])
      .executeTakeFirst();
    return row?.live ? row.challenge : null;
  }

  list(owner: PasskeyOwner): Promise<StoredPasskey[]> {
    return this.db
      .selectFrom('passkeys')
      .selectAll()
      .where(ownerColumn(owner), '=', ownerId(owner))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  async byCredentialId(credentialId: string): Promise<StoredPasskey | null> {
    return (await this.db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst()) ?? null;
  }

  async insert(
    q: Executor,
    owner: PasskeyOwner,
    c: { credentialId: string; publicKey: string; counter: number; transports: string[]; name: string },
  ): Promise<StoredPasskey | null> {
    const row = await q
      .insertInto('passkeys')
      .values({
        [ownerColumn(owner)]: ownerId(owner),
        credential_id: c.credentialId,
        public_key: c.publicKey,
        counter: c.counter,
        transports: c.transports,
        name: c.name,
      })
      .onConflict((oc) => oc.column('credential_id').doNothing())
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  /**
   * Records a use: only when the counter moved forward (or the authenticator keeps none, both 0), so two assertions
   * carrying the same counter cannot both pass, even at once.
   */
  async recordUse(id: number, stored: number, next: number): Promise<boolean> {
    const rows = await this.db
      .updateTable('passkeys')
      .set({ counter: next, last_used_at: now })
      .where('id', '=', id)
      .where('counter', '=', stored)
      .returning('id')
      .execute();
    return rows.length === 1;
  }

  /** Deletes the owner's passkey; its name, or null when there is no such passkey of this owner. */
  async remove(q: Executor, owner: PasskeyOwner, id: number): Promise<string | null> {
    const row = await q
      .deleteFrom('passkeys')
      .where('id', '=', id)
      .where(ownerColumn(owner), '=', ownerId(owner))
      .returning('name')
      .executeTakeFirst();
    return row?.name ?? null;
  }

  async owns(owner: PasskeyOwner, id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('passkeys')
      .select('id')
      .where('id', '=', id)
      .where(ownerColumn(owner), '=', ownerId(owner))
      .executeTakeFirst();
    return row !== undefined;
  }
}
