import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { vehicleKeys } from './keys';

/** GET /api/vehicles/contracts/{nCtrId}/restrictions: spare-car blocking rules, COBRE, third-party collision. */
export const getRestrictions = (nCtrId: number) =>
  unwrap(api.GET('/api/vehicles/contracts/{nCtrId}/restrictions', { params: { path: { nCtrId } } }));

// Always fresh: a request sent a minute ago may block the next one.
export const restrictionsQuery = (nCtrId: number) =>
  queryOptions({ queryKey: vehicleKeys.restrictions(nCtrId), queryFn: () => getRestrictions(nCtrId), staleTime: 0 });

export const useRestrictions = (nCtrId: number) => useQuery(restrictionsQuery(nCtrId));
