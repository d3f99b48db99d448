/**
 * The Adyen branch of the card form (CARD_GATEWAY=adyen): loaded only when the client config says provider 'adyen'.
 * Import these loaders, never the components, so Adyen's component stays out of every other bundle.
 */
export const loadAdyenCardForm = () => import('./AdyenCardForm');
export const loadAdyenAction = () => import('./AdyenAction');
export type { AdyenClientConfig, AdyenEncryptedCard } from './adyen-web';
