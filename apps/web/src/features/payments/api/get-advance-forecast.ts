import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { paymentKeys } from './keys';
import type { ContractId } from '@guarita/domain';

/** GET /api/payments/contracts/{nCtrId}/advance: 'Valor a antecipar' and whether the contract can advance now (ADR 002). */
export const getAdvanceForecast = (nCtrId: ContractId) =>
  unwrap(api.GET('/api/payments/contracts/{nCtrId}/advance', { params: { path: { nCtrId } } }));

export const advanceForecastQuery = (nCtrId: ContractId) =>
  queryOptions({ queryKey: paymentKeys.advance(nCtrId), queryFn: () => getAdvanceForecast(nCtrId) });

export const useAdvanceForecast = (nCtrId: ContractId | undefined) =>
  useQuery({ ...advanceForecastQuery(nCtrId ?? (0 as ContractId)), enabled: nCtrId !== undefined });
