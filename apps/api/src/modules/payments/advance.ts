import {
  PAYMENT_MSG,
  advanceEligibility,
  fillMessage,
  formatIsoDate,
  showsUnavailableSheet,
  type AdvanceForecastDto,
  type AdvanceMethod,
  type AdvanceResultDto,
  type ContractDto,
  type ContractId,
} from '@guarita/domain';
import type { Database, Executor } from '../../db/db';
import { AppError } from '../../lib/errors';
import type { IdempotencyStore, IdempotentAnswer, StoredAnswer } from '../../lib/idempotency';
import type { Clock } from '../../ports/clock';
import type { ContractService } from '../contracts';
import type { ApprovedCharge, CardCharger } from './card-charger';
import type { PaymentLinkService } from './payment-links';
import type { PixService } from './pix';
import type { PaymentsRepository } from './repository';
import { chargeReference, reference, toPixConteudo, type DeclinedBody } from './shared';

type AdvanceAnswer = StoredAnswer<AdvanceResultDto | DeclinedBody>;
/** The bill an advance pays and its amount (advanceEligibility's answer when eligible). */
type Advanceable = Awaited<ReturnType<AdvanceService['advanceBill']>>;

/** The 200 answer of an advance by the card on file: one shape for the API answer and the provider's notification. */
export function advanceCardAnswer(
  charge: ApprovedCharge,
  bill: { docEntry: number; docDueDate: string },
  amount: number,
): StoredAnswer<AdvanceResultDto> {
  return {
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
  };
}

/** Antecipação (ADR 002): the forecast, and an advance of the next open bill by Pix (PI), card on file (CC) or link (LP). */
export class AdvanceService {
  constructor(
    private readonly db: Database,
    private readonly repo: PaymentsRepository,
    private readonly contracts: ContractService,
    private readonly idem: IdempotencyStore,
    private readonly pix: PixService,
    private readonly links: PaymentLinkService,
    private readonly charger: CardCharger,
    private readonly clock: Clock,
  ) {}

  async forecast(customerId: number, nCtrId: ContractId): Promise<AdvanceForecastDto> {
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

  async request(
    customerId: number,
    nCtrId: ContractId,
    key: string,
    method: AdvanceMethod,
  ): Promise<IdempotentAnswer<AdvanceResultDto | DeclinedBody>> {
    const contract = await this.contracts.requireActive(customerId, nCtrId);
    if (method === 'PI') this.pix.requirePsp();
    const hash = this.idem.requestHash('advance', { nCtrId, method });
    if (method === 'CC') return this.byCard(customerId, contract, key, hash);
    return this.idem.run(customerId, key, 'advance', hash, async (tx): Promise<AdvanceAnswer> => {
      const d = await this.advanceBill(tx, nCtrId);
      if (method === 'PI') return this.byPix(tx, customerId, nCtrId, d);
      if (method === 'LP') return this.byLink(tx, customerId, nCtrId, d);
      throw new Error(`unexpected advance method ${method}`);
    });
  }

  /** PI: a Pix charge of the bill, its advance request waiting for the payment. */
  private async byPix(tx: Executor, customerId: number, nCtrId: number, d: Advanceable): Promise<AdvanceAnswer> {
    const docEntries = [d.bill.docEntry];
    const pix = await this.pix.issue(tx, { customerId, nCtrId, purpose: 'advance', docEntries, amount: d.amount });
    await this.repo.insertAdvance(tx, {
      nCtrId,
      customerId,
      docEntry: d.bill.docEntry,
      method: 'PI',
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
        metodoPagamento: 'PI',
        mensagem: PAYMENT_MSG.pixCreated,
        conteudo: {
          valor: d.amount,
          faturas: docEntries,
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

  /** LP: a payment link of the bill, its advance request waiting for the payment. */
  private async byLink(tx: Executor, customerId: number, nCtrId: number, d: Advanceable): Promise<AdvanceAnswer> {
    const docEntries = [d.bill.docEntry];
    const link = await this.links.issue(tx, { customerId, nCtrId, docEntries, amount: d.amount });
    await this.repo.insertAdvance(tx, {
      nCtrId,
      customerId,
      docEntry: d.bill.docEntry,
      method: 'LP',
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
        metodoPagamento: 'LP',
        mensagem: PAYMENT_MSG.advanceLinkCreated,
        conteudo: {
          valor: d.amount,
          faturas: docEntries,
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

  /** CC, the card on file: the bill is reserved, charged with no lock held, then settled (issue 7). */
  private byCard(
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
        // If the answer is lost, the provider's notification settles the advance (issue 27).
        await this.charger.attempt(tx, {
          customerId,
          key,
          scope: 'advance',
          requestHash: hash,
          nCtrId,
          purpose: 'advance',
          docEntries: [d.bill.docEntry],
          amount: d.amount,
          newCard: false,
          advanceDueDate: d.bill.docDueDate,
        });
        return { plan: { bill: d.bill, amount: d.amount }, docEntries: [d.bill.docEntry] };
      },
      call: ({ bill, amount }) =>
        this.charger.charge({
          idempotencyKey: chargeReference(customerId, key),
          reference: reference(nCtrId),
          amount,
          currency: 'BRL',
          installments: 1,
          description: `Antecipação da fatura ${bill.docEntry} do contrato ${nCtrId}`,
        }),
      settle: (tx, { bill, amount }, result) => {
        // The card on file is charged merchant-initiated: a provider asking for 3DS here is a refusal.
        const settled =
          result.status === 'action_required'
            ? { status: 'declined' as const, gatewayId: result.gatewayId, code: 'action_required', message: PAYMENT_MSG.card3dsFailed }
            : result;
        return this.charger.record(
          tx,
          {
            customerId,
            contract,
            purpose: 'advance',
            key,
            docEntries: [bill.docEntry],
            amount,
            newCard: false,
            result: settled,
            advanceDocEntry: bill.docEntry,
          },
          (charge) => advanceCardAnswer(charge, bill, amount),
        );
      },
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
}
