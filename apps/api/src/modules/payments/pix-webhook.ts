import {
  PAYMENT_MSG,
  fillMessage,
  formatMoney,
  pixAmountToCents,
  pixStatus,
  type PixWebhookBody,
  type PixWebhookResultDto,
} from '@guarita/domain';
import type { Database, Executor } from '../../db/db';
import type { Clock } from '../../ports/clock';
import type { Notifier } from '../../ports/notifier';
import type { ContractService } from '../contracts';
import type { CustomersService } from '../customers';
import type { NotificationOutbox } from '../notifications';
import type { PaymentsRepository, PixRow } from './repository';
import { notifyPaid, type ConfirmResult } from './shared';

/** A late Pix kept as a credit to refund, to tell the customer about once its transaction committed. */
interface LateCredit {
  id: number;
  pix: PixRow;
  amount: number;
}

/** The PSP's webhook (already authenticated): Pix payments received, each settled exactly once. */
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
  ) {}

  /** Each payment of the body is settled in its own transaction, exactly once. */
  async handle(body: PixWebhookBody): Promise<PixWebhookResultDto> {
    const resultados: PixWebhookResultDto['resultados'] = [];
    for (const p of body.pix) {
      resultados.push({ txid: p.txid, resultado: await this.confirm(p.txid, p.endToEndId, pixAmountToCents(p.valor)) });
    }
    return { recebido: true, resultados };
  }

  private async confirm(txid: string, endToEndId: string, amount: number | null): Promise<ConfirmResult> {
    let late: LateCredit | null = null;
    const result = await this.db.transaction().execute(async (tx): Promise<ConfirmResult> => {
      const pix = await this.repo.findPix(tx, txid, { forUpdate: true });
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
