import { createHash, randomBytes } from 'node:crypto';
import {
  DESK_PAYMENT_MSG,
  formatMoney,
  refundableCents,
  refundRoute,
  type DeskPaymentMethod,
  type RefundingProvider,
  type RefundRequestBody,
  type RefundRowStatus,
} from '@guarita/domain';
import type { Database, Executor } from '../../db/db';
import { AppError } from '../../lib/errors';
import type { CardGateway } from '../../ports/card-gateway';
import type { Clock } from '../../ports/clock';
import type { PixRecurrencePsp } from '../../ports/pix-automatico';
import { PixPspRejectedError, type PixPsp, type PixRefundRequest, type PixRefundStatus } from '../../ports/pix-psp';
import type { ProviderEventRecorder } from './provider-events';
import type { DeskPaymentRow, PaymentFilter, RefundRow, RefundsRepository, RefundTotals } from './refunds-repository';

/** Who asks for a refund (the audit row has the rest). */
export interface RefundActor {
  id: number | null;
  email: string;
}

/** Writes the staff audit row of a refund step in that step's transaction (the backoffice passes its AuditLog). */
export type RefundAudit = (tx: Executor, e: { action: string; customerId: number; before: unknown; after: unknown }) => Promise<void>;

/** What the provider answered: our status for the refund row, its id there, why it failed. */
interface ProviderOutcome {
  status: Exclude<RefundRowStatus, 'requested'>;
  providerRefundId: string | null;
  failure: string | null;
  raw: unknown;
}

const ZERO: RefundTotals = { refunded: 0, open: 0 };
const key = (p: { method: string; id: string }) => `${p.method}:${p.id}`;
const PIX_STATUS: Record<PixRefundStatus, ProviderOutcome['status']> = {
  EM_PROCESSAMENTO: 'pending',
  DEVOLVIDO: 'refunded',
  NAO_REALIZADO: 'failed',
};
const CARD_STATUS = { received: 'pending', refunded: 'refunded', failed: 'failed' } as const;

/**
 * Refunds from the financeiro desk through the payment's provider (issue 27 item 7, ADR 078): card charges and payment
 * links through `CardGateway.refund`, Pix charges and late Pix credits through `PixPsp.refund` (devolução), Pix
 * Automático charges through `PixRecurrencePsp.refund` (the same devolução at the recurrence's PSP). Three steps,
 * each committed on its own:
 * 1. reserve: lock the payment, refuse more than paid − refunded − in progress, insert the refund 'requested', audit;
 * 2. call the provider with our refund id (its idempotency key: a retry never refunds twice);
 * 3. record the answer: 'refunded' only when the provider confirms (now, or later by webhook), 'pending' while it
 *    processes, 'failed' when it refused (counts for nothing); audit. An unknown outcome (provider unreachable)
 *    leaves the reservation 'requested' and answers 503: the same request again resumes it.
 */
export class PaymentRefunds {
  constructor(
    private readonly db: Database,
    private readonly repo: RefundsRepository,
    private readonly card: CardGateway,
    private readonly pix: PixPsp | null,
    private readonly events: ProviderEventRecorder,
    private readonly clock: Clock,
    private readonly recurrence: PixRecurrencePsp | null = null,
  ) {}

  /** The provider configured now for a kind of payment (the one that can refund it), or null. */
  private configured(method: DeskPaymentMethod): RefundingProvider | null {
    if (method === 'card' || method === 'link') return { name: this.card.name, canRefund: true };
    if (method === 'pix_automatico') return this.recurrence ? { name: this.recurrence.name, canRefund: true } : null;
    return this.pix ? { name: this.pix.name, canRefund: this.pix.canRefund !== false } : null;
  }

  /** Who can refund a payment taken by `provider`: the configured provider, another's panel, or by hand (domain rule). */
  routeOf(method: DeskPaymentMethod, provider: string) {
    return refundRoute(provider, this.configured(method));
  }

  /** A late credit with a refund through its provider in progress or done (it is not marked refunded by hand). */
  hasProviderRefund(q: Executor, lateId: number): Promise<boolean> {
    return this.repo.hasProviderRefund(q, lateId);
  }

  async list(f: PaymentFilter) {
    const rows = await this.repo.payments(this.db, f);
    return { rows, totals: await this.repo.totals(this.db, rows) };
  }

