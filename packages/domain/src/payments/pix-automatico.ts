import { z } from 'zod';
import { addDaysIso, daysBetweenIso } from '../calendar';

/**
 * Pix Automático (issue 27 item 6; ADR 077): the customer authorises once, in the bank's app, a monthly recurrence
 * (API Pix `POST /rec`); each new bill is then sent to the payer's bank as a recurring charge (`PUT /cobr/{txid}`),
 * which the bank debits on the due date. The states are the API Pix's own (`Rec.status`); the rules here decide
 * who may authorise, which bills are charged through it and when the charge may be sent.
 */

/** API Pix `Rec.status`. */
export const RECURRENCE_STATUSES = ['CRIADA', 'APROVADA', 'REJEITADA', 'EXPIRADA', 'CANCELADA'] as const;
export type RecurrenceStatus = (typeof RECURRENCE_STATUSES)[number];

/** What may follow what. CRIADA waits for the payer; APROVADA runs until cancelled or past `dataFinal`; the rest are final. */
export const RECURRENCE_TRANSITIONS: Readonly<Record<RecurrenceStatus, readonly RecurrenceStatus[]>> = {
  CRIADA: ['APROVADA', 'REJEITADA', 'EXPIRADA', 'CANCELADA'],
  APROVADA: ['CANCELADA', 'EXPIRADA'],
  REJEITADA: [],
  EXPIRADA: [],
  CANCELADA: [],
};

export function canTransition(from: RecurrenceStatus, to: RecurrenceStatus): boolean {
  return RECURRENCE_TRANSITIONS[from].includes(to);
}

/** CRIADA or APROVADA: the contract has a recurrence that is waiting for the payer or running. */
export function isLiveRecurrence(status: RecurrenceStatus): boolean {
  return status === 'CRIADA' || status === 'APROVADA';
}

/** pt-BR labels the customer reads. */
export const RECURRENCE_LABEL: Readonly<Record<RecurrenceStatus, string>> = {
  CRIADA: 'Pendente de autorização',
  APROVADA: 'Ativo',
  REJEITADA: 'Recusado',
  EXPIRADA: 'Expirado',
  CANCELADA: 'Cancelado',
};

/** Our record of one bill's recurring charge (the PSP's `CobR` status is mapped onto these). */
export const RECURRING_CHARGE_STATUSES = ['sending', 'scheduled', 'paid', 'failed', 'cancelled'] as const;
export type RecurringChargeStatus = (typeof RECURRING_CHARGE_STATUSES)[number];

export const RECURRING_CHARGE_LABEL: Readonly<Record<RecurringChargeStatus, string>> = {
  sending: 'Enviando ao banco',
  scheduled: 'Débito agendado',
  paid: 'Paga',
  failed: 'Não debitada',
  cancelled: 'Cancelada',
};

/** API Pix `CobR.status`. */
export const COBR_STATUSES = ['CRIADA', 'ATIVA', 'CONCLUIDA', 'EXPIRADA', 'REJEITADA', 'CANCELADA'] as const;
export type CobrStatus = (typeof COBR_STATUSES)[number];

/** The PSP's CobR status as ours: CONCLUIDA = paid; EXPIRADA/REJEITADA = not debited (the customer pays it another way). */
export function chargeStatusFromCobr(s: CobrStatus): RecurringChargeStatus {
  switch (s) {
    case 'CRIADA':
    case 'ATIVA':
      return 'scheduled';
    case 'CONCLUIDA':
      return 'paid';
    case 'CANCELADA':
      return 'cancelled';
    default:
      return 'failed';
  }
}

/**
 * The Central Bank's schedule for a recurring charge: it must reach the payer's PSP between 10 and 2 days before
 * its due date (Pix Automático regulation, as the PSPs' guides state it; ADR 077 cites them).
 */
export const COBR_MIN_DAYS_BEFORE_DUE = 2;
export const COBR_MAX_DAYS_BEFORE_DUE = 10;

