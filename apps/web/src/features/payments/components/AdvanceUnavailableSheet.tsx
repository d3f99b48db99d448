import { Link } from 'react-router';
import { PAYMENT_MSG } from '@guarita/domain';
import { BottomSheet } from '../../../components/ui/BottomSheet';
import { paths } from '../../../lib/paths';
import { unavailableText, type UnavailableReason } from './advance-unavailable';

interface Props {
  open: boolean;
  motivo: UnavailableReason;
  dataAgendada: string | null | undefined;
  onClose: () => void;
}

/**
 * 'Antecipação não disponível': a module of its own, loaded when the sheet is shown (ADR 025).
 * Closes by dragging down beyond 80 px (300 ms), Escape or 'Entendi'.
 */
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

export default AdvanceUnavailableSheet;
