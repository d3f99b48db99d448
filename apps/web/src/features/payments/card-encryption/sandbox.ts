import { CompactEncrypt, importJWK, type JWK } from 'jose';
import type { PlainCardFields } from '@guarita/domain';
import type { CardClientConfig } from '../api/card-client-config';
import type { EncryptedCard } from './index';

const ALG = 'RSA-OAEP-256';
const ENC = 'A256GCM';

/** The card sandbox's client-side encryption: one compact JWE (RSA-OAEP-256 + A256GCM) per field, to its public key. */
export async function encryptForSandbox(
  config: Extract<CardClientConfig, { provider: 'sandbox' }>,
  fields: PlainCardFields,
): Promise<EncryptedCard> {
  const key = await importJWK(config.publicKeyJwk as JWK, ALG);
  const seal = (value: string) =>
    // Uint8Array.from: a plain array of this realm (a test DOM may hand TextEncoder bytes of another one).
    new CompactEncrypt(Uint8Array.from(new TextEncoder().encode(value)))
      .setProtectedHeader({ alg: ALG, enc: ENC, kid: config.keyId })
      .encrypt(key);
  const [encryptedCardNumber, encryptedExpiryMonth, encryptedExpiryYear, encryptedSecurityCode] = await Promise.all([
    seal(fields.number),
    seal(fields.expiryMonth),
    seal(fields.expiryYear),
    seal(fields.securityCode),
  ]);
  return { encryptedCardNumber, encryptedExpiryMonth, encryptedExpiryYear, encryptedSecurityCode, holderName: fields.holderName };
}
