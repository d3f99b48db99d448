import {
  PAYMENT_MSG,
  type CardActionRequiredDto,
  type ContractDto,
  type ContractId,
  type CardPaymentResultDto,
  type ChangeCardResultDto,
} from '@guarita/domain';
import { sql } from 'kysely';
import type { Database, Executor } from '../../db/db';
import { AppError, notFound } from '../../lib/errors';
import type { StoredAnswer } from '../../lib/idempotency';
import { GatewayUnavailableError, type CardAction, type CardGateway, type ChargeResult } from '../../ports/card-gateway';
import type { Clock } from '../../ports/clock';
import type { ContractService } from '../contracts';
import { cardPaymentAnswer, type CardCharger } from './card-charger';
import { cardOnFile, type DeclinedBody } from './shared';

/** How long a 3DS challenge may take before the reserved bills are free again. */
const ACTION_MINUTES = 15;

type Settled = Exclude<ChargeResult, { status: 'action_required' }>;
export type CardActionAnswer = StoredAnswer<CardPaymentResultDto | ChangeCardResultDto | DeclinedBody | ErrorBody>;
interface ErrorBody {
  sucesso: false;
  status: number;
  erro: string;
  mensagem: string;
}

/**
 * A card payment or card change the provider answered with a 3-D Secure action (issue 27): the action is recorded
 * (card_actions: its bills stay reserved until it is settled or expires) and answered 202; the browser runs the
 * provider's challenge and posts the details back (`complete`), or the provider's AUTHORISATION / CANCELLATION
 * webhook settles it (`settle`). Whichever comes first settles it, once; the other gets the same answer.
 */
export class CardActionService {
  constructor(
    private readonly db: Database,
    private readonly gateway: CardGateway,
    private readonly contracts: ContractService,
    private readonly charger: CardCharger,
    private readonly clock: Clock,
  ) {}

  /** Records the pending action in the caller's transaction; the 202 answer the browser acts on. */
  async open(
    tx: Executor,
    a: {
      gatewayId: string;
      action: CardAction;
      customerId: number;
      nCtrId: number;
      purpose: 'invoice' | 'change';
      idemKey: string;
      docEntries?: number[];
      amount?: number;
    },
  ): Promise<{ status: 202; body: CardActionRequiredDto }> {
    const now = this.clock.now();
    await tx
      .insertInto('card_actions')
      .values({
        gateway_id: a.gatewayId,
        customer_id: a.customerId,
        n_ctr_id: a.nCtrId,
        purpose: a.purpose,
        idem_key: a.idemKey,
        doc_entries: a.docEntries ?? [],
        amount_cents: a.amount ?? 0,
        gateway: this.gateway.name,
        expires_at: new Date(now.getTime() + ACTION_MINUTES * 60_000),
        created_at: now,
      })
      .onConflict((oc) => oc.column('gateway_id').doNothing())
      .execute();
    return {
      status: 202,
      body: {
        sucesso: false,
        status: 202,
        acaoNecessaria: true,
        gatewayId: a.gatewayId,
        acao: { provider: a.action.provider, data: a.action.data },
      },
    };
  }

  /** The browser's details after the challenge: the provider decides, then the outcome is settled (or replayed). */
  async complete(customerId: number, nCtrId: number, gatewayId: string, details: Record<string, unknown>): Promise<CardActionAnswer> {
    const row = await this.db
      .selectFrom('card_actions')
      .select(['status', 'answer', 'idem_key', 'expires_at', 'purpose'])
      .where('gateway_id', '=', gatewayId)
      .where('customer_id', '=', customerId)
      .where('n_ctr_id', '=', nCtrId)
      .executeTakeFirst();
    if (!row) throw notFound(PAYMENT_MSG.card3dsFailed);
    // Settled already: the answer, unless the provider's notification settled it without the card's brand and digits.
    if (
      row.status !== 'pending' &&
      !(row.status === 'approved' && row.purpose === 'invoice' && (await this.cardUnknown(customerId, row.idem_key)))
    )
      return row.answer as CardActionAnswer;
    if (row.expires_at.getTime() <= this.clock.now().getTime()) {
      return this.settle(gatewayId, { status: 'declined', gatewayId, code: '3ds_expired', message: PAYMENT_MSG.card3dsExpired });
    }
    let result: ChargeResult;
    try {
      // No lock or connection held during the provider's call; its idempotency key makes a retry replay it.
      result = await this.gateway.completeAction({ gatewayId, idempotencyKey: `${row.idem_key}:3ds`, details });
    } catch (err) {
      if (err instanceof GatewayUnavailableError) throw new AppError(502, 'GATEWAY_UNAVAILABLE', PAYMENT_MSG.paymentOtherError);
      throw err;
    }
    if (result.status === 'action_required') {
      // A second action (rare: Adyen may chain a fingerprint and a challenge): hand it to the browser as well.
      return { status: 202, body: { sucesso: false, status: 202, acaoNecessaria: true, gatewayId, acao: result.action } } as never;
    }
    return this.settle(gatewayId, result);
  }

