import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { paymentKeys } from './keys';

/** GET /api/payments/contracts/{nCtrId}/advance: 'Valor a antecipar' and whether the contract can advance now (ADR 002). */
export const getAdvanceForecast = (nCtrId: number) =>
  unwrap(api.GET('/api/payments/contracts/{nCtrId}/advance', { params: { path: { nCtrId } } }));

export const advanceForecastQuery = (nCtrId: number) =>
  queryOptions({ queryKey: paymentKeys.advance(nCtrId), queryFn: () => getAdvanceForecast(nCtrId) });

export const useAdvanceForecast = (nCtrId: number | undefined) =>
  useQuery({ ...advanceForecastQuery(nCtrId ?? 0), enabled: nCtrId !== undefined });
