import { z } from 'zod';
import { BillDto } from '../api';
import { ADVANCE_METHODS } from './advance';

/** Response shapes of /api/payments/*: one definition for the API's schemas and the web app's types. Money in cents. */

export const CardOnFileDto = z
  .object({
    pmCard: z.enum(['mc', 'visa', 'amex']),
    cardSummary: z.string(),
    /** '**** **** **** 4242' */
    mascarado: z.string(),
    bandeira: z.string(),
  })
  .meta({ id: 'CardOnFile' });
export type CardOnFileDto = z.infer<typeof CardOnFileDto>;

export const PixStatusDto = z.enum(['pending', 'paid', 'expired']);

/** Spec 000 §3 'Pix result' conteudo, plus what the screen needs to poll and display. */
export const PixConteudoDto = z
  .object({
    txid: z.string(),
    rnId: z.string(),
    numeroInterno: z.number().int(),
    pspReference: z.string(),
    /** The BR Code "copia e cola" payload; also what the QR image encodes. */
    chaveAleatoria: z.string(),
    /** PSP location of a dynamic charge, when the PSP gives one; null for the built-in static BR Code. */
    link: z.string().nullable(),
    /** ISO instant: creation + 360 minutes. */
    dataExpiracao: z.string(),
    /** 'YYYY-MM-DD': tomorrow at creation. */
    dtVencimento: z.string(),
    valor: z.number().int(),
    faturas: z.array(z.number().int()),
    status: PixStatusDto,
    pagoEm: z.string().nullable(),
    /** '02 horas' */
    validadeExibida: z.string(),
  })
  .meta({ id: 'PixConteudo' });
export type PixConteudoDto = z.infer<typeof PixConteudoDto>;

export const PixResultDto = z.object({ sucesso: z.literal(true), mensagem: z.string(), conteudo: PixConteudoDto });
export type PixResultDto = z.infer<typeof PixResultDto>;

export const CardPaymentResultDto = z.object({
  sucesso: z.literal(true),
  status: z.literal(200),
  mensagem: z.string(),
  conteudo: z.object({
    pagamentoId: z.number().int(),
    valor: z.number().int(),
    faturas: z.array(z.number().int()),
    pmCard: z.enum(['mc', 'visa', 'amex']),
    cardSummary: z.string(),
    pagoEm: z.string(),
  }),
});
export type CardPaymentResultDto = z.infer<typeof CardPaymentResultDto>;

/**
 * 202: the provider asks the customer to authenticate (3-D Secure 2). The browser hands `acao` to the provider's
 * code (`acao.provider`), then posts what it yields to POST /api/payments/contracts/{nCtrId}/card-action.
 */
export const CardActionRequiredDto = z
  .object({
    sucesso: z.literal(false),
    status: z.literal(202),
    acaoNecessaria: z.literal(true),
    gatewayId: z.string(),
    acao: z.object({ provider: z.enum(['sandbox', 'adyen']), data: z.record(z.string(), z.unknown()) }),
  })
  .meta({ id: 'CardActionRequired' });
export type CardActionRequiredDto = z.infer<typeof CardActionRequiredDto>;

/** What the browser needs to encrypt a card for the configured provider. */
export const CardClientConfigDto = z
  .discriminatedUnion('provider', [
    z.object({ provider: z.literal('sandbox'), keyId: z.string(), publicKeyJwk: z.record(z.string(), z.unknown()) }),
    z.object({ provider: z.literal('adyen'), clientKey: z.string(), environment: z.enum(['test', 'live']) }),
  ])
  .meta({ id: 'CardClientConfig' });
export type CardClientConfigDto = z.infer<typeof CardClientConfigDto>;

export const ChangeCardResultDto = z.object({ sucesso: z.literal(true), mensagem: z.string(), conteudo: CardOnFileDto });
export type ChangeCardResultDto = z.infer<typeof ChangeCardResultDto>;

export const AdvanceBlockDto = z.enum(['REQUEST_IN_PROGRESS', 'OVERDUE_BILLS', 'NO_INVOICES', 'PENDING_DEBIT']);

/** GET forecast (previsaoValor): conteudo.valor is the value to advance, with whether it can be advanced now. */
export const AdvanceForecastDto = z
  .object({
    sucesso: z.literal(true),
    conteudo: z.object({
      valor: z.number().int(),
      docEntry: z.number().int().nullable(),
      docDueDate: z.string().nullable(),
      elegivel: z.boolean(),
      motivo: AdvanceBlockDto.nullable(),
      mensagem: z.string().nullable(),
      /** PENDING_DEBIT: 'YYYY-MM-DD' of this month's scheduled debit. */
      dataAgendada: z.string().nullable(),
    }),
  })
  .meta({ id: 'AdvanceForecast' });
export type AdvanceForecastDto = z.infer<typeof AdvanceForecastDto>;

/** Spec 000 §3 advancePaymentContent: sucesso, link, chaveAleatoria, mensagem, dataExpiracao, pspReference. */
export const AdvanceResultDto = z.object({
  sucesso: z.literal(true),
  metodoPagamento: z.enum(ADVANCE_METHODS),
  mensagem: z.string(),
  conteudo: z.object({
    valor: z.number().int(),
    faturas: z.array(z.number().int()),
    /** LP: the payment link to open in a new tab. */
    link: z.string().nullable(),
    /** PI: the BR Code "copia e cola". */
    chaveAleatoria: z.string().nullable(),
    dataExpiracao: z.string().nullable(),
    pspReference: z.string().nullable(),
    /** PI: poll GET /api/payments/pix/{txid}. */
    txid: z.string().nullable(),
    status: z.enum(['pending', 'paid']),
    pix: PixConteudoDto.nullable(),
  }),
});
export type AdvanceResultDto = z.infer<typeof AdvanceResultDto>;

export const PaymentsSummaryDto = z
  .object({
    nCtrId: z.number().int(),
    cartao: CardOnFileDto.nullable(),
    /** False when the contract has no seller code (card payment then answers SELLER_CODE_MISSING). */
    possuiVendedor: z.boolean(),
    totalEmAberto: z.number().int(),
    faturasEmAberto: z.array(BillDto),
    /** The open (pending, not expired) Pix negotiation of this contract's overdue bills, if any. */
    pixEmAberto: PixConteudoDto.nullable(),
  })
  .meta({ id: 'PaymentsSummary' });
export type PaymentsSummaryDto = z.infer<typeof PaymentsSummaryDto>;

export const PixWebhookResultDto = z.object({
  recebido: z.literal(true),
  resultados: z.array(
    z.object({
      txid: z.string(),
      // late_paid: received after expiry, bills still open → settled; late_credit: bills paid meanwhile → credit to refund;
      // not_confirmed: an API Pix notification the PSP's own record of the charge does not confirm (ADR 076).
      resultado: z.enum(['paid', 'already_paid', 'expired', 'not_found', 'amount_mismatch', 'late_paid', 'late_credit', 'not_confirmed']),
    }),
  ),
});
export type PixWebhookResultDto = z.infer<typeof PixWebhookResultDto>;
