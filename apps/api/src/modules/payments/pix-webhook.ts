import {
  PAYMENT_MSG,
  fillMessage,
  formatMoney,
  pixAmountToCents,
  pixStatus,
  type Cents,
  type PixNotificationBody,
  type PixWebhookBody,
  type PixWebhookResultDto,
} from '@guarita/domain';
import type { Database, Executor } from '../../db/db';
import { AppError } from '../../lib/errors';
import type { Clock } from '../../ports/clock';
import type { Notifier } from '../../ports/notifier';
import { PixPspUnavailableError, type PixPsp, type PixRefundResult, type PixRefundStatus } from '../../ports/pix-psp';
import type { ContractService } from '../contracts';
import type { CustomersService } from '../customers';
import type { NotificationOutbox } from '../notifications';
import type { ProviderEventRecorder } from './provider-events';
import type { PaymentsRepository, PixRow } from './repository';
import { notifyPaid, type ConfirmResult } from './shared';

/** Where a confirmation came from, for the provider-event history (ADR 078). */
interface EventSource {
  provider: string;
  /** What the provider told us about this Pix (the webhook item, or the charge as GET /cob answered it). */
  payload: unknown;
}

/** A late Pix kept as a credit to refund, to tell the customer about once its transaction committed. */
interface LateCredit {
  id: number;
  pix: PixRow;
  amount: number;
}

/**
 * Pix payments received, each settled exactly once: from the HMAC-signed webhook of the static BR Code setup (the body
 * is trusted once its signature checks) and from an API Pix PSP's notification (`handleNotified`: the body is only a
 * hint; each txid is confirmed by asking the PSP, ADR 076). Each payment is recorded as a provider event (ADR 078) in
 * the transaction that settles it.
 */
export class PixWebhookService {
  constructor(
    private readonly db: Database,
    private readonly repo: PaymentsRepository,
    private readonly contracts: ContractService,
    private readonly customers: CustomersService,
    private readonly clock: Clock,
    private readonly notifier?: Notifier,
    /** Customer notifications (issue 13 §3), written in each confirmation's own transaction. */
    private readonly outbox?: NotificationOutbox,
    /** The provider-event history (ADR 078). */
    private readonly events?: ProviderEventRecorder,
    /** The PSP `handleNotified` asks (null: Pix not configured). */
    private readonly psp?: PixPsp | null,
    /** Moves our refund on when the PSP confirms a devolução's status (the desk's refunds, ADR 078). */
    private readonly onRefundStatus?: (
      tx: Executor,
      s: { refundId: string; status: PixRefundStatus; rtrId: string | null },
    ) => Promise<boolean>,
  ) {}

  /** Signed webhook: each payment of the body is settled in its own transaction, exactly once. */
  async handle(body: PixWebhookBody): Promise<PixWebhookResultDto> {
    // With a PSP that holds the charges (API Pix), a signed body is no more than a hint either: confirm by query.
    if (this.psp?.name === 'api-pix') return this.handleNotified(body);
    const provider = this.psp?.name ?? 'static-brcode';
    const resultados: PixWebhookResultDto['resultados'] = [];
    for (const p of body.pix) {
      const resultado = await this.confirm(p.txid, p.endToEndId, pixAmountToCents(p.valor), { provider, payload: p });
      resultados.push({ txid: p.txid, resultado });
    }
    return { recebido: true, resultados };
  }

  /**
   * An API Pix PSP's notification (POST {webhookUrl}/pix). Never trusted alone: for each txid of ours not yet paid, the
   * charge is read back from the PSP (GET /cob/{txid}) and only the Pix it lists, with its amounts, are settled. Unknown
   * txids are not even asked about. The PSP unreachable → 503, so that the PSP delivers again later.
   */
  async handleNotified(body: PixNotificationBody): Promise<PixWebhookResultDto> {
    const psp = this.psp;
    if (!psp) throw new AppError(503, 'PIX_UNAVAILABLE', PAYMENT_MSG.pixUnavailable);
    const resultados: PixWebhookResultDto['resultados'] = [];
    const txids = [...new Set(body.pix.flatMap((p) => (p.txid ? [p.txid] : [])))];
    for (const txid of txids) {
      const ours = await this.repo.findPix(this.db, txid);
      if (!ours || ours.status === 'paid') {
        resultados.push({ txid, resultado: ours ? 'already_paid' : 'not_found' });
        continue;
      }
      let state;
      try {
        state = await psp.getCharge(txid);
      } catch (err) {
        if (err instanceof PixPspUnavailableError) throw new AppError(503, 'PSP_UNAVAILABLE', PAYMENT_MSG.pixUnavailable);
        throw err;
      }
      if (!state || state.pix.length === 0) {
        resultados.push({ txid, resultado: 'not_confirmed' });
        continue;
      }
      for (const p of state.pix) {
        const payload = { txid, status: state.status, endToEndId: p.endToEndId, valor: p.amount, horario: p.paidAt.toISOString() };
        resultados.push({ txid, resultado: await this.confirm(txid, p.endToEndId, p.amount, { provider: psp.name, payload }) });
      }
    }
    for (const p of body.pix) for (const d of p.devolucoes ?? []) await this.refundNotified(psp, p.endToEndId, d.id);
    return { recebido: true, resultados };
  }

  /** A devolução the PSP says changed: its status read back from the PSP, then our refund moved on (never back). */
  private async refundNotified(psp: PixPsp, endToEndId: string, refundId: string): Promise<void> {
    if (!psp.getRefund || !this.onRefundStatus) return;
    let state;
    try {
      state = await psp.getRefund(endToEndId, refundId);
    } catch (err) {
      if (err instanceof PixPspUnavailableError) throw new AppError(503, 'PSP_UNAVAILABLE', PAYMENT_MSG.pixUnavailable);
      throw err;
    }
    if (state) await this.settleRefund(psp.name, endToEndId, refundId, state);
  }

