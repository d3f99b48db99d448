import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdvanceForecastDto } from '@guarita/domain';
import { api } from '../../../lib/api-client';

/** GET /api/payments/contracts/{nCtrId}/advance: 'Valor a antecipar' and whether the contract can advance now (ADR 002). */
export const getAdvanceForecast = (nCtrId: number) => api<AdvanceForecastDto>(`/api/payments/contracts/${nCtrId}/advance`);

/** Under the payments summary's key, so refreshing a contract's payments refreshes its forecast too. */
export const advanceForecastKey = (nCtrId: number) => ['payments', nCtrId, 'advance'] as const;

export const advanceForecastQuery = (nCtrId: number) =>
  queryOptions({ queryKey: advanceForecastKey(nCtrId), queryFn: () => getAdvanceForecast(nCtrId) });

export const useAdvanceForecast = (nCtrId: number | undefined) =>
  useQuery({ ...advanceForecastQuery(nCtrId ?? 0), enabled: nCtrId !== undefined });
