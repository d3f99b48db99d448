import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api';
import { contractKeys } from './keys';

export const getContracts = () => unwrap(api.GET('/api/contracts'));
export const contractsQuery = () => queryOptions({ queryKey: contractKeys.all, queryFn: getContracts, staleTime: 5 * 60_000 });
export const useContracts = () => useQuery(contractsQuery());
