import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { paymentKeys } from './keys';
import type { ContractId } from '@guarita/domain';

/** GET /api/payments/contracts/{nCtrId}: card on file, seller code present, open total, overdue bills, open Pix. */
export const getPaymentsSummary = (nCtrId: ContractId) =>
  unwrap(api.GET('/api/payments/contracts/{nCtrId}', { params: { path: { nCtrId } } }));

export const paymentsSummaryQuery = (nCtrId: ContractId) =>
  queryOptions({ queryKey: paymentKeys.contract(nCtrId), queryFn: () => getPaymentsSummary(nCtrId) });

export const usePaymentsSummary = (nCtrId: ContractId | undefined) =>
  useQuery({ ...paymentsSummaryQuery(nCtrId ?? (0 as ContractId)), enabled: nCtrId !== undefined });
