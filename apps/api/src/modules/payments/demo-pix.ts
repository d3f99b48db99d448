import { randomBytes } from 'node:crypto';
import { PAYMENT_MSG, cents, centsToPixAmount } from '@guarita/domain';
import type { Database } from '../../db/db';
import { notFound } from '../../lib/errors';
import type { Clock } from '../../ports/clock';
import type { PixWebhookService } from './pix-webhook';
import type { PaymentsRepository } from './repository';
import type { ConfirmResult } from './shared';

/** Demo mode: the payer "pays" a Pix — what the PSP would send, through the same webhook code path. */
export class DemoPixPayer {
  constructor(
    private readonly db: Database,
    private readonly repo: PaymentsRepository,
    private readonly webhook: PixWebhookService,
    private readonly clock: Clock,
  ) {}

  async pay(txid: string): Promise<ConfirmResult> {
    const pix = await this.repo.findPix(this.db, txid);
    if (!pix) throw notFound(PAYMENT_MSG.pixNotFound);
    const answer = await this.webhook.handle({
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
}
