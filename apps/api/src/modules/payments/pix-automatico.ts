import { randomBytes } from 'node:crypto';
import {
  PIX_AUTOMATICO_MSG,
  RECURRENCE_LABEL,
  RECURRING_CHARGE_LABEL,
  authoriseRefusal,
  canCancel,
  cents,
  chargeDecision,
  chargeStatusFromCobr,
  dueDayIn,
  recurrenceStartDate,
  type ContractId,
  type PixAutomaticoDto,
  type PixAutomaticoResultDto,
  type PixAutomaticoStateDto,
} from '@guarita/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/db';
import { AppError, notFound } from '../../lib/errors';
import type { Clock } from '../../ports/clock';
import type { PixRecurrencePsp } from '../../ports/pix-automatico';
import type { ContractService } from '../contracts';
import type { CustomersService } from '../customers';
import type { PixAutomaticoRepository, RecurrenceRow, RecurringChargeRow } from './pix-automatico-repository';

/** 32 of [A-Za-z0-9]: a CobR txid (26–35). */
const newCobrTxid = () => `GUAR${randomBytes(14).toString('hex')}`;

/** A row still 'sending' this long after it was written is sent again by the scan (same txid: idempotent at the PSP). */
const RESEND_AFTER_MS = 60_000;

const unavailable = () => new AppError(503, 'PIX_AUTOMATICO_UNAVAILABLE', PIX_AUTOMATICO_MSG.unavailable);
const pspFailed = () => new AppError(502, 'PSP_UNAVAILABLE', PIX_AUTOMATICO_MSG.unavailable);

/**
 * Pix Automático for the monthly fee (issue 27 item 6; ADR 077): the customer's authorisation, its status and its
 * cancellation, and the scan that sends each new bill of an approved contract to the payer's bank as a recurring charge.
 */
