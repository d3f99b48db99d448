import { randomBytes } from 'node:crypto';
import {
  CARD_BRAND_LABEL,
  PAYMENT_MSG,
  PIX_DISPLAYED_VALIDITY,
  PIX_SLP_CODE,
  advanceEligibility,
  billTotal,
  cents,
  centsToPixAmount,
  fillMessage,
  formatMoney,
  formatIsoDate,
  maskCardSummary,
  pixAmountToCents,
  pixDueDate,
  pixExpiresAt,
  pixStatus,
  showsUnavailableSheet,
  sumCents,
  type Cents,
  type AdvanceMethod,
  type AdvanceForecastDto,
  type AdvanceResultDto,
  type CardBrand,
  type CardData,
  type CardOnFileDto,
  type CardPaymentResultDto,
  type ChangeCardResultDto,
  type ContractDto,
  type ContractId,
  type PaymentsSummaryDto,
  type PixConteudoDto,
  type PixResultDto,
  type PixWebhookBody,
  type PixWebhookResultDto,
  FINANCE_MSG,
} from '@guarita/domain';
import type { Database, Executor } from '../../db/db';
import { AppError, notFound } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limit';
import { GatewayUnavailableError, type CardGateway, type ChargeResult } from '../../ports/card-gateway';
import type { Clock } from '../../ports/clock';
import type { PixPsp } from '../../ports/pix-psp';
import type { Notifier } from '../../ports/notifier';
import type { BillRow, ContractService } from '../contracts/service';
import type { NotificationOutbox } from '../notifications/outbox';
import type { CustomersService } from '../customers/service';
import type { IdempotencyStore, IdempotentAnswer, StoredAnswer } from '../../lib/idempotency';
import type { DeskFilter, LinkRow, PaymentsRepository, PixRow } from './repository';
import type { PaymentsSettings } from './settings';

export interface CardPaymentInput {
  faturas?: number[];
  valorTotal: number;
  dadosDoCartao?: CardData;
}
export interface PixInput {
  faturas?: number[];
  valorTotal: number;
}

/** What a declined charge answers (HTTP 402, stored with the idempotency key like a success). */
export interface DeclinedBody {
  sucesso: false;
  status: 402;
  erro: 'CARD_DECLINED';
  mensagem: string;
}

export type ConfirmResult = PixWebhookResultDto['resultados'][number]['resultado'];

/** Card-change and new-card payment attempts per customer per rate-limit window (card-testing brake). */
const CARD_ATTEMPTS_PER_WINDOW = 10;

const reference = (nCtrId: number) => `contract:${nCtrId}`;
const newTxid = () => `GUA${randomBytes(11).toString('hex')}`; // 25 chars of [A-Za-z0-9] (BR Code 62-05)
const newLinkId = () => randomBytes(18).toString('base64url');

export function cardOnFile(c: Pick<ContractDto, 'pmCard' | 'cardSummary'>): CardOnFileDto | null {
  if (!c.pmCard || !c.cardSummary) return null;
  return { pmCard: c.pmCard, cardSummary: c.cardSummary, mascarado: maskCardSummary(c.cardSummary), bandeira: CARD_BRAND_LABEL[c.pmCard] };
}

export function toPixConteudo(r: PixRow, now: Date): PixConteudoDto {
  return {
    txid: r.txid,
    rnId: r.txid,
    numeroInterno: r.id,
    pspReference: r.pspReference,
    chaveAleatoria: r.payload,
    link: r.location,
    dataExpiracao: r.expiresAt.toISOString(),
    dtVencimento: r.dueDate,
    valor: r.amount,
    faturas: r.docEntries,
    status: pixStatus(r.status, r.expiresAt, now),
    pagoEm: r.paidAt ? r.paidAt.toISOString() : null,
    validadeExibida: PIX_DISPLAYED_VALIDITY,
  };
}

export class PaymentsService {
  constructor(
    private readonly db: Database,
    private readonly repo: PaymentsRepository,
    private readonly contracts: ContractService,
    private readonly customers: CustomersService,
    readonly gateway: CardGateway,
    /** null: Pix is not configured; creating one answers 503. */
    readonly psp: PixPsp | null,
    private readonly idem: IdempotencyStore,
    readonly settings: PaymentsSettings,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    private readonly notifier?: Notifier,
    /** Customer notifications (issue 13 §3), written in each confirmation's own transaction. */
    private readonly outbox?: NotificationOutbox,
  ) {}

