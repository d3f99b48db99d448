import { z } from 'zod';
import { staffTextSchema } from './staff';

/**
 * The financeiro desk's payments (issue 27 item 7, ADR 078): every payment — card, payment link, Pix, Pix Automático
 * and a late Pix kept as a credit — with its provider and the provider's reference, the history of what the provider
 * told us, and refunds ('Estornar') made through the provider.
 */
export const DESK_PAYMENT_MSG = {
  notFound: 'Pagamento não encontrado.',
  amountRequired: 'Informe o valor a estornar, maior que zero.',
  reasonRequired: 'Descreva o motivo do estorno (ao menos 3 caracteres).',
  overRefund: 'O valor passa do que ainda pode ser estornado deste pagamento ({restante}).',
  nothingLeft: 'Este pagamento já foi estornado por inteiro (ou há estornos em andamento que somam o total).',
  idempotencyConflict: 'Esta chave de idempotência já foi usada para um estorno diferente.',
  providerUnavailable:
    'O provedor de pagamento não respondeu. O estorno ficou reservado e não foi confirmado; tente de novo — repetir o pedido não estorna duas vezes.',
  providerRefused: 'O provedor recusou o estorno. Nada foi estornado.',
  otherProvider:
    'Este pagamento foi feito pelo provedor {provedor}, que não é o configurado agora; faça o estorno no painel desse provedor.',
  lateCardApproval:
    'Aprovação do cartão recebida depois que as faturas já tinham sido pagas de outra forma (a resposta da operadora se perdeu e a reserva expirou). As faturas não foram quitadas de novo: estorne este valor ao cliente.',
  noProviderReference: 'Este pagamento não tem referência no provedor; o estorno não pode ser feito pelo painel.',
  noProviderRefund:
    'O provedor {provedor} não devolve dinheiro por API (Pix numa chave estática); devolva pelo banco e registre o reembolso à mão.',
} as const;

/**
 * What the desk lists: card charges, payment links paid (by card, at the provider's hosted page), Pix charges, Pix
 * Automático charges, and late Pix credits (money received after its bill was settled otherwise, kept to give back).
 */
export const DESK_PAYMENT_METHODS = ['card', 'link', 'pix', 'pix_automatico', 'pix_credito'] as const;
export type DeskPaymentMethod = (typeof DESK_PAYMENT_METHODS)[number];
export const DESK_PAYMENT_METHOD_LABEL: Record<DeskPaymentMethod, string> = {
  card: 'Cartão',
  link: 'Link de pagamento',
  pix: 'Pix',
  pix_automatico: 'Pix Automático',
  pix_credito: 'Crédito de Pix atrasado',
};

/** A payment's id on the desk: a number (card, Pix, late credit), a link id or a Pix Automático txid. */
export const DESK_PAYMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The provider configured now for a kind of payment, and whether it can give money back through its API. */
export interface RefundingProvider {
  name: string;
  canRefund: boolean;
}

/**
 * Who can give a payment's money back (ADR 078): `provedor` — the provider that took it, configured now, through its
 * API ('Estornar'); `outro_provedor` — another provider took it (refund in that provider's own panel); `manual` — no
 * configured provider can return money (none configured, or a static Pix key outside demo mode): the money goes back
 * outside Guarita, and a late Pix credit is then marked refunded by hand ('Marcar reembolsado').
 */
export function refundRoute(takenBy: string, configured: RefundingProvider | null): 'provedor' | 'outro_provedor' | 'manual' {
  if (!configured) return 'manual';
  if (configured.name !== takenBy) return 'outro_provedor';
  return configured.canRefund ? 'provedor' : 'manual';
}

/** A payment's refund state: none, some in progress, part refunded, all refunded. */
export const PAYMENT_REFUND_STATES = ['nenhum', 'em_andamento', 'parcial', 'total'] as const;
export type PaymentRefundState = (typeof PAYMENT_REFUND_STATES)[number];
export const PAYMENT_REFUND_STATE_LABEL: Record<PaymentRefundState, string> = {
  nenhum: 'Sem estorno',
  em_andamento: 'Estorno em andamento',
  parcial: 'Estornado em parte',
  total: 'Estornado',
};

/** One refund's status: reserved before the provider call, taken by the provider, confirmed, refused. */
export const REFUND_ROW_STATUSES = ['requested', 'pending', 'refunded', 'failed'] as const;
export type RefundRowStatus = (typeof REFUND_ROW_STATUSES)[number];
export const REFUND_ROW_STATUS_LABEL: Record<RefundRowStatus, string> = {
  requested: 'Solicitado (aguardando resposta do provedor)',
  pending: 'Em processamento no provedor',
  refunded: 'Estornado',
  failed: 'Recusado pelo provedor',
};

/**
 * The state shown for a payment of `paid` cents: `refunded` confirmed and `open` in progress (requested or pending).
 * Failed refunds count for nothing.
 */
export function paymentRefundState(paid: number, refunded: number, open: number): PaymentRefundState {
  if (refunded >= paid && paid > 0) return 'total';
  if (open > 0) return 'em_andamento';
  if (refunded > 0) return 'parcial';
  return 'nenhum';
}

/** What may still be refunded: paid minus confirmed minus in progress, never below zero. */
export function refundableCents(paid: number, refunded: number, open: number): number {
  return Math.max(0, paid - refunded - open);
}

