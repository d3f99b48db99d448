import { PAYMENT_MSG, type CardBrand, type CardData, type ContractDto } from '@guarita/domain';
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
  card?: CardData | undefined;
  result: ChargeResult;
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
    private readonly outbox?: NotificationOutbox,
  ) {}

  /** The gateway call, with no lock or connection held (issue 7); an unreachable gateway is a 502. */
  async charge(req: Parameters<CardGateway['charge']>[0]): Promise<ChargeResult> {
    try {
      return await this.gateway.charge(req);
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
    await notifyPaid(
      this.outbox,
      tx,
      { customerId: c.customerId, nCtrId: c.contract.nCtrId, amount: c.amount },
      'cartao',
      `cartao:${charge.id}:pago`,
    );
    return onApproved({ id: charge.id, createdAt: charge.createdAt, brand, last4, gatewayId: r.gatewayId });
  }
}
