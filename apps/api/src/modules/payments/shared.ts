import {
  CARD_BRAND_LABEL,
  PIX_DISPLAYED_VALIDITY,
  maskCardSummary,
  pixStatus,
  type CardOnFileDto,
  type ContractDto,
  type PixConteudoDto,
  type PixWebhookResultDto,
} from '@guarita/domain';
import type { Executor } from '../../db/db';
import type { EncryptedCard } from '../../ports/card-gateway';
import type { NotificationOutbox } from '../notifications';
import type { PixRow } from './repository';

/** What the payment services share: the requests' and answers' shapes and small helpers. */

export interface CardPaymentInput {
  faturas?: number[];
  valorTotal: number;
  dadosDoCartao?: EncryptedCard;
}
export interface PixInput {
  faturas?: number[];
  valorTotal: number;
}

/** What a declined charge answers (HTTP 402, stored with the idempotency key like a success). */
export interface DeclinedBody {
  sucesso: false;
  status: 402;
  erro: 'CARD_DECLINED';
  mensagem: string;
}

export type ConfirmResult = PixWebhookResultDto['resultados'][number]['resultado'];

/** Card-change and new-card payment attempts per customer per rate-limit window (card-testing brake). */
export const CARD_ATTEMPTS_PER_WINDOW = 10;

/** The contract a charge, a card token or a payment link is for, as the card gateway sees it. */
export const reference = (nCtrId: number) => `contract:${nCtrId}`;

/**
 * The idempotency key a card charge is sent to the provider with, also the merchantReference of its notifications:
 * the customer's Idempotency-Key, scoped to the customer.
 */
export const chargeReference = (customerId: number, key: string) => `${customerId}:${key}`;

export function sortedUnique(v: number[] | undefined): number[] | null {
  return v ? [...new Set(v)].sort((a, b) => a - b) : null;
}

export function cardOnFile(c: Pick<ContractDto, 'pmCard' | 'cardSummary'>): CardOnFileDto | null {
  if (!c.pmCard || !c.cardSummary) return null;
  return { pmCard: c.pmCard, cardSummary: c.cardSummary, mascarado: maskCardSummary(c.cardSummary), bandeira: CARD_BRAND_LABEL[c.pmCard] };
}

export function toPixConteudo(r: PixRow, now: Date): PixConteudoDto {
  return {
    txid: r.txid,
    rnId: r.txid,
    numeroInterno: r.id,
    pspReference: r.pspReference,
    chaveAleatoria: r.payload,
    link: r.location,
    dataExpiracao: r.expiresAt.toISOString(),
    dtVencimento: r.dueDate,
    valor: r.amount,
    faturas: r.docEntries,
    status: pixStatus(r.status, r.expiresAt, now),
    pagoEm: r.paidAt ? r.paidAt.toISOString() : null,
    validadeExibida: PIX_DISPLAYED_VALIDITY,
  };
}

/** 'Pagamento confirmado' in the caller's transaction: a rollback notifies nothing, a replay (same key) adds nothing. */
export async function notifyPaid(
  outbox: NotificationOutbox | undefined,
  tx: Executor,
  p: { customerId: number; nCtrId: number; amount: number },
  method: 'cartao' | 'pix' | 'pix_atrasado' | 'link',
  key: string,
): Promise<void> {
  await outbox?.emit(tx, p.customerId, key, { type: 'pagamento_confirmado', method, amountCents: p.amount, nCtrId: p.nCtrId });
}
