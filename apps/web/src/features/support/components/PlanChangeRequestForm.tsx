import { PlanChangeForm } from '../../plan-change';
import { usePagePhone } from './page-phone';
import type { RequestFormProps } from './request-forms';

/** 'Alteração de Plano' on the support page (issue 12). */
export function PlanChangeRequestForm({ contract }: RequestFormProps) {
  return <PlanChangeForm nCtrId={contract.nCtrId} {...usePagePhone()} />;
}
