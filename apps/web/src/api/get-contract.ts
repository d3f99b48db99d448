import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractDetailDto } from '@guarita/domain';
import { api } from '../lib/api-client';

export const getContract = (nCtrId: number) => api<ContractDetailDto>(`/api/contracts/${nCtrId}`);
export const contractQuery = (nCtrId: number) =>
  queryOptions({ queryKey: ['contracts', nCtrId], queryFn: () => getContract(nCtrId), staleTime: 60_000 });
export const useContract = (nCtrId: number | undefined) => useQuery({ ...contractQuery(nCtrId ?? 0), enabled: nCtrId !== undefined });
