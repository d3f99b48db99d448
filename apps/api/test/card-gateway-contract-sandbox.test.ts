import { CompactEncrypt, importJWK } from 'jose';
import { SANDBOX_CARDS, JWE_ALG, JWE_ENC, type SandboxCardGateway } from '../src/ports/card-sandbox';
import { cardGatewayContract, type ContractCard, type WebhookDelivery } from './card-gateway-contract';
import { createTestApp } from './helpers';

/**
 * The CardGateway contract on the built-in sandbox (its vault and ledger in the test's database). The browser side
 * is done here as the sandbox's card form does it: one compact JWE per field, to the public key of clientConfig().
 */
cardGatewayContract('sandbox (built in, database-backed)', async () => {
  const t = await createTestApp();
  const gateway = t.app.cardGateway as SandboxCardGateway;
  const deliveries: WebhookDelivery[] = [];
  gateway.setDelivery(async (rawBody, headers) => {
    deliveries.push({ rawBody, headers });
  });
  const config = gateway.clientConfig();
  if (config.provider !== 'sandbox') throw new Error('the test app should use the sandbox');
  const key = await importJWK(config.publicKeyJwk, JWE_ALG);
  const encrypt = (text: string) =>
    new CompactEncrypt(new TextEncoder().encode(text)).setProtectedHeader({ alg: JWE_ALG, enc: JWE_ENC, kid: config.keyId }).encrypt(key);
  const encryptCard = async (number: string) => ({
    encryptedCardNumber: await encrypt(number),
    encryptedExpiryMonth: await encrypt('03'),
    encryptedExpiryYear: await encrypt('2030'),
    encryptedSecurityCode: await encrypt(number.length === 15 ? '1234' : '123'),
    holderName: 'Maria Silva',
  });
  const numbers: Record<ContractCard, string> = {
    visa: SANDBOX_CARDS.approveVisa,
    mastercard: SANDBOX_CARDS.approveMastercard,
    decline: SANDBOX_CARDS.decline,
    insufficient: SANDBOX_CARDS.insufficientFunds,
    challenge: SANDBOX_CARDS.challenge3ds,
  };
  return {
    gateway,
    provider: 'sandbox',
    card: (kind) => encryptCard(numbers[kind]),
    unavailable: () => encryptCard(SANDBOX_CARDS.gatewayError),
    lostAnswer: (outcome) => encryptCard(outcome === 'approved' ? SANDBOX_CARDS.approveAnswerLost : SANDBOX_CARDS.declineAnswerLost),
    completeChallenge: async (action, passed) => {
      // What the sandbox's challenge page does when the shopper confirms (or refuses).
      const token = new URL(String(action.data.challengeUrl), 'http://sandbox.invalid').pathname.split('/').at(-1)!; // absolute or relative
      const answer = await gateway.answerChallenge(token, passed ? 'Y' : 'N');
      if (!answer) throw new Error('no open challenge');
      return answer;
    },
    deliveries: async () => {
      await gateway.drain();
      return [...deliveries];
    },
    close: () => t.close(),
  };
});
