import { api, unwrap } from '../../../lib/api';
import { useCaseAction } from './case-action';

export const assignCase = (caseNumber: string, responsavelId: number | null) =>
  unwrap(api.POST('/api/backoffice/casos/{caseNumber}/atribuicao', { params: { path: { caseNumber } }, body: { responsavelId } }));
/** Assign the case (a staff id) or unassign it (null); the case, its assignment and the queue are read again. */
export const useAssignCase = (caseNumber: string) =>
  useCaseAction(caseNumber, (responsavelId: number | null) => assignCase(caseNumber, responsavelId));
