import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillsDto } from '@guarita/domain';
import { api } from '../lib/api-client';

export const getBills = (nCtrId: number) => api<BillsDto>(`/api/contracts/${nCtrId}/bills`);
export const billsQuery = (nCtrId: number) => queryOptions({ queryKey: ['contracts', nCtrId, 'bills'], queryFn: () => getBills(nCtrId) });
export const useBills = (nCtrId: number | undefined) => useQuery({ ...billsQuery(nCtrId ?? 0), enabled: nCtrId !== undefined });
