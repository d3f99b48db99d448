/**
 * `npm run keys:reseal`: seals every staff authenticator secret again under the current AUTH_SECRET (ADR 062), with
 * AUTH_SECRET_PREVIOUS set to the secret it replaces. The server does the same at every start; this is for doing it
 * before the previous secret is removed, without a restart. Idempotent.
 */
import path from 'node:path';
import { loadConfig } from '../src/config';
import { openPglite, openPostgres } from '../src/db/db';
import { resealTotpSecrets } from '../src/modules/staff/reseal';

const config = loadConfig();
const { env } = config;
const db = env.DATABASE_URL ? await openPostgres(env.DATABASE_URL) : await openPglite(path.resolve(env.DATA_DIR, 'pglite'));
try {
  const { resealed, unreadable } = await resealTotpSecrets(db, config.keys);
  console.log(
    `Autenticadores selados de novo: ${resealed}; ilegíveis: ${unreadable}. / Re-sealed: ${resealed}; unreadable: ${unreadable}.`,
  );
  if (unreadable > 0) {
    console.error(
      'Alguns autenticadores não abrem com AUTH_SECRET nem AUTH_SECRET_PREVIOUS: essas contas precisam cadastrar o app de novo. / ' +
        'Some authenticator secrets open with neither AUTH_SECRET nor AUTH_SECRET_PREVIOUS: those accounts must enrol again.',
    );
    process.exitCode = 1;
  }
} finally {
  await db.destroy();
}
