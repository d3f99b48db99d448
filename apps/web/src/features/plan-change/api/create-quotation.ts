import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractId, PaymentType } from '@guarita/domain';
import { api, unwrap } from '../../../lib/api';
import { planChangeKeys } from './keys';

export interface QuotationVars {
  tipoPagamento: PaymentType;
  itens: readonly string[];
  reboqueKm: number | null;
}

/**
 * POST /api/plans/contracts/{nCtrId}/quotations (cotacoes/troca-plano): the server prices the choice and stores the
 * quotation (IdCotacao). Read as a query keyed by the choice, so the value shown always is the server's for what is
 * on screen, and choosing again an earlier combination reuses its quotation while fresh.
 */
export const createQuotation = (nCtrId: ContractId, v: QuotationVars) =>
  unwrap(
    api.POST('/api/plans/contracts/{nCtrId}/quotations', {
      params: { path: { nCtrId } },
      body: { tipoPagamento: v.tipoPagamento, itens: [...v.itens], ...(v.reboqueKm ? { reboqueKm: v.reboqueKm } : {}) },
    }),
  );

/** Quotations last 30 minutes on the server; refreshed after 10 so an accepted one is never about to expire. */
export const quotationQuery = (nCtrId: ContractId, v: QuotationVars) =>
  queryOptions({
    queryKey: planChangeKeys.quote(nCtrId, v.tipoPagamento, v.itens, v.reboqueKm),
    queryFn: () => createQuotation(nCtrId, v),
    staleTime: 10 * 60_000,
    retry: false,
  });

export const useQuotation = (nCtrId: ContractId, v: QuotationVars | null) =>
  useQuery({
    ...quotationQuery(nCtrId, v ?? { tipoPagamento: 'M', itens: [], reboqueKm: null }),
    enabled: v !== null,
    placeholderData: keepPreviousData,
  });