  /**
   * A devolução's status as its PSP answered it (GET /pix/{e2eid}/devolucao/{id}), from a notification or from the
   * follow-up job's query (ADR 081): recorded as a provider event and our refund moved on, in one transaction, once —
   * whichever comes first wins, the other records nothing new and changes nothing. Answers whether the refund moved.
   */
  async settleRefund(provider: string, endToEndId: string, refundId: string, s: PixRefundResult): Promise<boolean> {
    if (!this.onRefundStatus) return false;
    return this.db.transaction().execute(async (tx) => {
      await this.events?.record(tx, {
        provider,
        eventId: `devolucao:${refundId}:${s.status}`,
        kind: 'devolucao',
        providerReference: endToEndId,
        success: s.status === 'NAO_REALIZADO' ? false : s.status === 'DEVOLVIDO' ? true : null,
        payload: { endToEndId, id: refundId, status: s.status, rtrId: s.rtrId },
      });
      return this.onRefundStatus!(tx, { refundId, status: s.status, rtrId: s.rtrId });
    });
  }

  private async confirm(txid: string, endToEndId: string, amount: Cents | number | null, source: EventSource): Promise<ConfirmResult> {
    let late: LateCredit | null = null;
    const result = await this.db.transaction().execute(async (tx): Promise<ConfirmResult> => {
      const pix = await this.repo.findPix(tx, txid, { forUpdate: true });
      await this.events?.record(tx, {
        provider: source.provider,
        eventId: `pix:${endToEndId}`,
        kind: 'pix',
        providerReference: txid,
        payment: pix ? { method: 'pix', id: pix.id } : null,
        success: true,
        amountCents: amount,
        payload: source.payload,
      });
      if (!pix) return 'not_found';
      const now = this.clock.now();
      const status = pixStatus(pix.status, pix.expiresAt, now);
      if (status === 'paid') return 'already_paid';
      const credit = async (): Promise<ConfirmResult> => {
        await this.repo.finishAdvance(tx, { pixTxid: txid }, 'failed');
        const id = await this.repo.insertLatePayment(tx, {
          pix,
          endToEndId,
          amount: amount!,
          outcome: 'credit',
          settled: [],
          credit: amount!,
        });
        late = { id, pix, amount: amount! };
        return 'late_credit';
      };
      if (status === 'expired') {
        await this.repo.setPixExpired(tx, pix.id);
        if (amount === null || amount <= 0) {
          await this.repo.finishAdvance(tx, { pixTxid: txid }, 'failed');
          return 'expired';
        }
        // Money received after the window is never ignored (issue 7): settle the bills if they are all still open,
        // else keep it as a credit to refund and tell the customer. Staff find every case in pix_late_payments.
        const seen = await this.repo.lateByEndToEnd(tx, endToEndId);
        if (seen) return seen.outcome === 'settled' ? 'already_paid' : 'late_credit';
        if ((await this.billsStillOpen(tx, pix)) && amount === pix.amount) {
          await this.repo.setPixPaid(tx, pix.id, endToEndId, now);
          const settled = await this.contracts.markBillsPaid(tx, pix.docEntries, now);
          await this.repo.finishAdvance(tx, { pixTxid: txid }, 'paid');
          await this.repo.insertLatePayment(tx, { pix, endToEndId, amount, outcome: 'settled', settled, credit: 0 });
          await notifyPaid(this.outbox, tx, pix, 'pix_atrasado', `pix:${txid}:pago`);
          return 'late_paid';
        }
        return credit();
      }
      if (amount !== pix.amount) return 'amount_mismatch';
      if (!(await this.billsStillOpen(tx, pix))) {
        // Paid meanwhile (e.g. by an earlier, late Pix of the same bills): this money is a credit, never a second payment.
        if (await this.repo.lateByEndToEnd(tx, endToEndId)) return 'late_credit';
        await this.repo.setPixExpired(tx, pix.id);
        return credit();
      }
      await this.repo.setPixPaid(tx, pix.id, endToEndId, now);
      await this.contracts.markBillsPaid(tx, pix.docEntries, now);
      await this.repo.finishAdvance(tx, { pixTxid: txid }, 'paid');
      await notifyPaid(this.outbox, tx, pix, 'pix', `pix:${txid}:pago`);
      return 'paid';
    });
    if (late) await this.notifyCredit(late);
    return result;
  }

  private async billsStillOpen(tx: Executor, pix: PixRow): Promise<boolean> {
    const bills = await this.contracts.lockBills(tx, pix.nCtrId, pix.docEntries);
    return bills.length === pix.docEntries.length && bills.every((b) => b.idStatus !== 'P');
  }

  /** Tells the customer a late Pix became a credit to refund; a failed delivery is left for staff (customer_notified_at null). */
  private async notifyCredit(late: LateCredit): Promise<void> {
    if (!this.notifier) return;
    try {
      const to = await this.customers.loginContact(late.pix.customerId);
      const channel = to?.email ? 'email' : to?.sms_phone ? 'sms' : null;
      if (!channel) return;
      await this.notifier.send({
        channel,
        to: channel === 'email' ? to!.email! : to!.sms_phone!,
        subject: 'Pix recebido após o vencimento',
        body: fillMessage(PAYMENT_MSG.latePixCredit, { valor: formatMoney(late.amount), contrato: String(late.pix.nCtrId) }),
      });
      await this.repo.markLateNotified(this.db, late.id);
    } catch {
      /* staff see customer_notified_at IS NULL */
    }
  }
}
