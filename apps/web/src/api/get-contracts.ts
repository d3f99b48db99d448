import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractDto } from '@guarita/domain';
import { api } from '../lib/api-client';

export const getContracts = () => api<ContractDto[]>('/api/contracts');
export const contractsQuery = () => queryOptions({ queryKey: ['contracts'], queryFn: getContracts, staleTime: 5 * 60_000 });
export const useContracts = () => useQuery(contractsQuery());
