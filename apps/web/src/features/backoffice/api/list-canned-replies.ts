import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap, type ApiData } from '../../../lib/api';

export type CannedReply = ApiData<'/api/backoffice/respostas-prontas', 'get'>['respostas'][number];

export const cannedRepliesKey = ['backoffice', 'respostas-prontas'] as const;
export const listCannedReplies = () => unwrap(api.GET('/api/backoffice/respostas-prontas'));
export const useCannedReplies = () => useQuery(queryOptions({ queryKey: cannedRepliesKey, queryFn: listCannedReplies }));
