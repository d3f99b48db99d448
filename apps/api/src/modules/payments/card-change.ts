import { randomUUID } from 'node:crypto';
import { PAYMENT_MSG, type CardActionRequiredDto, type ChangeCardResultDto, type ContractId } from '@guarita/domain';
import type { Database } from '../../db/db';
import { AppError } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limit';
import { GatewayUnavailableError, type CardGateway, type EncryptedCard } from '../../ports/card-gateway';
import type { ContractService } from '../contracts';
import type { CardActionService } from './card-actions';
import { CARD_ATTEMPTS_PER_WINDOW, cardOnFile, reference } from './shared';

/**
 * Trocar cartão: the gateway validates the new card (a zero-amount authorisation, which may ask for 3-D Secure)
 * and vaults it; Guarita keeps only its brand and last 4 digits. The card arrives encrypted by the browser.
 */
export class CardChangeService {
  constructor(
    private readonly db: Database,
    private readonly contracts: ContractService,
    private readonly gateway: CardGateway,
    private readonly limiter: RateLimiter,
    private readonly actions: CardActionService,
    private readonly returnUrl: string,
  ) {}

  async changeCard(
    customerId: number,
    nCtrId: ContractId,
    card: EncryptedCard,
  ): Promise<{ status: 200; body: ChangeCardResultDto } | { status: 202; body: CardActionRequiredDto }> {
    await this.contracts.requireActive(customerId, nCtrId);
    await this.limiter.hit(`card-attempt:customer:${customerId}`, CARD_ATTEMPTS_PER_WINDOW);
    const idemKey = `change:${customerId}:${randomUUID()}`;
    let result;
    try {
      result = await this.gateway.tokenize({ idempotencyKey: idemKey, reference: reference(nCtrId), card, returnUrl: this.returnUrl });
    } catch (err) {
      if (err instanceof GatewayUnavailableError) throw new AppError(502, 'GATEWAY_UNAVAILABLE', PAYMENT_MSG.cardChangeException);
      throw err;
    }
    if (result.status === 'action_required') {
      const r = result;
      return this.db.transaction().execute((tx) => this.actions.open(tx, { ...r, customerId, nCtrId, purpose: 'change', idemKey }));
    }
    if (result.status === 'declined') throw new AppError(422, 'CARD_DECLINED', `${PAYMENT_MSG.cardChangeFailed} ${result.message}`);
    if (!result.brand || !result.last4) throw new AppError(502, 'GATEWAY_UNAVAILABLE', PAYMENT_MSG.cardChangeException);
    await this.contracts.setCardOnFile(this.db, nCtrId, result.brand, result.last4);
    return {
      status: 200,
      body: {
        sucesso: true,
        mensagem: PAYMENT_MSG.cardChanged,
        conteudo: cardOnFile({ pmCard: result.brand, cardSummary: result.last4 })!,
      },
    };
  }
}
