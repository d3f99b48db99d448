import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api';
import { contractKeys } from './keys';

export const getBills = (nCtrId: number) => unwrap(api.GET('/api/contracts/{nCtrId}/bills', { params: { path: { nCtrId } } }));
export const billsQuery = (nCtrId: number) => queryOptions({ queryKey: contractKeys.bills(nCtrId), queryFn: () => getBills(nCtrId) });
export const useBills = (nCtrId: number | undefined) => useQuery({ ...billsQuery(nCtrId ?? 0), enabled: nCtrId !== undefined });
