import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { backofficeKeys } from './keys';

export const getQueueCounts = () => unwrap(api.GET('/api/backoffice/casos/contagens'));
export const useQueueCounts = () => useQuery(queryOptions({ queryKey: backofficeKeys.counts(), queryFn: getQueueCounts }));
