import { Link } from 'react-router';
import { fillMessage, formatIsoDate, PAYMENT_MSG, showsUnavailableSheet, type AdvanceBlock } from '@guarita/domain';
import { BottomSheet } from '../../../components/ui/BottomSheet';
import { paths } from '../../../lib/paths';

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

interface Props {
  open: boolean;
  motivo: UnavailableReason;
  dataAgendada: string | null | undefined;
  onClose: () => void;
}

/** 'Antecipação não disponível': closes by dragging down beyond 80 px (300 ms), Escape or 'Entendi'. */
export function AdvanceUnavailableSheet({ open, motivo, dataAgendada, onClose }: Props) {
  return (
    <BottomSheet open={open} title={PAYMENT_MSG.advanceUnavailableTitle} onClose={onClose}>
      <p>{unavailableText(motivo, dataAgendada)}</p>
      {motivo === 'OVERDUE_BILLS' ? (
        <p>
          <Link to={paths.payments.openInvoice}>Pagar faturas em atraso</Link>
        </p>
      ) : (
        <p className="muted">Depois do débito, a próxima mensalidade poderá ser antecipada.</p>
      )}
    </BottomSheet>
  );
}