const cursor = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/)
  .optional();

export const DeskPaymentQuery = z.object({
  metodo: z.enum(DESK_PAYMENT_METHODS).optional(),
  contrato: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  cursor,
  limite: z.coerce.number().int().min(1).max(100).default(25),
});
export type DeskPaymentQuery = z.infer<typeof DeskPaymentQuery>;

export const DeskPaymentParams = z.object({
  metodo: z.enum(DESK_PAYMENT_METHODS),
  id: z.string().regex(DESK_PAYMENT_ID),
});
export type DeskPaymentParams = z.infer<typeof DeskPaymentParams>;

export const DeskPaymentDto = z.object({
  metodo: z.enum(DESK_PAYMENT_METHODS),
  id: z.string().describe('card_charges / pix_charges / pix_late_payments id, payment link id, Pix Automático txid'),
  nCtrId: z.number().int(),
  documento: z.string().describe('masked'),
  faturas: z.array(z.number().int()),
  valor: z.number().int().describe('cents paid'),
  estornado: z.number().int().describe('cents refunded, confirmed by the provider'),
  emAndamento: z.number().int().describe('cents in refunds not yet confirmed'),
  estornavel: z.number().int().describe('cents that may still be refunded'),
  estorno: z.enum(PAYMENT_REFUND_STATES),
  provedor: z.string().describe("the provider's name: sandbox, adyen, static-brcode, api-pix…"),
  referencia: z
    .string()
    .nullable()
    .describe("the payment at the provider: card gatewayId (a link's: its AUTHORISATION's payment id), Pix endToEndId"),
  estornoPor: z
    .enum(['provedor', 'outro_provedor', 'manual'])
    .describe("who can refund it: the configured provider ('Estornar'), another provider's panel, or by hand"),
  txid: z.string().nullable(),
  cartao: z.string().nullable().describe("brand and last 4 digits, e.g. 'visa •••• 1111'"),
  pagoEm: z.string(),
  alerta: z
    .string()
    .nullable()
    .describe('what the desk must do about it: a card approval that came after its bills were paid another way is to be refunded'),
});
export type DeskPaymentDto = z.infer<typeof DeskPaymentDto>;
export const DeskPaymentPageDto = z.object({ itens: z.array(DeskPaymentDto), proximo: z.string().nullable() });
export type DeskPaymentPageDto = z.infer<typeof DeskPaymentPageDto>;

export const ProviderEventDto = z.object({
  id: z.number().int(),
  provedor: z.string(),
  tipo: z.string().describe("the provider's event kind: AUTHORISATION, REFUND, pix, devolucao…"),
  idEvento: z.string(),
  referencia: z.string().nullable(),
  sucesso: z.boolean().nullable(),
  valor: z.number().int().nullable(),
  recebidoEm: z.string(),
  dados: z.unknown().describe("the provider's message, with anything card-like removed"),
});
export type ProviderEventDto = z.infer<typeof ProviderEventDto>;

export const PaymentRefundDto = z.object({
  id: z.number().int(),
  valor: z.number().int(),
  motivo: z.string(),
  status: z.enum(REFUND_ROW_STATUSES),
  idEstorno: z.string().describe('our refund id, sent to the provider'),
  idProvedor: z.string().nullable().describe("the provider's refund id (card refundId, Pix rtrId)"),
  falha: z.string().nullable(),
  pedidoPor: z.string(),
  pedidoEm: z.string(),
  confirmadoEm: z.string().nullable(),
});
export type PaymentRefundDto = z.infer<typeof PaymentRefundDto>;

export const DeskPaymentDetailDto = DeskPaymentDto.extend({
  eventos: z.array(ProviderEventDto).describe('oldest first'),
  estornos: z.array(PaymentRefundDto).describe('oldest first'),
});
export type DeskPaymentDetailDto = z.infer<typeof DeskPaymentDetailDto>;

export const RefundRequestBody = z.object({
  valor: z
    .number({ error: DESK_PAYMENT_MSG.amountRequired })
    .int(DESK_PAYMENT_MSG.amountRequired)
    .positive(DESK_PAYMENT_MSG.amountRequired)
    .max(100_000_000, DESK_PAYMENT_MSG.amountRequired),
  motivo: staffTextSchema(DESK_PAYMENT_MSG.reasonRequired, 500).refine((s) => s.trim().length >= 3, DESK_PAYMENT_MSG.reasonRequired),
});
export type RefundRequestBody = z.infer<typeof RefundRequestBody>;

/** The answer to a refund request: the refund as it stands, and the payment after it. */
export const RefundResultDto = z.object({ estorno: PaymentRefundDto, pagamento: DeskPaymentDto });
export type RefundResultDto = z.infer<typeof RefundResultDto>;

/**
 * Cents from what the desk types in the refund amount: '40', '40,5', '40,50', '1.234,56', 'R$ 40,00'. Null when it is
 * not an amount in reais with at most two decimals.
 */
export function parseReaisInput(text: string): number | null {
  const s = text.replace(/^\s*R\$\s*/i, '').trim();
  if (!/^(\d{1,3}(\.\d{3})+|\d+)(,\d{1,2})?$/.test(s)) return null;
  const [int, dec = ''] = s.replace(/\./g, '').split(',');
  const cents = Number(int) * 100 + Number(dec.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}