/** The days on which a charge due on `dueDate` may be sent: [due − 10, due − 2], 'YYYY-MM-DD'. */
export function cobrSendWindow(dueDate: string): { from: string; until: string } {
  return { from: addDaysIso(dueDate, -COBR_MAX_DAYS_BEFORE_DUE), until: addDaysIso(dueDate, -COBR_MIN_DAYS_BEFORE_DUE) };
}

export type ChargeDecision =
  /** Send the recurring charge now. */
  | 'charge'
  /** Not yet: more than 10 days before the due date; a later pass sends it. */
  | 'wait'
  /** Too late for this bill (less than 2 days to its due date): the customer pays it as before. */
  | 'too_late'
  /** Not for Pix Automático: not an open bill, issued before the approval, or nothing to charge. */
  | 'not_eligible';

export interface ChargeCandidate {
  /** The bill's status: 'A' open (due ahead), 'I' overdue, 'P' paid. */
  idStatus: string;
  /** 'YYYY-MM-DD' */
  dueDate: string;
  /** The bill's amount in cents. */
  amount: number;
  /** When the bill was issued. */
  issuedAt: Date;
}

/**
 * Whether a bill of a contract whose recurrence was approved at `approvedAt` is charged through it on `today`
 * ('YYYY-MM-DD', São Paulo). Only new bills: the ones issued after the approval, still open ('A'), with an amount;
 * bills already issued or overdue when the customer authorised are paid as before.
 */
export function chargeDecision(bill: ChargeCandidate, approvedAt: Date, today: string): ChargeDecision {
  if (bill.idStatus !== 'A' || bill.amount <= 0 || bill.issuedAt.getTime() < approvedAt.getTime()) return 'not_eligible';
  const daysToDue = daysBetweenIso(today, bill.dueDate);
  if (daysToDue > COBR_MAX_DAYS_BEFORE_DUE) return 'wait';
  if (daysToDue < COBR_MIN_DAYS_BEFORE_DUE) return 'too_late';
  return 'charge';
}

export type AuthoriseRefusal = 'CONTRACT_INACTIVE' | 'RECURRENCE_EXISTS' | 'NO_MONTHLY_FEE';

/** Who may authorise: an active contract with a monthly fee and no recurrence waiting or running. */
export function authoriseRefusal(p: {
  contractActive: boolean;
  monthlyFee: number;
  current: RecurrenceStatus | null;
}): AuthoriseRefusal | null {
  if (!p.contractActive) return 'CONTRACT_INACTIVE';
  if (p.current !== null && isLiveRecurrence(p.current)) return 'RECURRENCE_EXISTS';
  if (!Number.isInteger(p.monthlyFee) || p.monthlyFee <= 0) return 'NO_MONTHLY_FEE';
  return null;
}

/** A waiting or running recurrence may be cancelled by the customer; a final one may not. */
export function canCancel(status: RecurrenceStatus): boolean {
  return canTransition(status, 'CANCELADA');
}

/** The recurrence's first payment date: the contract's next due day ahead of the authorisation (at least tomorrow). */
export function recurrenceStartDate(today: string, nextDueDate: string | null): string {
  const tomorrow = addDaysIso(today, 1);
  return nextDueDate && nextDueDate >= tomorrow ? nextDueDate : tomorrow;
}

export const PIX_AUTOMATICO_MSG = {
  authorised: 'Autorização criada. Aprove o Pix Automático no app do seu banco lendo o QR code ou usando o Pix copia e cola.',
  cancelled: 'Pix Automático cancelado. As próximas faturas não serão mais debitadas automaticamente.',
  notFound: 'Nenhum Pix Automático encontrado para este contrato.',
  exists: 'Este contrato já tem um Pix Automático ativo ou aguardando autorização.',
  notCancellable: 'Este Pix Automático já está encerrado.',
  noMonthlyFee: 'Este contrato não tem mensalidade para debitar pelo Pix Automático.',
  unavailable: 'Pix Automático indisponível no momento. Tente novamente mais tarde.',
  consentRequired: 'Confirme que autoriza o débito automático das mensalidades.',
} as const;

