import type { Database } from '../../db/db';
import type { Keyring } from '../../lib/keys';
import { SecretBox } from './secrets';

export interface ResealOutcome {
  /** Sealed again under the current AUTH_SECRET. */
  resealed: number;
  /** Opened by neither AUTH_SECRET nor AUTH_SECRET_PREVIOUS: those accounts must enrol again (ADR 062). */
  unreadable: number;
}

/**
 * Every staff authenticator secret not yet sealed under the current AUTH_SECRET is opened (with the previous secret, or
 * the pre-ADR 062 scheme) and sealed again under it. Runs at every start (staff module) and as `npm run keys:reseal`;
 * a second run finds nothing to do, and a row changed meanwhile (another instance, a re-enrolment) is left to its writer.
 */
export async function resealTotpSecrets(db: Database, keys: Keyring): Promise<ResealOutcome> {
  const box = new SecretBox(keys);
  const rows = await db.selectFrom('staff').select(['id', 'totp_secret']).orderBy('id').execute();
  const outcome: ResealOutcome = { resealed: 0, unreadable: 0 };
  for (const row of rows) {
    if (box.isCurrent(row.totp_secret)) continue;
    const plain = box.open(row.totp_secret);
    if (plain === null) {
      outcome.unreadable++;
      continue;
    }
    const done = await db
      .updateTable('staff')
      .set({ totp_secret: box.seal(plain) })
      .where('id', '=', row.id)
      .where('totp_secret', '=', row.totp_secret)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) > 0) outcome.resealed++;
  }
  return outcome;
}
