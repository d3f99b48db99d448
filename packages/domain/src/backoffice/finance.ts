import { z } from 'zod';
import { staffTextSchema } from './staff';

/**
 * The financeiro desk (issue 13 §2): late Pix payments and the credits to refund (ADR 010), advance requests and
 * payment links. Lists are newest first, keyset-paged with the opaque cursor of the queue.
 */
export const FINANCE_MSG = {
  noteRequired: 'Descreva como o reembolso foi feito.',
  notPending: 'Este crédito não está aguardando reembolso.',
  latePixNotFound: 'Pagamento não encontrado.',
  useProviderRefund:
    'Este crédito é devolvido pelo provedor do Pix: use "Estornar" em Pagamentos (Crédito de Pix atrasado). Marcar à mão fica só para quando nenhum provedor pode devolver.',
} as const;

const cursor = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/)
  .optional();
const limite = z.coerce.number().int().min(1).max(100).default(25);

export const REFUND_STATUSES = ['pending', 'refunded', 'none'] as const;
export const REFUND_STATUS_LABEL: Record<(typeof REFUND_STATUSES)[number], string> = {
  pending: 'Reembolso pendente',
  refunded: 'Reembolsado',
  none: 'Sem crédito',
};
export const LatePixQuery = z.object({ reembolso: z.enum(REFUND_STATUSES).optional(), cursor, limite });
export type LatePixQuery = z.infer<typeof LatePixQuery>;

export const LatePixDto = z.object({
  id: z.number().int(),
  txid: z.string(),
  nCtrId: z.number().int(),
  documento: z.string().describe('masked'),
  valor: z.number().int().describe('cents received'),
  /** settled: it paid the bills late; credit: the bills were paid meanwhile, the money is a credit */
  resultado: z.enum(['settled', 'credit']),
  credito: z.number().int().describe('cents to refund'),
  reembolso: z.enum(REFUND_STATUSES),
  devolucao: z
    .enum(['provedor', 'outro_provedor', 'manual'])
    .describe("provedor: refunded through the PSP from Pagamentos ('Estornar'); otherwise marked by hand ('Marcar reembolsado')"),
  recebidoEm: z.string(),
  clienteAvisadoEm: z.string().nullable(),
  reembolsadoEm: z.string().nullable(),
  reembolsadoPor: z.string().nullable(),
  observacao: z.string().nullable(),
});
export type LatePixDto = z.infer<typeof LatePixDto>;
export const LatePixPageDto = z.object({ itens: z.array(LatePixDto), proximo: z.string().nullable() });
export type LatePixPageDto = z.infer<typeof LatePixPageDto>;

export const RefundBody = z.object({ observacao: staffTextSchema(FINANCE_MSG.noteRequired, 1000) });
export type RefundBody = z.infer<typeof RefundBody>;

export const ADVANCE_STATUSES = ['processing', 'paid', 'failed'] as const;
export const ADVANCE_STATUS_LABEL: Record<(typeof ADVANCE_STATUSES)[number], string> = {
  processing: 'Em processamento',
  paid: 'Pago',
  failed: 'Falhou',
};
export const AdvanceQuery = z.object({ status: z.enum(ADVANCE_STATUSES).optional(), cursor, limite });
export type AdvanceQuery = z.infer<typeof AdvanceQuery>;
export const AdvanceDto = z.object({
  id: z.number().int(),
  nCtrId: z.number().int(),
  fatura: z.number().int().describe('docEntry'),
  metodo: z.enum(['PI', 'CC', 'LP']),
  valor: z.number().int(),
  status: z.enum(ADVANCE_STATUSES),
  criadoEm: z.string(),
  expiraEm: z.string().nullable(),
});
export type AdvanceDto = z.infer<typeof AdvanceDto>;
export const AdvancePageDto = z.object({ itens: z.array(AdvanceDto), proximo: z.string().nullable() });
export type AdvancePageDto = z.infer<typeof AdvancePageDto>;

export const LINK_STATUSES = ['pending', 'paid', 'expired'] as const;
export const LINK_STATUS_LABEL: Record<(typeof LINK_STATUSES)[number], string> = {
  pending: 'Aguardando pagamento',
  paid: 'Pago',
  expired: 'Expirado',
};
export const PaymentLinkQuery = z.object({ status: z.enum(LINK_STATUSES).optional(), cursor, limite });
export type PaymentLinkQuery = z.infer<typeof PaymentLinkQuery>;
export const PaymentLinkDto = z.object({
  id: z.string(),
  nCtrId: z.number().int(),
  faturas: z.array(z.number().int()),
  valor: z.number().int(),
  status: z.enum(LINK_STATUSES),
  criadoEm: z.string(),
  expiraEm: z.string(),
  pagoEm: z.string().nullable(),
});
export type PaymentLinkDto = z.infer<typeof PaymentLinkDto>;
export const PaymentLinkPageDto = z.object({ itens: z.array(PaymentLinkDto), proximo: z.string().nullable() });
export type PaymentLinkPageDto = z.infer<typeof PaymentLinkPageDto>;