  private async cardUnknown(customerId: number, idemKey: string): Promise<boolean> {
    const c = await this.db
      .selectFrom('card_charges')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('idem_key', '=', idemKey)
      .where('card_brand', 'is', null)
      .executeTakeFirst();
    return c !== undefined;
  }

  /**
   * Settles a pending action with the provider's outcome, once: the row is locked; a row already settled answers
   * what it answered. Returns null when there is no such action (not ours: the webhook handler moves on).
   */
  async settle(gatewayId: string, result: Settled): Promise<CardActionAnswer>;
  async settle(gatewayId: string, result: Settled, opts: { ifExists: true }): Promise<CardActionAnswer | null>;
  async settle(gatewayId: string, result: Settled, opts?: { ifExists: true }): Promise<CardActionAnswer | null> {
    const pre = await this.db
      .selectFrom('card_actions')
      .select(['customer_id', 'n_ctr_id', 'purpose'])
      .where('gateway_id', '=', gatewayId)
      .executeTakeFirst();
    if (!pre) {
      if (opts?.ifExists) return null;
      throw notFound(PAYMENT_MSG.card3dsFailed);
    }
    // Read before the transaction (one connection on the embedded database): the contract the payment is for.
    const contract = pre.purpose === 'invoice' ? await this.contracts.requireOwned(pre.customer_id, pre.n_ctr_id as ContractId) : null;
    return this.db.transaction().execute(async (tx) => {
      const a = await tx.selectFrom('card_actions').selectAll().where('gateway_id', '=', gatewayId).forUpdate().executeTakeFirstOrThrow();
      if (a.status !== 'pending') return this.completeCard(tx, a, result);
      const answer = contract ? await this.settleInvoice(tx, contract, a, result) : await this.settleChange(tx, a.n_ctr_id, result);
      await tx
        .updateTable('card_actions')
        .set({
          status: result.status,
          answer: sql`${JSON.stringify(answer)}::jsonb`,
          completed_at: this.clock.now(),
        })
        .where('gateway_id', '=', gatewayId)
        .execute();
      return answer;
    });
  }

  /**
   * A payment the provider's AUTHORISATION settled before the browser came back is recorded without the card's brand
   * and last digits (the notification has none); the browser's answer, which has them, completes the record and the
   * card on file. Anything else settled already answers what it answered.
   */
  private async completeCard(
    tx: Executor,
    a: { status: string; purpose: string; answer: unknown; customer_id: number; n_ctr_id: number; idem_key: string; gateway_id: string },
    r: Settled,
  ): Promise<CardActionAnswer> {
    const answer = a.answer as CardActionAnswer;
    if (a.status !== 'approved' || a.purpose !== 'invoice' || r.status !== 'approved' || !r.brand || !r.last4) return answer;
    const updated = await tx
      .updateTable('card_charges')
      .set({ card_brand: r.brand, card_last4: r.last4 })
      .where('customer_id', '=', a.customer_id)
      .where('idem_key', '=', a.idem_key)
      .where('card_brand', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!updated) return answer;
    await this.contracts.setCardOnFile(tx, a.n_ctr_id, r.brand, r.last4);
    const body = answer.body as CardPaymentResultDto;
    const completed = { status: answer.status, body: { ...body, conteudo: { ...body.conteudo, pmCard: r.brand, cardSummary: r.last4 } } };
    await tx
      .updateTable('card_actions')
      .set({ answer: sql`${JSON.stringify(completed)}::jsonb` })
      .where('gateway_id', '=', a.gateway_id)
      .execute();
    return completed;
  }

  private async settleChange(tx: Executor, nCtrId: number, r: Settled): Promise<CardActionAnswer> {
    if (r.status === 'declined' || !r.brand || !r.last4) {
      const message = r.status === 'declined' ? r.message : PAYMENT_MSG.card3dsFailed;
      return {
        status: 422,
        body: { sucesso: false, status: 422, erro: 'CARD_DECLINED', mensagem: `${PAYMENT_MSG.cardChangeFailed} ${message}` },
      };
    }
    await this.contracts.setCardOnFile(tx, nCtrId, r.brand, r.last4);
    return {
      status: 200,
      body: { sucesso: true, mensagem: PAYMENT_MSG.cardChanged, conteudo: cardOnFile({ pmCard: r.brand, cardSummary: r.last4 })! },
    };
  }

  private async settleInvoice(
    tx: Executor,
    contract: ContractDto,
    a: { customer_id: number; n_ctr_id: number; idem_key: string; doc_entries: number[]; amount_cents: number },
    result: Settled,
  ): Promise<CardActionAnswer> {
    return this.charger.record(
      tx,
      {
        customerId: a.customer_id,
        contract,
        purpose: 'invoice',
        key: a.idem_key,
        docEntries: a.doc_entries,
        amount: a.amount_cents,
        newCard: true,
        result,
      },
      (charge) => cardPaymentAnswer(charge, a.doc_entries, a.amount_cents),
    );
  }
}
