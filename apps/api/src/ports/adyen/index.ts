export { AdyenCardGateway, adyenCheckoutUrl, ADYEN_CHECKOUT_VERSION, type AdyenConfig } from './adyen-card-gateway';
export { notificationHmac, notificationSigningString, isValidNotificationHmac } from './hmac';
export { adyenIdempotencyKey, adyenReference, shopperStatement, AdyenHttp, AdyenRequestError } from './http';
export type * from './types';
export { adyenGatewayFromEnv } from './from-env';
export { adyenCspSources, type CspSources } from './csp';
