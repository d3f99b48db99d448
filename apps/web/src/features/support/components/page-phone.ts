import { useFormContext, useWatch } from 'react-hook-form';
import { DueDateForm } from '../../due-date';
import { PlanChangeForm } from '../../plan-change';
import type { RequestFormProps, SupportFormValues } from './request-forms';

/**
 * The plan and due-date changes (issue 12) have their own schemas and send themselves (quotation, pro-rata); from
 * the page they take the contact phone, and put its message under the page's phone field.
 */
function usePagePhone() {
  const form = useFormContext<SupportFormValues>();
  const telefone = useWatch({ control: form.control, name: 'telefone' }) ?? '';
  const onPhoneError = (message: string | null) =>
    message ? form.setError('telefone', { message }, { shouldFocus: true }) : form.clearErrors('telefone');
  return { telefone, onPhoneError };
}

export function PlanChangeRequestForm({ contract }: RequestFormProps) {
  return <PlanChangeForm nCtrId={contract.nCtrId} {...usePagePhone()} />;
}

export function DueDateRequestForm({ contract }: RequestFormProps) {
  return <DueDateForm nCtrId={contract.nCtrId} dueDay={contract.dueDay} monthlyFee={contract.monthlyFee} {...usePagePhone()} />;
}