  /** 'Pagamento confirmado' in the caller's transaction: a rollback notifies nothing, a replay (same key) adds nothing. */
  private async notifyPaid(
    tx: Executor,
    p: { customerId: number; nCtrId: number; amount: number },
    method: 'cartao' | 'pix' | 'pix_atrasado' | 'link',
    key: string,
  ): Promise<void> {
    await this.outbox?.emit(tx, p.customerId, key, { type: 'pagamento_confirmado', method, amountCents: p.amount, nCtrId: p.nCtrId });
  }

  /** Pending Pix charges that expire within `minutes` (the notifications' periodic scan). */
  pixExpiringSoon(minutes: number, limit = 200): Promise<PixRow[]> {
    const now = this.clock.now();
    return this.repo.pixExpiring(this.db, now, new Date(now.getTime() + minutes * 60_000), limit);
  }

  // ── Summary ────────────────────────────────────────────────────────────────────────────────

  async summary(customerId: number, nCtrId: ContractId): Promise<PaymentsSummaryDto> {
    const contract = await this.contracts.requireOwned(customerId, nCtrId);
    const { bills, openTotal } = await this.contracts.bills(customerId, nCtrId);
    const now = this.clock.now();
    const pix = await this.repo.openPix(this.db, nCtrId, 'invoice', now);
    return {
      nCtrId,
      cartao: cardOnFile(contract),
      possuiVendedor: contract.slpCode !== null,
      totalEmAberto: openTotal,
      faturasEmAberto: bills.filter((b) => b.billStatus.idStatus === 'I'),
      pixEmAberto: pix ? toPixConteudo(pix, now) : null,
    };
  }

  // ── Open invoices: card ───────────────────────────────────────────────────────────────────

  /** Pays overdue ('I') bills with the card on file or a new card; exactly one charge per Idempotency-Key. */
  async payOpenBills(
    customerId: number,
    nCtrId: ContractId,
    key: string,
    input: CardPaymentInput,
  ): Promise<IdempotentAnswer<CardPaymentResultDto | DeclinedBody>> {
    const contract = await this.contracts.requireActive(customerId, nCtrId);
    if (contract.slpCode === null) throw new AppError(422, 'SELLER_CODE_MISSING', PAYMENT_MSG.sellerCodeMissing);
    const card = input.dadosDoCartao;
    const hash = this.idem.requestHash('card-payment', {
      nCtrId,
      faturas: sortedUnique(input.faturas),
      valorTotal: input.valorTotal,
      card: card ?? null,
    });
    if (card) await this.limiter.hit(`card-attempt:customer:${customerId}`, CARD_ATTEMPTS_PER_WINDOW);

    // Reserve the bills (short transaction), charge with no lock or connection held, then settle (issue 7).
    return this.idem.runOutsideLock(customerId, key, 'card-payment', hash, {
      reserve: async (tx) => {
        const { bills, total } = await this.invoiceBills(tx, nCtrId, input.faturas, input.valorTotal, { customerId, key });
        if (!card && !contract.cardSummary) throw new AppError(422, 'NO_CARD_ON_FILE', PAYMENT_MSG.noCardOnFile);
        const docEntries = bills.map((b) => b.docEntry);
        return { plan: { docEntries, total }, docEntries };
      },
      call: ({ docEntries, total }) =>
        this.charge({
          idempotencyKey: `${customerId}:${key}`,
          reference: reference(nCtrId),
          amount: total,
          currency: 'BRL',
          installments: 1,
          description: `Faturas ${docEntries.join(', ')} do contrato ${nCtrId}`,
          ...(card ? { card } : {}),
        }),
      settle: (tx, { docEntries, total }, result) =>
        this.recordCharge(tx, { customerId, contract, purpose: 'invoice', key, docEntries, amount: total, card, result }, (charge) => ({
          status: 200,
          body: {
            sucesso: true,
            status: 200,
            mensagem: PAYMENT_MSG.paymentSuccess,
            conteudo: {
              pagamentoId: charge.id,
              valor: total,
              faturas: docEntries,
              pmCard: charge.brand,
              cardSummary: charge.last4,
              pagoEm: charge.createdAt.toISOString(),
            },
          },
        })),
    });
  }

  // ── Open invoices: Pix ────────────────────────────────────────────────────────────────────

