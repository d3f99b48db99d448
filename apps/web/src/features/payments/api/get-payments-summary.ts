import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { paymentKeys } from './keys';

/** GET /api/payments/contracts/{nCtrId}: card on file, seller code present, open total, overdue bills, open Pix. */
export const getPaymentsSummary = (nCtrId: number) => unwrap(api.GET('/api/payments/contracts/{nCtrId}', { params: { path: { nCtrId } } }));

export const paymentsSummaryQuery = (nCtrId: number) =>
  queryOptions({ queryKey: paymentKeys.contract(nCtrId), queryFn: () => getPaymentsSummary(nCtrId) });

export const usePaymentsSummary = (nCtrId: number | undefined) =>
  useQuery({ ...paymentsSummaryQuery(nCtrId ?? 0), enabled: nCtrId !== undefined });
