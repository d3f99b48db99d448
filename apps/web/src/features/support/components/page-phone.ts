import { useFormContext, useWatch } from 'react-hook-form';
import type { SupportFormValues } from './request-forms';

/**
 * The plan and due-date changes (issue 12) have their own schemas and send themselves (quotation, pro-rata); from
 * the page they take the contact phone, and put its message under the page's phone field.
 */
export function usePagePhone() {
  const form = useFormContext<SupportFormValues>();
  const telefone = useWatch({ control: form.control, name: 'telefone' }) ?? '';
  const onPhoneError = (message: string | null) =>
    message ? form.setError('telefone', { message }, { shouldFocus: true }) : form.clearErrors('telefone');
  return { telefone, onPhoneError };
}
