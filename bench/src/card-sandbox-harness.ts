import { CompactEncrypt, importJWK } from 'jose';
import { openPglite } from '../../apps/api/src/db/db';
import { migrate } from '../../apps/api/src/db/migrate';
import { JWE_ALG, JWE_ENC, SANDBOX_CARDS, SandboxCardGateway } from '../../apps/api/src/ports/card-sandbox';
import type { CardHarness } from './card-payment';

/**
 * The built-in sandbox for the card-payment bench: its vault and ledger in an in-memory PGlite migrated here, no
 * simulated latency (latencyMs 0), its webhooks not delivered. What is timed is its real work: four RSA-OAEP JWE
 * decryptions per new card, and its ledger and vault rows.
 */
export async function sandboxHarness(): Promise<CardHarness> {
  const db = await openPglite();
  await migrate(db);
  const gateway = new SandboxCardGateway(db, { publicUrl: 'http://127.0.0.1:3151', latencyMs: 0 });
  await gateway.init();
  const config = gateway.clientConfig();
  if (config.provider !== 'sandbox') throw new Error('not the sandbox');
  const key = await importJWK(config.publicKeyJwk, JWE_ALG);
  const encrypt = (text: string) =>
    new CompactEncrypt(new TextEncoder().encode(text)).setProtectedHeader({ alg: JWE_ALG, enc: JWE_ENC, kid: config.keyId }).encrypt(key);
  const card = async (number: string) => ({
    encryptedCardNumber: await encrypt(number),
    encryptedExpiryMonth: await encrypt('03'),
    encryptedExpiryYear: await encrypt('2030'),
    encryptedSecurityCode: await encrypt('123'),
    holderName: 'Maria Silva',
  });
  return {
    name: 'sandbox (PGlite)',
    gateway,
    card: (kind) => card(kind === 'visa' ? SANDBOX_CARDS.approveVisa : SANDBOX_CARDS.challenge3ds),
    challengeDetails: async (action) => {
      const token = new URL(String(action.challengeUrl), 'http://sandbox.invalid').pathname.split('/').at(-1)!; // absolute or relative
      const answer = await gateway.answerChallenge(token, 'Y');
      if (!answer) throw new Error('no open challenge');
      return answer;
    },
    close: async () => {
      await gateway.drain();
      await db.destroy();
    },
  };
}
