import { z } from 'zod';
import { CaseDto } from '../cases/dto';

/**
 * The customer's context beside a case (issue 30 item 15): one read-only panel with what the desk needs to answer
 * the case — who the customer is, their contracts, open bills and payment state, other cases and claims, and the
 * notifications sent. Each read is audited (`cliente.contexto`): the customer's "who looked at my data" reads it.
 */
export const CUSTOMER_CONTEXT_ACTION = 'cliente.contexto';

/** The purpose recorded with each read: the case the staff member works. */
export const contextPurpose = (caseNumber: string) => `atendimento do caso ${caseNumber}`;

/** Bill states as the panel says them (the bills' idStatus: I overdue, A open). */
export const CONTEXT_BILL_LABEL = { I: 'Vencida', A: 'Em aberto' } as const;

export const ContextBillDto = z.object({
  vencimento: z.string().describe('YYYY-MM-DD'),
  /** Cents, fine and interest included. */
  valor: z.number().int(),
  situacao: z.enum(['I', 'A']),
});

export const ContextContractDto = z.object({
  nCtrId: z.number().int(),
  plano: z.string(),
  situacao: z.string(),
  veiculo: z.string().nullable(),
  placa: z.string().nullable(),
  /** Cents. */
  mensalidade: z.number().int(),
  formaPagamento: z.string().describe('the card summary, or Boleto/Pix'),
  /** Overdue first, then open, by due date. */
  faturasAbertas: z.array(ContextBillDto),
  /** Cents overdue (idStatus I, fine and interest included): 0 means 'Em dia'. */
  totalVencido: z.number().int(),
});

export const ContextCaseDto = CaseDto.omit({ Id: true, naoLido: true }).extend({
  nCtrId: z.number().int(),
  /** The staff member's desk works this case: the panel links to it. */
  podeAbrir: z.boolean(),
});

export const ContextClaimDto = ContextCaseDto.extend({ placa: z.string().nullable(), perdaTotal: z.boolean() });

export const ContextNotificationDto = z.object({ titulo: z.string(), tipo: z.string(), CreatedDate: z.string(), lida: z.boolean() });

export const CustomerContextDto = z
  .object({
    cliente: z.object({ nome: z.string(), documento: z.string().describe('masked') }),
    contratos: z.array(ContextContractDto),
    /** The customer's other support cases (this one left out), newest first. */
    casos: z.array(ContextCaseDto),
    /** The customer's claims (this one left out), newest first. */
    sinistros: z.array(ContextClaimDto),
    /** The latest notifications sent to the customer, newest first (at most 10). */
    notificacoes: z.array(ContextNotificationDto),
  })
  .meta({ id: 'CustomerContext' });
export type CustomerContextDto = z.infer<typeof CustomerContextDto>;