  async createPix(customerId: number, nCtrId: ContractId, key: string, input: PixInput): Promise<IdempotentAnswer<PixResultDto>> {
    await this.contracts.requireActive(customerId, nCtrId);
    this.requirePix();
    const hash = this.idem.requestHash('pix', { nCtrId, faturas: sortedUnique(input.faturas), valorTotal: input.valorTotal });
    return this.idem.run(customerId, key, 'pix', hash, async (tx) => {
      const { bills, total } = await this.invoiceBills(tx, nCtrId, input.faturas, input.valorTotal);
      const pix = await this.newPix(tx, {
        customerId,
        nCtrId,
        purpose: 'invoice',
        docEntries: bills.map((b) => b.docEntry),
        amount: total,
      });
      return { status: 200, body: { sucesso: true, mensagem: PAYMENT_MSG.pixCreated, conteudo: toPixConteudo(pix, this.clock.now()) } };
    });
  }

  /** The caller's own charge only (someone else's txid is a 404, like an unknown one). */
  async pixStatus(customerId: number, txid: string): Promise<PixConteudoDto> {
    const pix = await this.repo.findPix(this.db, txid, { customerId });
    if (!pix) throw notFound(PAYMENT_MSG.pixNotFound);
    return toPixConteudo(pix, this.clock.now());
  }

  /** PSP webhook body (already authenticated): each payment is settled in its own transaction, exactly once. */
  async handlePixWebhook(body: PixWebhookBody): Promise<PixWebhookResultDto> {
    const resultados: PixWebhookResultDto['resultados'] = [];
    for (const p of body.pix) {
      resultados.push({ txid: p.txid, resultado: await this.confirmPix(p.txid, p.endToEndId, pixAmountToCents(p.valor)) });
    }
    return { recebido: true, resultados };
  }

  /** Demo mode: what the PSP would send when the payer pays; goes through `handlePixWebhook`. */
  async simulatePixPayment(txid: string): Promise<ConfirmResult> {
    const pix = await this.repo.findPix(this.db, txid);
    if (!pix) throw notFound(PAYMENT_MSG.pixNotFound);
    const answer = await this.handlePixWebhook({
      pix: [
        {
          txid,
          endToEndId: `E00000000${this.clock.now().getTime()}DEMO${randomBytes(3).toString('hex')}`,
          valor: centsToPixAmount(cents(pix.amount)), // the amount_cents column
          horario: this.clock.now().toISOString(),
        },
      ],
    });
    return answer.resultados[0]!.resultado;
  }

