import type { Env } from '../../env-schema';
import { AdyenCardGateway } from './adyen-card-gateway';

/**
 * The Adyen gateway from the ADYEN_* variables (CARD_GATEWAY=adyen). The environment follows the client key
 * (`live_…` → live, which needs ADYEN_LIVE_URL_PREFIX; else test). Throws, so start-up fails, when a key is missing.
 */
export function adyenGatewayFromEnv(e: Env): AdyenCardGateway {
  if (!e.ADYEN_API_KEY || !e.ADYEN_MERCHANT_ACCOUNT || !e.ADYEN_CLIENT_KEY || !e.ADYEN_HMAC_KEY)
    throw new Error('CARD_GATEWAY=adyen requires ADYEN_API_KEY, ADYEN_MERCHANT_ACCOUNT, ADYEN_CLIENT_KEY and ADYEN_HMAC_KEY');
  if (!/^[0-9a-fA-F]{64}$/.test(e.ADYEN_HMAC_KEY))
    throw new Error("ADYEN_HMAC_KEY must be the webhook's HMAC key as the Customer Area shows it (64 hex characters)");
  return new AdyenCardGateway({
    apiKey: e.ADYEN_API_KEY,
    merchantAccount: e.ADYEN_MERCHANT_ACCOUNT,
    clientKey: e.ADYEN_CLIENT_KEY,
    hmacKey: e.ADYEN_HMAC_KEY,
    environment: e.ADYEN_CLIENT_KEY.startsWith('live_') ? 'live' : 'test',
    ...(e.ADYEN_LIVE_URL_PREFIX ? { liveUrlPrefix: e.ADYEN_LIVE_URL_PREFIX } : {}),
    ...(e.ADYEN_CHECKOUT_URL ? { checkoutUrl: e.ADYEN_CHECKOUT_URL } : {}),
    timeoutMs: e.ADYEN_TIMEOUT_MS,
    retries: 1,
  });
}
