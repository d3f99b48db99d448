import { api, unwrap } from '../../../lib/api';
import { useCaseAction } from './case-action';

export const approveRequest = (caseNumber: string) =>
  unwrap(api.POST('/api/backoffice/casos/{caseNumber}/aprovar', { params: { path: { caseNumber } } }));
export const useApproveRequest = (caseNumber: string) => useCaseAction(caseNumber, () => approveRequest(caseNumber));
