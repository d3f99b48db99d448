import { api, unwrap } from '../../../lib/api';
import { useCaseAction } from './case-action';

export const movePhase = (caseNumber: string, fase: string) =>
  unwrap(api.POST('/api/backoffice/casos/{caseNumber}/fase', { params: { path: { caseNumber } }, body: { fase } }));
export const useMovePhase = (caseNumber: string) => useCaseAction(caseNumber, (fase: string) => movePhase(caseNumber, fase));
