import type { ContractId, PaymentsSummaryDto } from '@guarita/domain';
import type { Database } from '../../db/db';
import type { Clock } from '../../ports/clock';
import type { ContractService } from '../contracts';
import type { PaymentsRepository } from './repository';
import { cardOnFile, toPixConteudo } from './shared';

/** The payments screen's summary: the card on file, the open total and bills, the open Pix. */
export class PaymentsSummaryService {
  constructor(
    private readonly db: Database,
    private readonly repo: PaymentsRepository,
    private readonly contracts: ContractService,
    private readonly clock: Clock,
  ) {}

  async get(customerId: number, nCtrId: ContractId): Promise<PaymentsSummaryDto> {
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
}
