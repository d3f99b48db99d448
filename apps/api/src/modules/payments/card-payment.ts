import { PAYMENT_MSG, type CardActionRequiredDto, type CardPaymentResultDto, type ContractId } from '@guarita/domain';
import { AppError } from '../../lib/errors';
import type { IdempotencyStore, IdempotentAnswer, StoredAnswer } from '../../lib/idempotency';
import type { RateLimiter } from '../../lib/rate-limit';
import type { ContractService } from '../contracts';
import type { CardActionService } from './card-actions';
import { cardPaymentAnswer, type CardCharger } from './card-charger';
import type { PayableBills } from './payable-bills';
import { CARD_ATTEMPTS_PER_WINDOW, chargeReference, reference, sortedUnique, type CardPaymentInput, type DeclinedBody } from './shared';

/** Open bills paid by card: the card on file or a new card, which then becomes the card on file. */
export class CardPaymentService {
  constructor(
    private readonly contracts: ContractService,
    private readonly bills: PayableBills,
    private readonly charger: CardCharger,
    private readonly idem: IdempotencyStore,
    private readonly limiter: RateLimiter,
    private readonly actions: CardActionService,
  ) {}

  /** Pays overdue ('I') bills with the card on file or a new card; exactly one charge per Idempotency-Key. */
  async payOpenBills(
    customerId: number,
    nCtrId: ContractId,
    key: string,
    input: CardPaymentInput,
  ): Promise<IdempotentAnswer<CardPaymentResultDto | DeclinedBody | CardActionRequiredDto>> {
    const contract = await this.contracts.requireActive(customerId, nCtrId);
    if (contract.slpCode === null) throw new AppError(422, 'SELLER_CODE_MISSING', PAYMENT_MSG.sellerCodeMissing);
    const card = input.dadosDoCartao;
    const hash = this.idem.requestHash('card-payment', {
      nCtrId,
      faturas: sortedUnique(input.faturas),
      valorTotal: input.valorTotal,
      // Not the encrypted fields: each encryption differs (random key and IV) although the card is the same.
      card: card ? { holderName: card.holderName } : null,
    });
    if (card) await this.limiter.hit(`card-attempt:customer:${customerId}`, CARD_ATTEMPTS_PER_WINDOW);

    // Reserve the bills (short transaction), charge with no lock or connection held, then settle (issue 7).
    return this.idem.runOutsideLock(customerId, key, 'card-payment', hash, {
      reserve: async (tx) => {
        const { bills, total } = await this.bills.lock(tx, nCtrId, input.faturas, input.valorTotal, { customerId, key });
        if (!card && !contract.cardSummary) throw new AppError(422, 'NO_CARD_ON_FILE', PAYMENT_MSG.noCardOnFile);
        const docEntries = bills.map((b) => b.docEntry);
        // If the answer is lost, the provider's notification settles these bills (issue 27).
        await this.charger.attempt(tx, {
          customerId,
          key,
          scope: 'card-payment',
          requestHash: hash,
          nCtrId,
          purpose: 'invoice',
          docEntries,
          amount: total,
          newCard: !!card,
        });
        return { plan: { docEntries, total }, docEntries };
      },
      call: ({ docEntries, total }) =>
        this.charger.charge({
          idempotencyKey: chargeReference(customerId, key),
          reference: reference(nCtrId),
          amount: total,
          currency: 'BRL',
          installments: 1,
          description: `Faturas ${docEntries.join(', ')} do contrato ${nCtrId}`,
          ...(card ? { card } : {}),
        }),
      settle: async (
        tx,
        { docEntries, total },
        result,
      ): Promise<StoredAnswer<CardPaymentResultDto | DeclinedBody | CardActionRequiredDto>> => {
        // 3-D Secure: the customer authenticates in the browser; the bills stay reserved by the pending action.
        if (result.status === 'action_required') {
          await this.charger.settled(tx, customerId, key);
          return this.actions.open(tx, { ...result, customerId, nCtrId, purpose: 'invoice', idemKey: key, docEntries, amount: total });
        }
        return this.charger.record(
          tx,
          { customerId, contract, purpose: 'invoice', key, docEntries, amount: total, newCard: !!card, result },
          (charge) => cardPaymentAnswer(charge, docEntries, total),
        );
      },
    });
  }
}