/** POST /api/payments/contracts/{nCtrId}/pix-automatico: the customer's consent (a checkbox on the screen). */
export const pixAutomaticoAuthoriseSchema = z.object({
  aceite: z.literal(true, { error: PIX_AUTOMATICO_MSG.consentRequired }),
});
export type PixAutomaticoAuthoriseInput = z.infer<typeof pixAutomaticoAuthoriseSchema>;

export const RecurringChargeDto = z
  .object({
    txid: z.string(),
    fatura: z.number().int(),
    valor: z.number().int(),
    /** 'YYYY-MM-DD' */
    dataDeVencimento: z.string(),
    status: z.enum(RECURRING_CHARGE_STATUSES),
    statusTexto: z.string(),
    pagoEm: z.string().nullable(),
  })
  .meta({ id: 'RecurringCharge' });
export type RecurringChargeDto = z.infer<typeof RecurringChargeDto>;

export const PixAutomaticoDto = z
  .object({
    idRec: z.string(),
    status: z.enum(RECURRENCE_STATUSES),
    /** 'Pendente de autorização', 'Ativo', 'Cancelado'… */
    statusTexto: z.string(),
    /** The monthly amount authorised, in cents. */
    valor: z.number().int(),
    periodicidade: z.literal('MENSAL'),
    /** 'YYYY-MM-DD': the first payment date. */
    dataInicial: z.string(),
    criadoEm: z.string(),
    aprovadoEm: z.string().nullable(),
    encerradoEm: z.string().nullable(),
    /** While CRIADA: the BR Code the bank app reads (also what the QR encodes); null afterwards. */
    pixCopiaECola: z.string().nullable(),
    /** Demo sandbox only: the page where the "bank" asks the customer to approve; null with a real PSP. */
    linkAprovacao: z.string().nullable(),
    cobrancas: z.array(RecurringChargeDto),
  })
  .meta({ id: 'PixAutomatico' });
export type PixAutomaticoDto = z.infer<typeof PixAutomaticoDto>;

/** GET: the contract's latest recurrence, or null when it never had one (the screen offers to authorise). */
export const PixAutomaticoStateDto = z.object({ recorrencia: PixAutomaticoDto.nullable() }).meta({ id: 'PixAutomaticoState' });
export type PixAutomaticoStateDto = z.infer<typeof PixAutomaticoStateDto>;

export const PixAutomaticoResultDto = z.object({ sucesso: z.literal(true), mensagem: z.string(), conteudo: PixAutomaticoDto });
export type PixAutomaticoResultDto = z.infer<typeof PixAutomaticoResultDto>;

/**
 * The PSP's notice that a recurrence or a recurring charge changed (`recs[].idRec`, `cobsr[].txid`). The handler
 * never trusts a status in it: it asks the PSP for the recurrence or charge (GET /rec/{idRec}, GET /cobr/{txid}).
 */
export const pixAutomaticoWebhookSchema = z.object({
  recs: z
    .array(z.object({ idRec: z.string().regex(/^[A-Za-z0-9]{1,35}$/) }).passthrough())
    .max(100)
    .optional(),
  cobsr: z
    .array(z.object({ txid: z.string().regex(/^[A-Za-z0-9]{1,35}$/) }).passthrough())
    .max(100)
    .optional(),
});
export type PixAutomaticoWebhookBody = z.infer<typeof pixAutomaticoWebhookSchema>;

export const PixAutomaticoWebhookResultDto = z.object({
  recebido: z.literal(true),
  recs: z.array(z.object({ idRec: z.string(), resultado: z.enum(['updated', 'unchanged', 'not_found']) })),
  cobsr: z.array(z.object({ txid: z.string(), resultado: z.enum(['paid', 'updated', 'unchanged', 'not_found']) })),
});
export type PixAutomaticoWebhookResultDto = z.infer<typeof PixAutomaticoWebhookResultDto>;
