import { DueDateForm } from '../../due-date';
import { usePagePhone } from './page-phone';
import type { RequestFormProps } from './request-forms';

/** 'Alteração de Vencimento' on the support page (issue 12). */
export function DueDateRequestForm({ contract }: RequestFormProps) {
  return <DueDateForm nCtrId={contract.nCtrId} dueDay={contract.dueDay} monthlyFee={contract.monthlyFee} {...usePagePhone()} />;
}
