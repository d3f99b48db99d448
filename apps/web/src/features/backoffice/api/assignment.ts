import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap, type ApiData } from '../../../lib/api';
import { backofficeKeys } from './keys';

export type CaseAssignment = ApiData<'/api/backoffice/casos/{caseNumber}/atribuicao', 'get'>;

export const getAssignment = (caseNumber: string) =>
  unwrap(api.GET('/api/backoffice/casos/{caseNumber}/atribuicao', { params: { path: { caseNumber } } }));
/** Who works the case and whom it may be given to (ADR 086). */
export const useAssignment = (caseNumber: string) =>
  useQuery(queryOptions({ queryKey: [...backofficeKeys.case(caseNumber), 'atribuicao'], queryFn: () => getAssignment(caseNumber) }));
