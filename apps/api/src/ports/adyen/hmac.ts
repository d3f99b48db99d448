import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AdyenNotificationRequestItem } from './types';

/**
 * HMAC of an Adyen standard webhook item (docs.adyen.com "Verify HMAC signatures"): HMAC-SHA256, keyed with the
 * hex-decoded key of the Customer Area, over the item's values joined by ':' in this order —
 * pspReference:originalReference:merchantAccountCode:merchantReference:value:currency:eventCode:success
 * (an absent value is the empty string) — and sent base64 in `additionalData.hmacSignature`.
 * Written here (20 lines of node:crypto) rather than taken from @adyen/api-library: see ADR 075.
 */
export function notificationSigningString(item: AdyenNotificationRequestItem): string {
  return [
    item.pspReference ?? '',
    item.originalReference ?? '',
    item.merchantAccountCode ?? '',
    item.merchantReference ?? '',
    item.amount?.value ?? '',
    item.amount?.currency ?? '',
    item.eventCode ?? '',
    item.success ?? '',
  ].join(':');
}

export function notificationHmac(item: AdyenNotificationRequestItem, hexKey: string): string {
  return createHmac('sha256', Buffer.from(hexKey, 'hex')).update(notificationSigningString(item), 'utf8').digest('base64');
}

/** Constant-time check of the item's `additionalData.hmacSignature`. */
export function isValidNotificationHmac(item: AdyenNotificationRequestItem, hexKey: string): boolean {
  const given = item.additionalData?.hmacSignature;
  if (typeof given !== 'string' || given.length === 0) return false;
  const expected = Buffer.from(notificationHmac(item, hexKey), 'base64');
  const actual = Buffer.from(given, 'base64');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