  async detail(method: DeskPaymentMethod, id: string) {
    const payment = await this.repo.payment(this.db, method, id);
    if (!payment) throw new AppError(404, 'NOT_FOUND', DESK_PAYMENT_MSG.notFound);
    const refs = [payment.reference, payment.txid].filter((r): r is string => !!r);
    const [totals, events, refunds] = await Promise.all([
      this.repo.totals(this.db, [payment]),
      this.repo.events(this.db, method, id, refs),
      this.repo.refunds(this.db, method, id),
    ]);
    return { payment, totals: totals.get(key(payment)) ?? ZERO, events, refunds };
  }

  /** Asks the provider to refund `valor` of the payment; answers the refund as it stands and whether it is new. */
  async refund(by: RefundActor, method: DeskPaymentMethod, id: string, idemKey: string, body: RefundRequestBody, audit: RefundAudit) {
    const hash = createHash('sha256')
      .update(JSON.stringify([body.valor, body.motivo]))
      .digest('hex');
    const reserved = await this.db.transaction().execute(async (tx) => {
      const payment = await this.repo.payment(tx, method, id, true);
      if (!payment) throw new AppError(404, 'NOT_FOUND', DESK_PAYMENT_MSG.notFound);
      const same = await this.repo.refundByKey(tx, method, id, idemKey);
      if (same) {
        if (same.request_hash !== hash) throw new AppError(409, 'IDEMPOTENCY_CONFLICT', DESK_PAYMENT_MSG.idempotencyConflict);
        return { row: same, payment, fresh: false };
      }
      if (!payment.reference) throw new AppError(409, 'NO_PROVIDER_REFERENCE', DESK_PAYMENT_MSG.noProviderReference);
      // Only the provider that took the payment can give it back (a payment of the sandbox before a switch to Adyen),
      // and only if it can return money at all (a static Pix key outside demo mode cannot).
      const route = this.routeOf(method, payment.provider);
      if (route === 'outro_provedor') {
        throw new AppError(409, 'OTHER_PROVIDER', DESK_PAYMENT_MSG.otherProvider.replace('{provedor}', payment.provider));
      }
      if (route === 'manual') {
        throw new AppError(409, 'NO_PROVIDER_REFUND', DESK_PAYMENT_MSG.noProviderRefund.replace('{provedor}', payment.provider));
      }
      const t = (await this.repo.totals(tx, [payment])).get(key(payment)) ?? ZERO;
      const left = refundableCents(payment.amount_cents, t.refunded, t.open);
      if (left === 0) throw new AppError(409, 'NOTHING_TO_REFUND', DESK_PAYMENT_MSG.nothingLeft);
      if (body.valor > left) {
        throw new AppError(409, 'OVER_REFUND', DESK_PAYMENT_MSG.overRefund.replace('{restante}', formatMoney(left))).withDetails({
          restante: left,
        });
      }
      const row = await this.repo.insertRefund(tx, {
        method,
        payment,
        refundId: `E${randomBytes(16).toString('hex')}`,
        amount: body.valor,
        reason: body.motivo.trim(),
        idemKey,
        requestHash: hash,
        by,
        at: this.clock.now(),
      });
      await audit(tx, {
        action: 'financeiro.estorno.pedido',
        customerId: payment.customer_id,
        before: { pagamento: key(payment), valor: payment.amount_cents, estornado: t.refunded, emAndamento: t.open },
        after: { pagamento: key(payment), estorno: row.id, valor: row.amount_cents, motivo: row.reason, status: row.status },
      });
      return { row, payment, fresh: true };
    });
    if (reserved.row.status !== 'requested') return this.answer(reserved.row, reserved.fresh);

    const outcome = await this.callOnce(method, reserved.row);
    const row = await this.db.transaction().execute(async (tx) => {
      // The payment's row first, then the refund's: the order step 1 locks them in (no deadlock with a double click).
      await this.repo.lockPayment(tx, method, id);
      const current = (await this.repo.refundById(tx, reserved.row.id))!;
      // A confirmation webhook may have come first: an outcome never goes back to an earlier state.
      const next = current.status === 'refunded' || current.status === 'failed' ? null : outcome.status;
      const updated =
        next && next !== current.status
          ? await this.repo.setStatus(tx, current.id, {
              status: next,
              providerRefundId: outcome.providerRefundId,
              failure: outcome.failure,
              at: this.clock.now(),
            })
          : current;
      if (updated !== current) await this.onConfirmed(tx, updated);
      // The provider's answer, recorded once per refund and outcome: a second request that shares the same answer (a
      // double click) finds it recorded and adds no audit row.
      const firstAnswer = await this.events.record(tx, {
        provider: current.provider,
        eventId: `refund:${current.refund_id}:${outcome.status}`,
        kind: 'estorno.resposta',
        providerReference: current.provider_reference,
        payment: { method, id },
        success: outcome.status !== 'failed',
        amountCents: current.amount_cents,
        payload: outcome.raw,
      });
      if (!firstAnswer) return updated;
      await audit(tx, {
        action: 'financeiro.estorno',
        customerId: current.customer_id,
        before: { estorno: current.id, status: current.status },
        after: { estorno: updated.id, status: updated.status, idProvedor: updated.provider_refund_id, falha: updated.failure_reason },
      });
      return updated;
    });
    return this.answer(row, reserved.fresh);
  }

