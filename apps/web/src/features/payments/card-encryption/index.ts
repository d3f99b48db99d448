import type { PlainCardFields } from '@guarita/domain';
import type { ApiBody } from '../../../lib/api';
import type { CardClientConfig } from '../api/card-client-config';

/** The card as it leaves the browser: the provider's encrypted fields and the holder name (issue 27). */
export type EncryptedCard = ApiBody<'/api/payments/contracts/{nCtrId}/card', 'put'>['dadosDoCartao'];

/**
 * The browser-side card encryption of the configured provider, chosen by `clientConfig.provider` — the one seam
 * between the card form and a provider:
 * - 'sandbox': each field a compact JWE to the sandbox's public key (./sandbox, `jose`);
 * - 'adyen': Adyen's card component encrypts inside its own iframes (components/adyen/AdyenCardForm): the card form
 *   hands over to it and never calls this.
 * The plain fields exist only in this call; nothing of them is kept, logged or sent.
 */
export async function encryptCard(config: CardClientConfig, fields: PlainCardFields): Promise<EncryptedCard> {
  switch (config.provider) {
    case 'sandbox':
      return (await import('./sandbox')).encryptForSandbox(config, fields);
    case 'adyen':
      throw new Error('Adyen encrypts the card in its own component (AdyenCardForm)');
  }
}

export { SandboxChallenge } from './SandboxChallenge';
