import { api, unwrap } from '../../../lib/api';
import { useCaseAction } from './case-action';

export const reopenCase = (caseNumber: string, motivo: string) =>
  unwrap(api.POST('/api/backoffice/casos/{caseNumber}/reabrir', { params: { path: { caseNumber } }, body: { motivo } }));
export const useReopenCase = (caseNumber: string) => useCaseAction(caseNumber, (motivo: string) => reopenCase(caseNumber, motivo));