  private answer(row: RefundRow, fresh: boolean) {
    if (row.status === 'failed') throw new AppError(422, 'REFUND_REFUSED', DESK_PAYMENT_MSG.providerRefused);
    return { row, fresh };
  }

  /** A refund that became 'refunded' may close a late Pix credit (pix_late_payments, as its list shows it). */
  private async onConfirmed(tx: Executor, row: RefundRow): Promise<void> {
    if (row.status === 'refunded' && row.payment_method === 'pix_credito') await this.repo.closeLateCredit(tx, row, this.clock.now());
  }

  /** Provider calls in flight in this process, by refund row: a double click waits for the same call. */
  private readonly calling = new Map<number, Promise<ProviderOutcome>>();

  /**
   * One provider call per refund at a time in this process: a second request for the same refund (a double click)
   * shares the call in flight instead of sending the same idempotency key concurrently (a provider may refuse a key
   * still being processed). Across instances the provider's idempotency still refunds once.
   */
  private callOnce(method: DeskPaymentMethod, row: RefundRow): Promise<ProviderOutcome> {
    let call = this.calling.get(row.id);
    if (!call) {
      call = this.callProvider(method, row).finally(() => this.calling.delete(row.id));
      this.calling.set(row.id, call);
    }
    return call;
  }

  /** The provider's answer; throws 503 when the outcome is unknown (the reservation stays 'requested'). */
  private async callProvider(method: DeskPaymentMethod, row: RefundRow): Promise<ProviderOutcome> {
    const unavailable = (cause: unknown) => new AppError(503, 'PROVIDER_UNAVAILABLE', DESK_PAYMENT_MSG.providerUnavailable, {}, cause);
    try {
      if (method === 'card' || method === 'link') {
        const r = await this.card.refund({
          gatewayId: row.provider_reference,
          amount: row.amount_cents as never,
          idempotencyKey: row.refund_id,
        });
        return { status: CARD_STATUS[r.status], providerRefundId: r.refundId, failure: r.status === 'failed' ? 'recusado' : null, raw: r };
      }
      const psp = method === 'pix_automatico' ? this.recurrence : this.pix;
      if (!psp) throw unavailable(null);
      const req: PixRefundRequest = { endToEndId: row.provider_reference, refundId: row.refund_id, amount: row.amount_cents as never };
      const r = await psp.refund(req);
      return { status: PIX_STATUS[r.status], providerRefundId: r.rtrId, failure: r.status === 'NAO_REALIZADO' ? r.status : null, raw: r };
    } catch (e) {
      if (e instanceof AppError) throw e;
      if (e instanceof PixPspRejectedError) {
        return { status: 'failed', providerRefundId: null, failure: `${e.status} ${e.message}`.slice(0, 200), raw: { status: e.status } };
      }
      throw unavailable(e);
    }
  }

  /** A Pix devolução's status from the PSP (its webhook or a query): moves our refund on; never back. */
  async onPixRefundStatus(tx: Executor, s: { refundId: string; status: PixRefundStatus; rtrId?: string | null; motivo?: string }) {
    // The payment's row before the refund's (the desk's order: a late credit's row is updated when it is confirmed).
    const known = await this.repo.refundByRefundId(tx, s.refundId, false);
    if (!known || known.status === 'refunded' || known.status === 'failed') return false;
    await this.repo.lockPayment(tx, known.payment_method, known.payment_id);
    const row = await this.repo.refundByRefundId(tx, s.refundId);
    if (!row || row.status === 'refunded' || row.status === 'failed') return false;
    const status = PIX_STATUS[s.status];
    if (status === row.status) return false;
    const updated = await this.repo.setStatus(tx, row.id, {
      status,
      providerRefundId: s.rtrId ?? null,
      failure: status === 'failed' ? (s.motivo ?? s.status).slice(0, 200) : null,
      at: this.clock.now(),
    });
    await this.onConfirmed(tx, updated);
    return true;
  }
}

export type { DeskPaymentRow, RefundRow, RefundTotals };
