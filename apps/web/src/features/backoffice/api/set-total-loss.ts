import { api, unwrap } from '../../../lib/api';
import { useCaseAction } from './case-action';

export const setTotalLoss = (caseNumber: string, qualificado: boolean) =>
  unwrap(api.POST('/api/backoffice/casos/{caseNumber}/perda-total', { params: { path: { caseNumber } }, body: { qualificado } }));
export const useSetTotalLoss = (caseNumber: string) => useCaseAction(caseNumber, (v: boolean) => setTotalLoss(caseNumber, v));
