import { PAYMENT_MSG, type CardData, type ChangeCardResultDto, type ContractId } from '@guarita/domain';
import type { Database } from '../../db/db';
import { AppError } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limit';
import { GatewayUnavailableError, type CardGateway } from '../../ports/card-gateway';
import type { ContractService } from '../contracts';
import { CARD_ATTEMPTS_PER_WINDOW, cardOnFile, reference } from './shared';

/** Trocar cartão: the gateway validates the new card; only its brand and last 4 digits are kept. */
export class CardChangeService {
  constructor(
    private readonly db: Database,
    private readonly contracts: ContractService,
    private readonly gateway: CardGateway,
    private readonly limiter: RateLimiter,
  ) {}

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
}
