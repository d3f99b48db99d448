import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api';
import { contractKeys } from './keys';
import type { ContractId } from '@guarita/domain';

export const getBills = (nCtrId: ContractId) => unwrap(api.GET('/api/contracts/{nCtrId}/bills', { params: { path: { nCtrId } } }));
export const billsQuery = (nCtrId: ContractId) => queryOptions({ queryKey: contractKeys.bills(nCtrId), queryFn: () => getBills(nCtrId) });
export const useBills = (nCtrId: ContractId | undefined) =>
  useQuery({ ...billsQuery(nCtrId ?? (0 as ContractId)), enabled: nCtrId !== undefined });