  private async confirmPix(txid: string, endToEndId: string, amount: number | null): Promise<ConfirmResult> {
    let late: { id: number; pix: PixRow; amount: number } | null = null;
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
          await this.notifyPaid(tx, pix, 'pix_atrasado', `pix:${txid}:pago`);
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
      await this.notifyPaid(tx, pix, 'pix', `pix:${txid}:pago`);
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
  private async notifyCredit(late: { id: number; pix: PixRow; amount: number }): Promise<void> {
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

  // ── Change card ───────────────────────────────────────────────────────────────────────────

  async changeCard(customerId: number, nCtrId: ContractId, card: CardData): Promise<ChangeCardResultDto> {
    await this.contracts.requireActive(customerId, nCtrId);
    await this.limiter.hit(`card-attempt:customer:${customerId}`, CARD_ATTEMPTS_PER_WINDOW);
    let result;
    try {
      result = await this.gateway.tokenize(reference(nCtrId), card);
    } catch (err) {
      if (err instanceof GatewayUnavailableError) throw new AppError(502, 'GATEWAY_UNAVAILABLE', PAYMENT_MSG.cardChangeException);
      throw err;
    }
    if (!result.approved) throw new AppError(422, 'CARD_DECLINED', `${PAYMENT_MSG.cardChangeFailed} ${result.message}`);
    await this.contracts.setCardOnFile(this.db, nCtrId, result.brand, result.last4);
    return { sucesso: true, mensagem: PAYMENT_MSG.cardChanged, conteudo: cardOnFile({ pmCard: result.brand, cardSummary: result.last4 })! };
  }

  // ── Advance ───────────────────────────────────────────────────────────────────────────────

  async advanceForecast(customerId: number, nCtrId: ContractId): Promise<AdvanceForecastDto> {
    await this.contracts.requireOwned(customerId, nCtrId);
    const bills = await this.contracts.billRows(this.db, nCtrId);
    const inProgress = await this.repo.advanceInProgress(this.db, nCtrId, this.clock.now());
    const d = advanceEligibility(bills, this.clock.today(), { requestInProgress: inProgress });
    const bill = d.bill;
    return {
      sucesso: true,
      conteudo: {
        valor: d.amount,
        docEntry: bill?.docEntry ?? null,
        docDueDate: bill?.docDueDate ?? null,
        elegivel: d.eligible,
        motivo: d.eligible ? null : d.reason,
        mensagem: d.eligible ? null : d.message,
        dataAgendada: d.eligible ? null : d.scheduledDate,
      },
    };
  }

  async requestAdvance(
    customerId: number,
    nCtrId: ContractId,
    key: string,
    method: AdvanceMethod,
  ): Promise<IdempotentAnswer<AdvanceResultDto | DeclinedBody>> {
    const contract = await this.contracts.requireActive(customerId, nCtrId);
    if (method === 'PI') this.requirePix();
    const hash = this.idem.requestHash('advance', { nCtrId, method });
    if (method === 'CC') return this.advanceByCard(customerId, contract, key, hash);
    return this.idem.run(customerId, key, 'advance', hash, async (tx): Promise<StoredAnswer<AdvanceResultDto | DeclinedBody>> => {
      const d = await this.advanceBill(tx, nCtrId);
      const bill = d.bill;
      const docEntries = [bill.docEntry];
      const base = { valor: d.amount, faturas: docEntries };

      if (method === 'PI') {
        const pix = await this.newPix(tx, { customerId, nCtrId, purpose: 'advance', docEntries, amount: d.amount });
        await this.repo.insertAdvance(tx, {
          nCtrId,
          customerId,
          docEntry: bill.docEntry,
          method,
          amount: d.amount,
          status: 'processing',
          pixTxid: pix.txid,
          expiresAt: pix.expiresAt,
          createdAt: this.clock.now(),
        });
        const conteudo = toPixConteudo(pix, this.clock.now());
        return {
          status: 200,
          body: {
            sucesso: true,
            metodoPagamento: method,
            mensagem: PAYMENT_MSG.pixCreated,
            conteudo: {
              ...base,
              link: null,
              chaveAleatoria: conteudo.chaveAleatoria,
              dataExpiracao: conteudo.dataExpiracao,
              pspReference: conteudo.pspReference,
              txid: conteudo.txid,
              status: 'pending',
              pix: conteudo,
            },
          },
        };
      }

      if (method === 'LP') {
        const link = await this.newLink(tx, { customerId, nCtrId, docEntries, amount: d.amount });
        await this.repo.insertAdvance(tx, {
          nCtrId,
          customerId,
          docEntry: bill.docEntry,
          method,
          amount: d.amount,
          status: 'processing',
          linkId: link.id,
          expiresAt: link.expiresAt,
          createdAt: this.clock.now(),
        });
        return {
          status: 200,
          body: {
            sucesso: true,
            metodoPagamento: method,
            mensagem: PAYMENT_MSG.advanceLinkCreated,
            conteudo: {
              ...base,
              link: link.url,
              chaveAleatoria: null,
              dataExpiracao: link.expiresAt.toISOString(),
              pspReference: null,
              txid: null,
              status: 'pending',
              pix: null,
            },
          },
        };
      }

      throw new Error(`unexpected advance method ${method}`);
    });
  }

  /** Advance by the card on file (CC): the bill is reserved, charged with no lock held, then settled (issue 7). */
  private advanceByCard(
    customerId: number,
    contract: ContractDto,
    key: string,
    hash: string,
  ): Promise<IdempotentAnswer<AdvanceResultDto | DeclinedBody>> {
    const nCtrId = contract.nCtrId;
    return this.idem.runOutsideLock(customerId, key, 'advance', hash, {
      reserve: async (tx) => {
        const d = await this.advanceBill(tx, nCtrId, { customerId, key });
        if (!contract.cardSummary) throw new AppError(422, 'NO_CARD_ON_FILE', PAYMENT_MSG.noCardOnFile);
        return { plan: { bill: d.bill, amount: d.amount }, docEntries: [d.bill.docEntry] };
      },
      call: ({ bill, amount }) =>
        this.charge({
          idempotencyKey: `${customerId}:${key}`,
          reference: reference(nCtrId),
          amount,
          currency: 'BRL',
          installments: 1,
          description: `Antecipação da fatura ${bill.docEntry} do contrato ${nCtrId}`,
        }),
      settle: (tx, { bill, amount }, result) =>
        this.recordCharge(
          tx,
          { customerId, contract, purpose: 'advance', key, docEntries: [bill.docEntry], amount, result, advanceDocEntry: bill.docEntry },
          (charge) => ({
            status: 200,
            body: {
              sucesso: true,
              metodoPagamento: 'CC',
              mensagem: fillMessage(PAYMENT_MSG.advanceCardSuccess, { data: formatIsoDate(bill.docDueDate), final: charge.last4 }),
              conteudo: {
                valor: amount,
                faturas: [bill.docEntry],
                link: null,
                chaveAleatoria: null,
                dataExpiracao: null,
                pspReference: charge.gatewayId,
                txid: null,
                status: 'paid',
                pix: null,
              },
            },
          }),
        ),
    });
  }

  /** Locks the contract's bills and picks the one an advance pays; 409/422 when none may be advanced now. */
  private async advanceBill(tx: Executor, nCtrId: number, self?: { customerId: number; key: string }) {
    const bills = await this.contracts.lockBills(tx, nCtrId);
    const inProgress = await this.repo.advanceInProgress(tx, nCtrId, this.clock.now());
    const d = advanceEligibility(bills, this.clock.today(), { requestInProgress: inProgress });
    if (!d.eligible) {
      if (d.reason === 'REQUEST_IN_PROGRESS') throw new AppError(409, 'ADVANCE_IN_PROGRESS', d.message);
      // The 'Antecipação não disponível' sheet needs the reason and the date; the other blocks are plain messages.
      if (!showsUnavailableSheet(d.reason)) throw new AppError(422, 'ADVANCE_NO_INVOICES', d.message);
      throw new AppError(422, 'ADVANCE_UNAVAILABLE', d.message).withDetails({ motivo: d.reason, dataAgendada: d.scheduledDate });
    }
    const docEntries = [d.bill.docEntry];
    // A card advance or payment of this bill is being charged right now.
    if ((await this.idem.reservedByOthers(tx, docEntries, self)).length > 0) {
      throw new AppError(409, 'ADVANCE_IN_PROGRESS', PAYMENT_MSG.advanceInProgress);
    }
    if ((await this.repo.billsInOpenNegotiation(tx, nCtrId, docEntries, this.clock.now())).length > 0) {
      throw new AppError(409, 'PIX_NEGOTIATION_OPEN', PAYMENT_MSG.pixInNegotiation);
    }
    return d;
  }

  // ── Payment links (advance LP) ────────────────────────────────────────────────────────────

  /** A payment link with its effective status at this moment (the sandbox checkout page shows it). */
  async findLink(id: string): Promise<(LinkRow & { effectiveStatus: LinkRow['status'] }) | null> {
    const link = await this.repo.findLink(this.db, id);
    return link ? { ...link, effectiveStatus: pixStatus(link.status, link.expiresAt, this.clock.now()) } : null;
  }

  /** Settles a paid link exactly once; the gateway's confirmation (the sandbox checkout in demo mode) calls this. */
  confirmLink(id: string): Promise<ConfirmResult> {
    return this.db.transaction().execute(async (tx) => {
      const link = await this.repo.findLink(tx, id, { forUpdate: true });
      if (!link) return 'not_found';
      const now = this.clock.now();
      const status = pixStatus(link.status, link.expiresAt, now);
      if (status === 'paid') return 'already_paid';
      if (status === 'expired') {
        await this.repo.setLinkExpired(tx, id);
        await this.repo.finishAdvance(tx, { linkId: id }, 'failed');
        return 'expired';
      }
      await this.repo.setLinkPaid(tx, id, now);
      await this.contracts.markBillsPaid(tx, link.docEntries, now);
      await this.repo.finishAdvance(tx, { linkId: id }, 'paid');
      await this.notifyPaid(tx, link, 'link', `link:${id}:pago`);
      return 'paid';
    });
  }

  /** Housekeeping: idempotency records older than a day (server.ts may call it from its prune timer). */
  pruneIdempotency(maxAgeHours = 24): Promise<void> {
    return this.idem.prune(maxAgeHours);
  }

  // ── Internals ─────────────────────────────────────────────────────────────────────────────

  private requirePix(): PixPsp {
    if (this.psp) return this.psp;
    throw new AppError(503, 'PIX_UNAVAILABLE', PAYMENT_MSG.pixUnavailable);
  }

  /**
   * Locks and checks the overdue bills a payment covers: all of them belong to the contract (else 404),
   * are still 'I', are not in an open negotiation, and add up to what the customer saw.
   */
  private async invoiceBills(
    tx: Executor,
    nCtrId: number,
    faturas: number[] | undefined,
    valorTotal: number,
    self?: { customerId: number; key: string },
  ): Promise<{ bills: BillRow[]; total: Cents }> {
    const wanted = sortedUnique(faturas);
    const rows = await this.contracts.lockBills(tx, nCtrId, wanted ?? undefined);
    let bills: BillRow[];
    if (wanted) {
      if (rows.length !== wanted.length) throw notFound(PAYMENT_MSG.billNotFound);
      if (rows.some((b) => b.idStatus !== 'I')) throw new AppError(409, 'BILL_NOT_OPEN', PAYMENT_MSG.billNotOpen);
      bills = rows;
    } else {
      bills = rows.filter((b) => b.idStatus === 'I');
      if (bills.length === 0) throw new AppError(422, 'NO_OPEN_BILLS', PAYMENT_MSG.noOpenBills);
    }
    const docEntries = bills.map((b) => b.docEntry);
    // A card charge of these bills is under way (reserved, not yet settled): they are being paid.
    if ((await this.idem.reservedByOthers(tx, docEntries, self)).length > 0) {
      throw new AppError(409, 'BILL_NOT_OPEN', PAYMENT_MSG.billNotOpen);
    }
    if ((await this.repo.billsInOpenNegotiation(tx, nCtrId, docEntries, this.clock.now())).length > 0) {
      throw new AppError(409, 'PIX_NEGOTIATION_OPEN', PAYMENT_MSG.pixInNegotiation);
    }
    // What is charged is the bills' total (Cents); the client's valorTotal only has to agree with it.
    const total = sumCents(bills.map(billTotal));
    if (total !== valorTotal) throw new AppError(409, 'AMOUNT_CHANGED', PAYMENT_MSG.amountChanged);
    return { bills, total };
  }

  private async newPix(
    tx: Executor,
    p: { customerId: number; nCtrId: number; purpose: 'invoice' | 'advance'; docEntries: number[]; amount: Cents },
  ): Promise<PixRow> {
    const psp = this.requirePix();
    const txid = newTxid();
    const now = this.clock.now();
    const expiresAt = pixExpiresAt(now);
    const dueDate = pixDueDate(now);
    let created;
    try {
      created = await psp.createCharge({ txid, amount: p.amount, expiresAt, dueDate, description: `Contrato ${p.nCtrId}` });
    } catch {
      throw new AppError(502, 'PSP_UNAVAILABLE', PAYMENT_MSG.pixUnavailable);
    }
    return this.repo.insertPixCharge(tx, {
      txid,
      nCtrId: p.nCtrId,
      customerId: p.customerId,
      purpose: p.purpose,
      docEntries: p.docEntries,
      amount: p.amount,
      slpCode: PIX_SLP_CODE,
      dueDate,
      payload: created.payload,
      psp: psp.name,
      pspReference: created.pspReference,
      location: created.location,
      expiresAt,
      createdAt: now,
    });
  }

  private async newLink(tx: Executor, p: { customerId: number; nCtrId: number; docEntries: number[]; amount: Cents }): Promise<LinkRow> {
    const id = newLinkId();
    const now = this.clock.now();
    const expiresAt = pixExpiresAt(now);
    let created;
    try {
      created = await this.gateway.createPaymentLink({
        linkId: id,
        reference: reference(p.nCtrId),
        amount: p.amount,
        description: `Antecipação do contrato ${p.nCtrId}`,
        expiresAt,
      });
    } catch {
      throw new AppError(502, 'GATEWAY_UNAVAILABLE', PAYMENT_MSG.advanceOtherError);
    }
    return this.repo.insertLink(tx, {
      id,
      ...p,
      url: created.url,
      gateway: this.gateway.name,
      gatewayId: created.gatewayId,
      expiresAt,
      createdAt: now,
    });
  }

  private async charge(req: Parameters<CardGateway['charge']>[0]): Promise<ChargeResult> {
    try {
      return await this.gateway.charge(req);
    } catch (err) {
      if (err instanceof GatewayUnavailableError) throw new AppError(502, 'GATEWAY_UNAVAILABLE', PAYMENT_MSG.paymentOtherError);
      throw err;
    }
  }

  /** Records the gateway's outcome; on approval settles the bills in the same transaction. */
  private async recordCharge<T>(
    tx: Executor,
    c: {
      customerId: number;
      contract: ContractDto;
      purpose: 'invoice' | 'advance';
      key: string;
      docEntries: number[];
      amount: number;
      card?: CardData | undefined;
      result: ChargeResult;
      advanceDocEntry?: number;
    },
    onApproved: (charge: { id: number; createdAt: Date; brand: CardBrand; last4: string; gatewayId: string }) => StoredAnswer<T>,
  ): Promise<StoredAnswer<T | DeclinedBody>> {
    const r = c.result;
    const brand = (r.approved ? r.brand : null) ?? c.card?.brand ?? c.contract.pmCard ?? 'amex';
    const last4 = (r.approved ? r.last4 : null) ?? c.card?.last4 ?? c.contract.cardSummary ?? '0000';
    const charge = await this.repo.insertCardCharge(tx, {
      nCtrId: c.contract.nCtrId,
      customerId: c.customerId,
      purpose: c.purpose,
      idemKey: c.key,
      docEntries: c.docEntries,
      amount: c.amount,
      slpCode: c.contract.slpCode,
      brand,
      last4,
      gateway: this.gateway.name,
      gatewayId: r.gatewayId,
      status: r.approved ? 'approved' : 'declined',
      declineCode: r.approved ? null : r.code,
      createdAt: this.clock.now(),
    });
    if (c.advanceDocEntry !== undefined) {
      await this.repo.insertAdvance(tx, {
        nCtrId: c.contract.nCtrId,
        customerId: c.customerId,
        docEntry: c.advanceDocEntry,
        method: 'CC',
        amount: c.amount,
        status: r.approved ? 'paid' : 'failed',
        cardChargeId: charge.id,
        createdAt: this.clock.now(),
      });
    }
    if (!r.approved) {
      return {
        status: 402,
        body: { sucesso: false, status: 402, erro: 'CARD_DECLINED', mensagem: `${PAYMENT_MSG.cardDeclined} ${r.message}` },
      };
    }
    await this.contracts.markBillsPaid(tx, c.docEntries, this.clock.now());
    if (c.card) await this.contracts.setCardOnFile(tx, c.contract.nCtrId, brand, last4);
    await this.notifyPaid(
      tx,
      { customerId: c.customerId, nCtrId: c.contract.nCtrId, amount: c.amount },
      'cartao',
      `cartao:${charge.id}:pago`,
    );
    return onApproved({ id: charge.id, createdAt: charge.createdAt, brand, last4, gatewayId: r.gatewayId });
  }

  // ── The financeiro desk (issue 13): reads, and the refund of a late Pix credit ────────────────────

  latePayments(f: DeskFilter<'pending' | 'refunded' | 'none'>) {
    return this.repo.latePayments(this.db, f);
  }
  advanceRequests(f: DeskFilter<'processing' | 'paid' | 'failed'>) {
    return this.repo.advanceRequests(this.db, f);
  }
  paymentLinks(f: DeskFilter<'pending' | 'paid' | 'expired'>) {
    return this.repo.paymentLinks(this.db, f);
  }

  /**
   * Marks a late Pix credit refunded (financeiro, in the caller's transaction with its audit row): only a credit
   * still pending; answers the row before and after.
   */
  async markRefunded(q: Executor, id: number, note: string, by: string) {
    const row = await this.repo.latePaymentForUpdate(q, id);
    if (!row) throw new AppError(404, 'NOT_FOUND', FINANCE_MSG.latePixNotFound);
    if (row.refund_status !== 'pending') throw new AppError(409, 'NOT_PENDING', FINANCE_MSG.notPending);
    await this.repo.markRefunded(q, id, { note, by, at: this.clock.now() });
    return {
      customerId: row.customer_id,
      before: { id, txid: row.txid, credito: row.credit_cents, reembolso: row.refund_status },
      after: { id, txid: row.txid, credito: row.credit_cents, reembolso: 'refunded', observacao: note },
    };
  }
}

function sortedUnique(v: number[] | undefined): number[] | null {
  return v ? [...new Set(v)].sort((a, b) => a - b) : null;
}
