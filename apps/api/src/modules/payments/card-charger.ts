import { PAYMENT_MSG, type CardBrand, type ContractDto } from '@guarita/domain';
import type { Executor } from '../../db/db';
import { AppError } from '../../lib/errors';
import type { StoredAnswer } from '../../lib/idempotency';
import { GatewayUnavailableError, type CardGateway, type ChargeResult } from '../../ports/card-gateway';
import type { Clock } from '../../ports/clock';
import type { ContractService } from '../contracts';
import type { NotificationOutbox } from '../notifications';
import type { PaymentsRepository } from './repository';
import { notifyPaid, type DeclinedBody } from './shared';

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
  constructor(
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

  /** The gateway call, with no lock or connection held (issue 7); an unreachable gateway is a 502. */
  async charge(req: Omit<Parameters<CardGateway['charge']>[0], 'returnUrl'>): Promise<ChargeResult> {
    try {
      return await this.gateway.charge({ ...req, returnUrl: this.returnUrl });
    } catch (err) {
      if (err instanceof GatewayUnavailableError) throw new AppError(502, 'GATEWAY_UNAVAILABLE', PAYMENT_MSG.paymentOtherError);
      throw err;
    }
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
