import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../db/db';
import type { RefundRequest, RefundResult } from '../card-gateway';
import type { SandboxNotifications } from './notifications';

/**
 * A refund of an approved sandbox payment: at most what was paid, in total; a retry with the same idempotency key
 * answers the first outcome. Done at once ('refunded'), and notified (REFUND, merchantReference = the key), the
 * notification recorded with the refund and delivered until accepted (ADR 081).
 */
export async function refundPayment(db: Database, notifications: SandboxNotifications, req: RefundRequest): Promise<RefundResult> {
  const done = await db.transaction().execute(async (tx) => {
    const again = await tx
      .selectFrom('card_sandbox_refunds')
      .selectAll()
      .where('idempotency_key', '=', req.idempotencyKey)
      .executeTakeFirst();
    if (again) return { result: { status: again.status, refundId: again.refund_id } as RefundResult, webhook: null };
    const pay = await tx
      .selectFrom('card_sandbox_payments')
      .select(['status', 'amount_cents', 'refunded_cents', 'idempotency_key'])
      .where('gateway_id', '=', req.gatewayId)
      .forUpdate()
      .executeTakeFirst();
    const ok = !!pay && pay.status === 'approved' && req.amount > 0 && pay.refunded_cents + req.amount <= pay.amount_cents;
    const refundId = `sbx_rf_${randomBytes(9).toString('hex')}`;
    if (pay) {
      await tx
        .insertInto('card_sandbox_refunds')
        .values({
          refund_id: refundId,
          gateway_id: req.gatewayId,
          idempotency_key: req.idempotencyKey,
          amount_cents: Math.max(1, req.amount),
          status: ok ? 'refunded' : 'failed',
        })
        .execute();
    }
    if (ok) {
      await tx
        .updateTable('card_sandbox_payments')
        .set({ refunded_cents: sql`refunded_cents + ${req.amount}` })
        .where('gateway_id', '=', req.gatewayId)
        .execute();
    }
    const result = { status: ok ? 'refunded' : 'failed', refundId } as RefundResult;
    const webhook = await notifications.record(tx, [
      {
        eventId: `${refundId}:REFUND`,
        kind: 'REFUND',
        gatewayId: req.gatewayId,
        // A refund's merchantReference is the merchant's key of the refund (Adyen: the refund request's reference).
        merchantReference: req.idempotencyKey,
        success: ok,
        amount: req.amount,
      },
    ]);
    return { result, webhook };
  });
  if (done.webhook !== null) notifications.notify(done.webhook);
  return done.result;
}
