import { createHmac } from 'node:crypto';
import type { Cents } from '@guarita/domain';
import { z } from 'zod';
import type { CardWebhookEvent, ChargeResult } from '../card-gateway';
import { safeEqual } from '../../lib/crypto';
import type { Executor } from '../../db/db';
import type { SandboxWebhooks } from '../sandbox-webhooks';

const body = (events: CardWebhookEvent[]) => JSON.stringify({ notificationItems: events });

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

/**
 * The sandbox's notifications: `{ notificationItems: CardWebhookEvent[] }`, HMAC-signed, recorded with the change they
 * tell of and delivered until the merchant accepts them (ADR 081: `SandboxWebhooks`, retried by the payments follow-up
 * job), as a PSP does.
 */
export class SandboxNotifications {
  private deliver: WebhookDelivery | null = null;

  constructor(
    private readonly hmacKey: () => Buffer,
    /** The durable outbox the notifications go through. */
    readonly webhooks: SandboxWebhooks,
  ) {}

  setDelivery(deliver: WebhookDelivery | null): void {
    this.deliver = deliver;
    this.webhooks.setSender(
      deliver
        ? async (body) => {
            const raw = Buffer.from(body);
            await deliver(raw, this.headers(raw));
          }
        : null,
    );
  }

  async drain(): Promise<void> {
    await this.webhooks.drain();
  }

  /** The signed body and headers of a delivery (tests replay or forge them). */
  signed(events: CardWebhookEvent[]): { raw: Buffer; headers: Record<string, string> } {
    const raw = Buffer.from(body(events));
    return { raw, headers: this.headers(raw) };
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

  /** Records notifications in the sandbox's transaction (delivered after it commits: `notify` / `deliverNow`). */
  async record(q: Executor, events: CardWebhookEvent[]): Promise<number> {
    return this.webhooks.record(q, body(events));
  }

  /** Delivers a recorded notification now and awaits the merchant's answer (the hosted page's payment); false: refused, retried later. */
  async deliverNow(id: number): Promise<boolean> {
    return this.deliver ? this.webhooks.sendNow(id) : false;
  }

  /** Delivers a recorded notification after the API answer, as a PSP does (tracked: `drain` awaits it); retried until accepted. */
  notify(id: number): void {
    if (this.deliver) this.webhooks.sendSoon(id);
  }

  private headers(raw: Buffer): Record<string, string> {
    return { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: this.sign(raw) };
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
