import { api, unwrap } from '../../../lib/api';
import { useCaseAction } from './case-action';

export const rejectRequest = (caseNumber: string, motivo: string) =>
  unwrap(api.POST('/api/backoffice/casos/{caseNumber}/reprovar', { params: { path: { caseNumber } }, body: { motivo } }));
export const useRejectRequest = (caseNumber: string) => useCaseAction(caseNumber, (motivo: string) => rejectRequest(caseNumber, motivo));
