import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractId, PaymentType } from '@guarita/domain';
import { api, unwrap } from '../../../lib/api';
import { planChangeKeys } from './keys';

/**
 * GET /api/plans/contracts/{nCtrId}/plan-change: the target plan's items priced for the vehicle (monthly or annual),
 * or the COBRE contact. 422 with the spec's message when the plan cannot be changed online.
 */
export const getPlanChange = (nCtrId: ContractId, tipoPagamento: PaymentType) =>
  unwrap(api.GET('/api/plans/contracts/{nCtrId}/plan-change', { params: { path: { nCtrId }, query: { tipoPagamento } } }));

export const planChangeQuery = (nCtrId: ContractId, tipoPagamento: PaymentType) =>
  queryOptions({
    queryKey: planChangeKeys.screen(nCtrId, tipoPagamento),
    queryFn: () => getPlanChange(nCtrId, tipoPagamento),
    retry: false,
  });

/** Switching monthly/annual reloads; the previous answer stays on screen meanwhile. */
export const usePlanChange = (nCtrId: ContractId, tipoPagamento: PaymentType) =>
  useQuery({ ...planChangeQuery(nCtrId, tipoPagamento), placeholderData: keepPreviousData });
