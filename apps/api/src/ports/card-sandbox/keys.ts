import { randomBytes } from 'node:crypto';
import { compactDecrypt, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import { sql } from 'kysely';
import type { Database } from '../../db/db';

/** The sandbox's key pair: the browser encrypts each card field to the public key as a compact JWE. */
export const JWE_ALG = 'RSA-OAEP-256';
export const JWE_ENC = 'A256GCM';

export interface SandboxKey {
  kid: string;
  publicJwk: JWK;
  privateKey: CryptoKey;
  /** HMAC-SHA256 key of the sandbox's webhooks. */
  hmacKey: Buffer;
}

/**
 * The sandbox's current key, made on first use and kept in card_sandbox_keys: every instance and every restart
 * finds the same one (the first instance to start makes it under a table lock; the others read it).
 */
export async function loadOrCreateKey(db: Database): Promise<SandboxKey> {
  const existing = await newest(db);
  if (existing) return existing;
  const { publicKey, privateKey } = await generateKeyPair(JWE_ALG, { extractable: true, modulusLength: 2048 });
  const kid = `sbx_${randomBytes(8).toString('hex')}`;
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: JWE_ALG, use: 'enc' };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: JWE_ALG };
  await db.transaction().execute(async (tx) => {
    await sql`LOCK TABLE card_sandbox_keys IN EXCLUSIVE MODE`.execute(tx);
    const other = await tx.selectFrom('card_sandbox_keys').select('kid').executeTakeFirst();
    if (other) return; // another instance made it meanwhile
    await tx
      .insertInto('card_sandbox_keys')
      .values({
        kid,
        private_jwk: sql`${JSON.stringify(privateJwk)}::jsonb`,
        public_jwk: sql`${JSON.stringify(publicJwk)}::jsonb`,
        hmac_key: randomBytes(32).toString('base64'),
      })
      .execute();
  });
  const made = await newest(db);
  if (!made) throw new Error('card sandbox: no key after creating one');
  return made;
}

async function newest(db: Database): Promise<SandboxKey | null> {
  const row = await db.selectFrom('card_sandbox_keys').selectAll().orderBy('created_at', 'desc').orderBy('kid').executeTakeFirst();
  if (!row) return null;
  const privateJwk = (typeof row.private_jwk === 'string' ? JSON.parse(row.private_jwk) : row.private_jwk) as JWK;
  const publicJwk = (typeof row.public_jwk === 'string' ? JSON.parse(row.public_jwk) : row.public_jwk) as JWK;
  const privateKey = (await importJWK(privateJwk, JWE_ALG)) as CryptoKey;
  return { kid: row.kid, publicJwk, privateKey, hmacKey: Buffer.from(row.hmac_key, 'base64') };
}

/** One encrypted card field → its text; null when it is not a JWE for this key (tampered, another key, garbage). */
export async function decryptField(key: SandboxKey, jwe: string): Promise<string | null> {
  if (typeof jwe !== 'string' || jwe.length > 4096) return null;
  try {
    const { plaintext, protectedHeader } = await compactDecrypt(jwe, key.privateKey, {
      keyManagementAlgorithms: [JWE_ALG],
      contentEncryptionAlgorithms: [JWE_ENC],
    });
    if (protectedHeader.kid !== undefined && protectedHeader.kid !== key.kid) return null;
    return new TextDecoder().decode(plaintext);
  } catch {
    return null;
  }
}
