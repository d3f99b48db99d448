import { PAYMENT_MSG, type CardBrand, type CardPaymentResultDto, type ContractDto } from '@guarita/domain';
import type { Database, Executor } from '../../db/db';
import { AppError } from '../../lib/errors';
import type { StoredAnswer } from '../../lib/idempotency';
import { GatewayUnavailableError, type CardGateway, type ChargeResult } from '../../ports/card-gateway';
import type { Clock } from '../../ports/clock';
import type { ContractService } from '../contracts';
import type { NotificationOutbox } from '../notifications';
import { ChargeAttemptsRepository, type ChargeAttempt } from './card-attempts-repository';
import type { PaymentsRepository } from './repository';
import { chargeReference, notifyPaid, type DeclinedBody } from './shared';

/**
 * How long the bills of a charge whose answer was lost stay held for it (issue 27): the provider's AUTHORISATION (or
 * its refusal, or a CANCELLATION) comes within seconds to minutes; after this the customer may pay them another way,
 * and an approval that comes later is flagged for a refund instead of settling them twice.
 */
export const LOST_ANSWER_HOLD_MINUTES = 15;

/** The 200 answer of a card payment of open bills: one shape for the API answer, the 3DS completion and the webhook. */
export function cardPaymentAnswer(charge: ApprovedCharge, docEntries: number[], amount: number): StoredAnswer<CardPaymentResultDto> {
  return {
    status: 200,
    body: {
      sucesso: true,
      status: 200,
      mensagem: PAYMENT_MSG.paymentSuccess,
      conteudo: {
        pagamentoId: charge.id,
        valor: amount,
        faturas: docEntries,
        pmCard: charge.brand,
        cardSummary: charge.last4,
        pagoEm: charge.createdAt.toISOString(),
      },
    },
  };
}

/** What a settled charge tells the answer it goes into. */
export interface ApprovedCharge {
  id: number;
  createdAt: Date;
  brand: CardBrand;
  last4: string;
  gatewayId: string;
}

/** A charge to record: what was charged, for whom, and the gateway's outcome. */
export interface ChargeRecord {
  customerId: number;
  contract: ContractDto;
  purpose: 'invoice' | 'advance';
  key: string;
  docEntries: number[];
  amount: number;
  /** A new card was charged: approved, it becomes the card on file. */
  newCard: boolean;
  result: Exclude<ChargeResult, { status: 'action_required' }>;
  /** Set for an advance by card: its advance request is recorded with the charge. */
  advanceDocEntry?: number;
}

/** Card charges (open bills and advances by card): the gateway call, then its outcome recorded and settled. */
export class CardCharger {
  private readonly attempts = new ChargeAttemptsRepository();

  constructor(
    private readonly db: Database,
    private readonly gateway: CardGateway,
    private readonly repo: PaymentsRepository,
    private readonly contracts: ContractService,
    private readonly clock: Clock,
    /** Where the browser comes back to after a provider's redirect (3DS): the payments screen. */
    private readonly returnUrl: string,
    private readonly outbox?: NotificationOutbox,
  ) {}

  get gatewayName(): string {
    return this.gateway.name;
  }

  /**
   * Notes the charge about to be sent (in the transaction that reserves its bills): if its answer is lost, the
   * provider's notification (merchantReference = the charge's idempotency key) settles it (card-attempts.ts).
   */
  async attempt(tx: Executor, a: ChargeAttempt): Promise<void> {
    await this.attempts.upsert(tx, {
      merchantReference: chargeReference(a.customerId, a.key),
      gateway: this.gateway.name,
      ...a,
    });
  }

  /**
   * The gateway call, with no lock or connection held (issue 7); an unreachable gateway is a 502. Its outcome is then
   * unknown: the charge's bills stay held for it until the provider's notification says (or the hold ends).
   */
  async charge(req: Omit<Parameters<CardGateway['charge']>[0], 'returnUrl'>): Promise<ChargeResult> {
    try {
      return await this.gateway.charge({ ...req, returnUrl: this.returnUrl });
    } catch (err) {
      if (err instanceof GatewayUnavailableError) {
        await this.attempts.unknown(this.db, req.idempotencyKey, LOST_ANSWER_HOLD_MINUTES);
        throw new AppError(502, 'GATEWAY_UNAVAILABLE', PAYMENT_MSG.paymentOtherError);
      }
      throw err;
    }
  }

  /** The charge's outcome is recorded (or it waits for 3-D Secure, card_actions): its notification has nothing left to settle. */
  async settled(tx: Executor, customerId: number, key: string): Promise<void> {
    await this.attempts.delete(tx, chargeReference(customerId, key));
  }

  /** Records the gateway's outcome; on approval settles the bills in the same transaction. */
  async record<T>(
    tx: Executor,
    c: ChargeRecord,
    onApproved: (charge: ApprovedCharge) => StoredAnswer<T>,
  ): Promise<StoredAnswer<T | DeclinedBody>> {
    const r = c.result;
    const approved = r.status === 'approved';
    // The gateway says which card it charged; a webhook-settled 3DS payment may not: the card on file's summary then.
    const brand = (approved ? r.brand : null) ?? (c.newCard ? null : c.contract.pmCard);
    const last4 = (approved ? r.last4 : null) ?? (c.newCard ? null : c.contract.cardSummary);
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
      status: approved ? 'approved' : 'declined',
      declineCode: r.status === 'declined' ? r.code : null,
      createdAt: this.clock.now(),
    });
    await this.settled(tx, c.customerId, c.key);
    if (c.advanceDocEntry !== undefined) {
      await this.repo.insertAdvance(tx, {
        nCtrId: c.contract.nCtrId,
        customerId: c.customerId,
        docEntry: c.advanceDocEntry,
        method: 'CC',
        amount: c.amount,
        status: approved ? 'paid' : 'failed',
        cardChargeId: charge.id,
        createdAt: this.clock.now(),
      });
    }
    if (r.status === 'declined') {
      return {
        status: 402,
        body: { sucesso: false, status: 402, erro: 'CARD_DECLINED', mensagem: `${PAYMENT_MSG.cardDeclined} ${r.message}` },
      };
    }
    await this.contracts.markBillsPaid(tx, c.docEntries, this.clock.now());
    if (c.newCard && brand && last4) await this.contracts.setCardOnFile(tx, c.contract.nCtrId, brand, last4);
    await notifyPaid(
      this.outbox,
      tx,
      { customerId: c.customerId, nCtrId: c.contract.nCtrId, amount: c.amount },
      'cartao',
      `cartao:${charge.id}:pago`,
    );
    return onApproved({
      id: charge.id,
      createdAt: charge.createdAt,
      brand: brand ?? 'amex',
      last4: last4 ?? '0000',
      gatewayId: r.gatewayId,
    });
  }
}
