import { fillMessage, formatIsoDate, PAYMENT_MSG, showsUnavailableSheet, type AdvanceBlock } from '@guarita/domain';

/** The reasons shown as the 'Antecipação não disponível' sheet (ADR 002); which ones is the domain's rule. */
export type UnavailableReason = Extract<AdvanceBlock, 'OVERDUE_BILLS' | 'PENDING_DEBIT'>;

export function isUnavailableReason(motivo: unknown): motivo is UnavailableReason {
  return typeof motivo === 'string' && showsUnavailableSheet(motivo as AdvanceBlock);
}

/** The explanation, with this month's debit date as dd/mm/aaaa when that is the reason. */
export function unavailableText(motivo: UnavailableReason, dataAgendada: string | null | undefined): string {
  if (motivo === 'PENDING_DEBIT') {
    return dataAgendada
      ? fillMessage(PAYMENT_MSG.advanceUnavailablePendingDebit, { data: formatIsoDate(dataAgendada) })
      : 'A antecipação só é possível após o débito da mensalidade deste mês.';
  }
  return PAYMENT_MSG.advanceUnavailableOverdue;
}
