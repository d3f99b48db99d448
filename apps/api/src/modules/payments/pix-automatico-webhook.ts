import { canTransition, chargeStatusFromCobr, type PixAutomaticoWebhookResultDto } from '@guarita/domain';
import type { Database, Executor } from '../../db/db';
import type { Clock } from '../../ports/clock';
import type { PixRecurrencePsp, RecurrenceAtPsp, RecurrenceNotice, RecurringChargeAtPsp } from '../../ports/pix-automatico';
import type { ContractService } from '../contracts';
import type { NotificationOutbox } from '../notifications';
import type { PixAutomaticoRepository } from './pix-automatico-repository';
import { notifyPaid } from './shared';

type RecResult = PixAutomaticoWebhookResultDto['recs'][number]['resultado'];
type CobrResult = PixAutomaticoWebhookResultDto['cobsr'][number]['resultado'];

/** What the handler tells the finance desk's history (DESK's recorder, ADR 078), in the same transaction as its effect. */
export type RecordProviderEvent = (
  q: Executor,
  e: {
    provider: string;
    eventId: string;
    kind: string;
    providerReference?: string | null;
    payment?: { method: 'pix_automatico'; id: string | number } | null;
    success?: boolean | null;
    amountCents?: number | null;
    payload: unknown;
  },
) => Promise<boolean>;

/**
 * The PSP's Pix Automático webhook (already authenticated), and the sandbox's in-process notices: each notice names a
 * recurrence or a recurring charge; the handler asks the PSP for it (never trusts a status in the body), moves ours on
 * only along the allowed transitions, and marks the bill paid once, when the charge is CONCLUIDA. Repeats change nothing.
 */
export class PixAutomaticoWebhookService {
  constructor(
    private readonly db: Database,
    private readonly repo: PixAutomaticoRepository,
    private readonly contracts: ContractService,
    private readonly psp: PixRecurrencePsp | null,
    private readonly clock: Clock,
    private readonly outbox?: NotificationOutbox,
    /** Runs after a recurrence became APROVADA (the scan for its contract's new bills). */
    private readonly onApproved?: (nCtrId: number) => Promise<unknown>,
    private readonly recordEvent?: RecordProviderEvent,
  ) {}

  async handle(notices: readonly RecurrenceNotice[]): Promise<PixAutomaticoWebhookResultDto> {
    const result: PixAutomaticoWebhookResultDto = { recebido: true, recs: [], cobsr: [] };
    if (!this.psp) return result;
    for (const n of notices) {
      if (n.kind === 'rec') result.recs.push({ idRec: n.idRec, resultado: await this.recurrence(this.psp, n.idRec) });
      else result.cobsr.push({ txid: n.txid, resultado: await this.charge(this.psp, n.txid) });
    }
    return result;
  }

  private async recurrence(psp: PixRecurrencePsp, idRec: string): Promise<RecResult> {
    if (!(await this.repo.byIdRec(this.db, idRec))) return 'not_found';
    const at: RecurrenceAtPsp = await psp.getRecurrence(idRec);
    let approvedContract: number | null = null;
    const outcome = await this.db.transaction().execute(async (tx): Promise<RecResult> => {
      const row = await this.repo.byIdRec(tx, idRec, { forUpdate: true });
      if (!row) return 'not_found';
      if (row.status === at.status || !canTransition(row.status, at.status)) return 'unchanged';
      await this.repo.setStatus(tx, row.id, at.status, this.clock.now(), { copyPaste: at.copyPaste, approvalUrl: at.approvalUrl });
      await this.recordEvent?.(tx, {
        provider: psp.name,
        eventId: `rec:${idRec}:${at.status}`,
        kind: 'rec',
        providerReference: idRec,
        payment: { method: 'pix_automatico', id: idRec },
        success: at.status === 'APROVADA',
        payload: { idRec, status: at.status },
      });
      if (at.status === 'APROVADA') approvedContract = row.nCtrId;
      return 'updated';
    });
    if (approvedContract !== null) await this.onApproved?.(approvedContract);
    return outcome;
  }

  private async charge(psp: PixRecurrencePsp, txid: string): Promise<CobrResult> {
    if (!(await this.repo.charge(this.db, txid))) return 'not_found';
    const at: RecurringChargeAtPsp = await psp.getRecurringCharge(txid);
    const to = chargeStatusFromCobr(at.status);
    return this.db.transaction().execute(async (tx): Promise<CobrResult> => {
      const charge = await this.repo.charge(tx, txid, { forUpdate: true });
      if (!charge) return 'not_found';
      if (charge.status === 'paid' || charge.status === to) return 'unchanged';
      const now = this.clock.now();
      const record = (success: boolean) =>
        this.recordEvent?.(tx, {
          provider: psp.name,
          eventId: `cobr:${txid}:${at.status}`,
          kind: 'cobr',
          providerReference: at.payment?.endToEndId ?? txid,
          payment: { method: 'pix_automatico', id: txid },
          success,
          amountCents: at.payment?.amount ?? charge.amount,
          payload: { txid, idRec: at.idRec, status: at.status, endToEndId: at.payment?.endToEndId ?? null },
        });
      if (to === 'paid') {
        // CONCLUIDA with the amount we asked for: the bill is paid, once.
        if (!at.payment || at.payment.amount !== charge.amount) return 'unchanged';
        await this.repo.setChargeStatus(tx, txid, 'paid', {
          from: ['sending', 'scheduled', 'failed', 'cancelled'],
          pspStatus: at.status,
          now,
          endToEndId: at.payment.endToEndId,
          paidAt: at.payment.at,
        });
        await this.contracts.markBillsPaid(tx, [charge.docEntry], at.payment.at);
        const rec = await this.repo.byId(tx, charge.recurrenceId);
        if (rec)
          await notifyPaid(
            this.outbox,
            tx,
            { customerId: rec.customerId, nCtrId: rec.nCtrId, amount: charge.amount },
            'pix',
            `pixauto:${txid}:pago`,
          );
        await record(true);
        return 'paid';
      }
      const moved = await this.repo.setChargeStatus(tx, txid, to, { from: ['sending', 'scheduled'], pspStatus: at.status, now });
      if (moved) await record(false);
      return moved ? 'updated' : 'unchanged';
    });
  }
}
