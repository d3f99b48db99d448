import { cents } from '@guarita/domain';
import type { CardWebhookEvent } from '../card-gateway';
import { isValidNotificationHmac } from './hmac';
import { brandOf, lastFour } from './refusals';
import type { AdyenNotification, AdyenNotificationRequestItem } from './types';

const KINDS = new Set<CardWebhookEvent['kind']>(['AUTHORISATION', 'CANCELLATION', 'REFUND']);

/**
 * Adyen's standard webhook: `{ live, notificationItems: [{ NotificationRequestItem }] }`, each item signed on its own.
 * One item with a missing or wrong signature (or for another merchant account) makes the whole delivery not
 * authentic: null, nothing applied (Adyen retries the batch). Events we do not reconcile (CAPTURE, CHARGEBACK…) are
 * verified and left out. The route answers `[accepted]` to an authentic delivery, as Adyen requires.
 */
export function parseAdyenWebhook(rawBody: Buffer, hmacKey: string, merchantAccount: string): CardWebhookEvent[] | null {
  let body: AdyenNotification;
  try {
    body = JSON.parse(rawBody.toString('utf8')) as AdyenNotification;
  } catch {
    return null;
  }
  if (!body || !Array.isArray(body.notificationItems)) return null;
  const items: AdyenNotificationRequestItem[] = [];
  for (const wrapper of body.notificationItems) {
    const item = wrapper?.NotificationRequestItem;
    if (!item || typeof item !== 'object') return null;
    if (!isValidNotificationHmac(item, hmacKey)) return null;
    if (item.merchantAccountCode !== merchantAccount) return null;
    items.push(item);
  }
  const events: CardWebhookEvent[] = [];
  for (const item of items) {
    const kind = item.eventCode as CardWebhookEvent['kind'];
    if (!KINDS.has(kind)) continue;
    const success = item.success === 'true';
    // AUTHORISATION: the payment's own pspReference. REFUND/CANCELLATION: pspReference is the modification's,
    // originalReference the payment's.
    const gatewayId = kind === 'AUTHORISATION' ? item.pspReference : (item.originalReference ?? item.pspReference);
    events.push({
      // Adyen has no event id; an item is unique by what it is about and its outcome (a resend repeats all three).
      eventId: `${item.eventCode}:${item.pspReference}:${item.success}`,
      kind,
      gatewayId,
      merchantReference: item.merchantReference,
      success,
      amount: cents(Number(item.amount?.value ?? 0)),
      ...(item.reason ? { reason: item.reason } : {}),
      // The card, when the webhook says it (paymentMethod always; cardSummary if the Customer Area includes it).
      ...(kind === 'AUTHORISATION' ? { brand: brandOf(item.paymentMethod), last4: lastFour(item.additionalData?.cardSummary) } : {}),
    });
  }
  return events;
}
