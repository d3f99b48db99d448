import { compactDecrypt, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { http, HttpResponse, route } from './msw';

/**
 * The card sandbox as a component test sees it: a real RSA-OAEP-256 key pair made for the test run, its public key
 * served at GET /api/payments/card/client-config, and the private key to check what the form encrypted.
 */
/** The key's id, made per run. */
const KEY_ID = `sbx_${crypto.randomUUID().slice(0, 8)}`;

let keys: Promise<{ publicJwk: Record<string, unknown>; privateKey: CryptoKey }> | null = null;

function sandboxKeys() {
  keys ??= generateKeyPair('RSA-OAEP-256', { extractable: true, modulusLength: 2048 }).then(async ({ publicKey, privateKey }) => ({
    publicJwk: { ...(await exportJWK(publicKey)), kid: KEY_ID, alg: 'RSA-OAEP-256', use: 'enc' },
    privateKey,
  }));
  return keys;
}

/** The client-config handler of the sandbox provider (use it in `server.use`). */
export const sandboxClientConfig = () =>
  http.get(route('/api/payments/card/client-config'), async () =>
    HttpResponse.json({ provider: 'sandbox', keyId: KEY_ID, publicKeyJwk: (await sandboxKeys()).publicJwk }),
  );

/** Opens one encrypted field as the sandbox would. */
export async function decryptField(jwe: string): Promise<string> {
  const { plaintext } = await compactDecrypt(jwe, (await sandboxKeys()).privateKey);
  return new TextDecoder().decode(plaintext);
}

/** The card fields inside an encrypted card (for assertions; the test is the sandbox here). */
export async function openCard(card: Record<string, unknown>) {
  return {
    number: await decryptField(String(card.encryptedCardNumber)),
    month: await decryptField(String(card.encryptedExpiryMonth)),
    year: await decryptField(String(card.encryptedExpiryYear)),
    cvv: await decryptField(String(card.encryptedSecurityCode)),
    holderName: card.holderName,
  };
}
