import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api';
import { contractKeys } from './keys';
import type { ContractId } from '@guarita/domain';

export const getContract = (nCtrId: ContractId) => unwrap(api.GET('/api/contracts/{nCtrId}', { params: { path: { nCtrId } } }));
export const contractQuery = (nCtrId: ContractId) =>
  queryOptions({ queryKey: contractKeys.detail(nCtrId), queryFn: () => getContract(nCtrId), staleTime: 60_000 });
export const useContract = (nCtrId: ContractId | undefined) =>
  useQuery({ ...contractQuery(nCtrId ?? (0 as ContractId)), enabled: nCtrId !== undefined });
