import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentsSummaryDto } from '@guarita/domain';
import { api } from '../../../lib/api-client';

/** GET /api/payments/contracts/{nCtrId}: card on file, seller code present, open total, overdue bills, open Pix. */
export const getPaymentsSummary = (nCtrId: number) => api<PaymentsSummaryDto>(`/api/payments/contracts/${nCtrId}`);

export const paymentsSummaryKey = (nCtrId: number) => ['payments', nCtrId] as const;

export const paymentsSummaryQuery = (nCtrId: number) =>
  queryOptions({ queryKey: paymentsSummaryKey(nCtrId), queryFn: () => getPaymentsSummary(nCtrId) });

export const usePaymentsSummary = (nCtrId: number | undefined) =>
  useQuery({ ...paymentsSummaryQuery(nCtrId ?? 0), enabled: nCtrId !== undefined });