export class PixAutomaticoService {
  constructor(
    private readonly db: Database,
    private readonly repo: PixAutomaticoRepository,
    private readonly contracts: ContractService,
    private readonly customers: CustomersService,
    /** null: Pix Automático is not configured; the routes answer 503. */
    private readonly psp: PixRecurrencePsp | null,
    private readonly clock: Clock,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** The contract's latest recurrence with its charges (null = never authorised). Not the customer's contract → 404. */
  async state(customerId: number, nCtrId: ContractId): Promise<PixAutomaticoStateDto> {
    await this.contracts.requireOwned(customerId, nCtrId);
    const rec = await this.repo.latest(this.db, nCtrId, customerId);
    return { recorrencia: rec ? await this.toDto(rec) : null };
  }

  /**
   * Creates the recurrence at the PSP, then records it. Nothing is written when the PSP fails (502); if recording loses
   * a race with a second click, the PSP's recurrence is cancelled again and the answer is 409.
   */
  async authorise(customerId: number, nCtrId: ContractId): Promise<PixAutomaticoResultDto> {
    const contract = await this.contracts.requireActive(customerId, nCtrId);
    const psp = this.requirePsp();
    const current = await this.repo.latest(this.db, nCtrId, customerId);
    const refusal = authoriseRefusal({ contractActive: true, monthlyFee: contract.monthlyFee, current: current?.status ?? null });
    if (refusal === 'RECURRENCE_EXISTS') throw new AppError(409, 'PIX_AUTOMATICO_EXISTS', PIX_AUTOMATICO_MSG.exists);
    if (refusal) throw new AppError(422, 'PIX_AUTOMATICO_NO_FEE', PIX_AUTOMATICO_MSG.noMonthlyFee);
    const holder = await this.customers.holder(customerId);
    if (!holder) throw notFound('Contrato não encontrado.');

    const today = this.clock.today();
    const thisMonth = dueDayIn(today, 0, contract.dueDay);
    const startDate = recurrenceStartDate(today, thisMonth > today ? thisMonth : dueDayIn(today, 1, contract.dueDay));
    let created;
    try {
      created = await psp.createRecurrence({
        contract: String(nCtrId),
        object: `Mensalidade ${contract.planName}`.slice(0, 35),
        debtor: { document: holder.document, name: holder.name },
        startDate,
        amount: cents(contract.monthlyFee),
        retryPolicy: 'NAO_PERMITE',
      });
    } catch (err) {
      this.log?.warn({ err, nCtrId }, 'pix automático: the PSP did not create the recurrence');
      throw pspFailed();
    }
    let row: RecurrenceRow;
    try {
      row = await this.db.transaction().execute(async (tx) => {
        await this.contracts.lockContract(tx, nCtrId);
        return this.repo.insert(tx, {
          nCtrId,
          customerId,
          psp: psp.name,
          idRec: created.idRec,
          status: created.status,
          amount: contract.monthlyFee,
          startDate,
          copyPaste: created.copyPaste,
          approvalUrl: created.approvalUrl,
          createdAt: this.clock.now(),
        });
      });
    } catch (err) {
      // The partial unique index: another request recorded one first. Ours must not stay open at the PSP.
      await psp.cancelRecurrence(created.idRec).catch(() => {});
      if ((await this.repo.latest(this.db, nCtrId, customerId))?.status === 'CRIADA')
        throw new AppError(409, 'PIX_AUTOMATICO_EXISTS', PIX_AUTOMATICO_MSG.exists);
      throw err;
    }
    return { sucesso: true, mensagem: PIX_AUTOMATICO_MSG.authorised, conteudo: await this.toDto(row) };
  }

  /** Cancels at the PSP first (502 when it fails: nothing changed), then records what the PSP answered. */
  async cancel(customerId: number, nCtrId: ContractId): Promise<PixAutomaticoResultDto> {
    await this.contracts.requireOwned(customerId, nCtrId);
    const psp = this.requirePsp();
    const rec = await this.repo.latest(this.db, nCtrId, customerId);
    if (!rec) throw notFound(PIX_AUTOMATICO_MSG.notFound);
    if (!canCancel(rec.status)) throw new AppError(409, 'PIX_AUTOMATICO_ENDED', PIX_AUTOMATICO_MSG.notCancellable);
    try {
      await psp.cancelRecurrence(rec.idRec);
    } catch (err) {
      this.log?.warn({ err, nCtrId }, 'pix automático: the PSP did not cancel the recurrence');
      throw pspFailed();
    }
    await this.db.transaction().execute(async (tx) => {
      const locked = await this.repo.byIdRec(tx, rec.idRec, { forUpdate: true });
      if (locked && canCancel(locked.status)) {
        await this.repo.setStatus(tx, locked.id, 'CANCELADA', this.clock.now(), { copyPaste: null, approvalUrl: null });
      }
      for (const c of await this.repo.charges(tx, [rec.id]))
        if (c.status === 'scheduled' || c.status === 'sending')
          await this.repo.setChargeStatus(tx, c.txid, 'cancelled', {
            from: ['scheduled', 'sending'],
            pspStatus: 'CANCELADA',
            now: this.clock.now(),
          });
    });
    const row = (await this.repo.byIdRec(this.db, rec.idRec))!;
    return { sucesso: true, mensagem: PIX_AUTOMATICO_MSG.cancelled, conteudo: await this.toDto(row) };
  }

  /**
   * The scan (a timer, the approval webhook, a newly issued bill): every new open bill of an approved contract whose
   * send window is open is sent to the payer's bank, once (the row is committed as 'sending' before the call); rows
   * left 'sending' by a failed call are sent again with the same txid. Answers how many charges it sent.
   */
  async chargeDueBills(nCtrId?: number): Promise<number> {
    const psp = this.psp;
    if (!psp) return 0;
    const today = this.clock.today();
    let sent = 0;
    for (const rec of await this.repo.approved(this.db, nCtrId)) {
      if (!rec.approvedAt) continue;
      const bills = await this.contracts.openBillsIssuedSince(this.db, rec.nCtrId, rec.approvedAt);
      const done = await this.repo.chargedBills(
        this.db,
        bills.map((b) => b.docEntry),
      );
      for (const bill of bills) {
        if (done.has(bill.docEntry)) continue;
        const amount = bill.docTotal + bill.valorMulta + bill.valorJuros;
        const decision = chargeDecision(
          { idStatus: bill.idStatus, dueDate: bill.docDueDate, amount, issuedAt: bill.issuedAt },
          rec.approvedAt,
          today,
        );
        if (decision !== 'charge') continue;
        const txid = newCobrTxid();
        const now = this.clock.now();
        const fresh = await this.repo.insertSending(this.db, {
          txid,
          recurrenceId: rec.id,
          docEntry: bill.docEntry,
          amount,
          dueDate: bill.docDueDate,
          now,
        });
        if (!fresh) continue;
        if (await this.send(psp, rec, { txid, docEntry: bill.docEntry, amount, dueDate: bill.docDueDate })) sent++;
      }
    }
    const stale = new Date(this.clock.now().getTime() - RESEND_AFTER_MS);
    for (const c of await this.repo.sending(this.db)) {
      if (c.createdAt > stale) continue;
      const rec = await this.repo.byId(this.db, c.recurrenceId);
      if (rec?.status === 'APROVADA' && (await this.send(psp, rec, c))) sent++;
    }
    return sent;
  }

  /** PUT /cobr/{txid}: false when the PSP failed (the row stays 'sending' for the next pass). */
  private async send(
    psp: PixRecurrencePsp,
    rec: RecurrenceRow,
    c: Pick<RecurringChargeRow, 'txid' | 'docEntry' | 'amount' | 'dueDate'>,
  ): Promise<boolean> {
    const holder = await this.customers.holder(rec.customerId);
    if (!holder) return false;
    try {
      const at = await psp.createRecurringCharge({
        txid: c.txid,
        idRec: rec.idRec,
        dueDate: c.dueDate,
        amount: cents(c.amount),
        description: `Fatura ${c.docEntry} do contrato ${rec.nCtrId}`,
        debtor: { document: holder.document, name: holder.name },
      });
      await this.repo.setChargeStatus(this.db, c.txid, chargeStatusFromCobr(at.status), {
        from: ['sending'],
        pspStatus: at.status,
        now: this.clock.now(),
      });
      return true;
    } catch (err) {
      this.log?.warn({ err, txid: c.txid }, 'pix automático: the PSP did not take the recurring charge; the scan retries it');
      return false;
    }
  }

  private requirePsp(): PixRecurrencePsp {
    if (!this.psp) throw unavailable();
    return this.psp;
  }

  private async toDto(r: RecurrenceRow): Promise<PixAutomaticoDto> {
    const charges = await this.repo.charges(this.db, [r.id]);
    const waiting = r.status === 'CRIADA';
    return {
      idRec: r.idRec,
      status: r.status,
      statusTexto: RECURRENCE_LABEL[r.status],
      valor: r.amount,
      periodicidade: 'MENSAL',
      dataInicial: r.startDate,
      criadoEm: r.createdAt.toISOString(),
      aprovadoEm: r.approvedAt?.toISOString() ?? null,
      encerradoEm: r.endedAt?.toISOString() ?? null,
      pixCopiaECola: waiting ? r.copyPaste : null,
      linkAprovacao: waiting ? r.approvalUrl : null,
      cobrancas: charges.map((c) => ({
        txid: c.txid,
        fatura: c.docEntry,
        valor: c.amount,
        dataDeVencimento: c.dueDate,
        status: c.status,
        statusTexto: RECURRING_CHARGE_LABEL[c.status],
        pagoEm: c.paidAt?.toISOString() ?? null,
      })),
    };
  }
}
