import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { paymentKeys } from './keys';
import type { ContractId } from '@guarita/domain';

/** GET /api/payments/contracts/{nCtrId}/advance: 'Valor a antecipar' and whether the contract can advance now (ADR 002). */
export const getAdvanceForecast = (nCtrId: ContractId) =>
  unwrap(api.GET('/api/payments/contracts/{nCtrId}/advance', { params: { path: { nCtrId } } }));

export const advanceForecastQuery = (nCtrId: ContractId) =>
  queryOptions({ queryKey: paymentKeys.advance(nCtrId), queryFn: () => getAdvanceForecast(nCtrId) });

/**
 * `{ refetchOnMount: false }`: a reader mounted once its page has read the forecast (the 'Antecipar' link) does not ask
 * again; /antecipacao itself asks afresh when it opens. Left out, the query client's default applies (ADR 058).
 */
export const useAdvanceForecast = (nCtrId: ContractId | undefined, options: { refetchOnMount?: false } = {}) =>
  useQuery({ ...advanceForecastQuery(nCtrId ?? (0 as ContractId)), enabled: nCtrId !== undefined, ...options });
