import { createHmac } from 'node:crypto';
import type { Cents } from '@guarita/domain';
import { z } from 'zod';
import type { CardWebhookEvent, ChargeResult } from '../card-gateway';
import { safeEqual } from '../../lib/crypto';

/** Header of the sandbox's webhook deliveries: base64 HMAC-SHA256 of the raw body with the sandbox's HMAC key. */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-hmac-signature';

/** How the sandbox hands a notification to the merchant (composition: an in-process POST to the webhook route). */
export type WebhookDelivery = (rawBody: Buffer, headers: Record<string, string>) => Promise<void>;

const WebhookBody = z.object({
  notificationItems: z
    .array(
      z.object({
        eventId: z.string().min(1).max(200),
        kind: z.enum(['AUTHORISATION', 'CANCELLATION', 'REFUND']),
        gatewayId: z.string().min(1).max(200),
        merchantReference: z.string().min(1).max(200),
        success: z.boolean(),
        amount: z.number().int().nonnegative(),
        reason: z.string().max(500).optional(),
        brand: z.enum(['mc', 'visa', 'amex']).nullable().optional(),
        last4: z
          .string()
          .regex(/^\d{4}$/)
          .nullable()
          .optional(),
      }),
    )
    .max(100),
});

/** The sandbox's notifications: `{ notificationItems: CardWebhookEvent[] }`, HMAC-signed, delivered after the answer. */
export class SandboxNotifications {
  private deliver: WebhookDelivery | null = null;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly hmacKey: () => Buffer) {}

  setDelivery(deliver: WebhookDelivery | null): void {
    this.deliver = deliver;
  }

  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** The signed body and headers of a delivery (tests replay or forge them). */
  signed(events: CardWebhookEvent[]): { raw: Buffer; headers: Record<string, string> } {
    const raw = Buffer.from(JSON.stringify({ notificationItems: events }));
    return { raw, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: this.sign(raw) } };
  }

  parse(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): CardWebhookEvent[] | null {
    const sig = headers[SANDBOX_SIGNATURE_HEADER];
    if (typeof sig !== 'string' || !safeEqual(sig, this.sign(rawBody))) return null;
    let parsed;
    try {
      parsed = WebhookBody.safeParse(JSON.parse(rawBody.toString('utf8')));
    } catch {
      return null;
    }
    if (!parsed.success) return null;
    return parsed.data.notificationItems.map(({ reason, amount, brand, last4, ...e }) => ({
      ...e,
      amount: amount as Cents,
      ...(reason === undefined ? {} : { reason }),
      ...(brand === undefined ? {} : { brand }),
      ...(last4 === undefined ? {} : { last4 }),
    }));
  }

  /** Signs and delivers notifications now and awaits the merchant's answer (the hosted page's payment). */
  async deliverNow(events: CardWebhookEvent[]): Promise<void> {
    if (!this.deliver) return;
    const { raw, headers } = this.signed(events);
    await this.deliver(raw, headers);
  }

  /** Delivers a notification after the API answer, as a PSP does (tracked: `drain` awaits it). */
  notify(event: CardWebhookEvent): void {
    if (!this.deliver) return;
    const p: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.deliverNow([event]))
      .catch(() => {}) // a merchant that did not answer 2xx: a real PSP retries; the sandbox gives up
      .finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }

  private sign(raw: Buffer): string {
    return createHmac('sha256', this.hmacKey()).update(raw).digest('base64');
  }
}

export function authorisation(result: ChargeResult, merchantReference: string, amount: number): CardWebhookEvent {
  return {
    eventId: `${result.gatewayId}:AUTHORISATION`,
    kind: 'AUTHORISATION',
    gatewayId: result.gatewayId,
    merchantReference,
    success: result.status === 'approved',
    amount: amount as Cents,
    ...(result.status === 'declined' ? { reason: result.message } : {}),
    // The card charged, as a provider's notification may say it (Adyen: paymentMethod, cardSummary).
    ...(result.status === 'approved' ? { brand: result.brand, last4: result.last4 } : {}),
  };
}
