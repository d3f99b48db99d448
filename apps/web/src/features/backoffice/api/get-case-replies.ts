import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap, type ApiData } from '../../../lib/api';
import { backofficeKeys } from './keys';

export type CannedReplyList = ApiData<'/api/backoffice/casos/{caseNumber}/respostas-prontas', 'get'>;

export const getCaseReplies = (caseNumber: string) =>
  unwrap(api.GET('/api/backoffice/casos/{caseNumber}/respostas-prontas', { params: { path: { caseNumber } } }));
export const useCaseReplies = (caseNumber: string) =>
  useQuery(
    queryOptions({
      queryKey: [...backofficeKeys.case(caseNumber), 'respostas-prontas'],
      queryFn: () => getCaseReplies(caseNumber),
      staleTime: 60_000,
    }),
  );
