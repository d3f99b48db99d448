import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api';
import { contractKeys } from './keys';

export const getContract = (nCtrId: number) => unwrap(api.GET('/api/contracts/{nCtrId}', { params: { path: { nCtrId } } }));
export const contractQuery = (nCtrId: number) =>
  queryOptions({ queryKey: contractKeys.detail(nCtrId), queryFn: () => getContract(nCtrId), staleTime: 60_000 });
export const useContract = (nCtrId: number | undefined) => useQuery({ ...contractQuery(nCtrId ?? 0), enabled: nCtrId !== undefined });
