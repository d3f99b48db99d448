import { billTotal, type BillStatusId } from '../bills';
import { formatIsoDate } from '../dates';
import { cents, type Cents } from '../money';
import { fillMessage, PAYMENT_MSG } from './messages';

/** Spec 000 §9: CC card, PI Pix, LP payment link. */
export const ADVANCE_METHODS = ['PI', 'CC', 'LP'] as const;
export type AdvanceMethod = (typeof ADVANCE_METHODS)[number];

export const ADVANCE_METHOD_LABEL: Record<AdvanceMethod, string> = {
  PI: 'Pix',
  CC: 'Cartão de Crédito',
  LP: 'Link de pagamento',
};

/** Why an advance cannot be requested now. See docs/decisions/002-advance-rule.md. */
export type AdvanceBlock = 'REQUEST_IN_PROGRESS' | 'OVERDUE_BILLS' | 'NO_INVOICES' | 'PENDING_DEBIT';

export interface AdvanceBill {
  docEntry: number;
  /** 'YYYY-MM-DD' */
  docDueDate: string;
  idStatus: BillStatusId;
  /** Integers counting cents, as the bill row holds them. */
  docTotal: number;
  valorMulta: number;
  valorJuros: number;
}

export type AdvanceDecision =
  | { eligible: true; bill: AdvanceBill; amount: Cents }
  | {
      eligible: false;
      reason: AdvanceBlock;
      /** The bill an advance would pay (the earliest open 'A' one), when there is one. */
      bill: AdvanceBill | null;
      amount: Cents;
      /** PENDING_DEBIT: the date this month's debit is scheduled for ('YYYY-MM-DD'). */
      scheduledDate: string | null;
      message: string;
    };

/**
 * The advance rule (ADR 002), in this order:
 * 1. an advance already in processing for the contract → REQUEST_IN_PROGRESS;
 * 2. any overdue bill ('I', or an 'A' bill whose due date has passed) → OVERDUE_BILLS;
 * 3. no open 'A' bill → NO_INVOICES;
 * 4. the earliest 'A' bill falls due in the current month (São Paulo), so this month's automatic
 *    debit is still scheduled for its due date → PENDING_DEBIT with that date;
 * 5. otherwise the earliest 'A' bill can be advanced; the value to advance is its total.
 */
export function advanceEligibility(
  bills: readonly AdvanceBill[],
  today: string,
  opts: { requestInProgress?: boolean } = {},
): AdvanceDecision {
  const open = bills.filter((b) => b.idStatus === 'A').sort((a, b) => a.docDueDate.localeCompare(b.docDueDate) || a.docEntry - b.docEntry);
  const next = open[0] ?? null;
  const amount = next ? billTotal(next) : cents(0);
  const blocked = (reason: AdvanceBlock, message: string, scheduledDate: string | null = null): AdvanceDecision => ({
    eligible: false,
    reason,
    bill: next,
    amount,
    scheduledDate,
    message,
  });

  if (opts.requestInProgress) return blocked('REQUEST_IN_PROGRESS', PAYMENT_MSG.advanceInProgress);
  const overdue = bills.some((b) => b.idStatus === 'I' || (b.idStatus === 'A' && b.docDueDate < today));
  if (overdue) return blocked('OVERDUE_BILLS', PAYMENT_MSG.advanceUnavailableOverdue);
  if (!next) return blocked('NO_INVOICES', PAYMENT_MSG.advanceNoInvoices);
  if (next.docDueDate.slice(0, 7) === today.slice(0, 7)) {
    return blocked(
      'PENDING_DEBIT',
      fillMessage(PAYMENT_MSG.advanceUnavailablePendingDebit, { data: formatIsoDate(next.docDueDate) }),
      next.docDueDate,
    );
  }
  return { eligible: true, bill: next, amount };
}

/** OVERDUE_BILLS and PENDING_DEBIT are shown as the 'Antecipação não disponível' sheet; the others as messages. */
export function showsUnavailableSheet(reason: AdvanceBlock): boolean {
  return reason === 'OVERDUE_BILLS' || reason === 'PENDING_DEBIT';
}
