import { queryOptions, useQuery } from '@tanstack/react-query';
import { isValidPlate, normalizePlate } from '@guarita/domain';
import { api, unwrap } from '../../../lib/api';
import { vehicleKeys } from './keys';

/** GET /api/vehicles/plates/{plate}: the vehicle, its FIPE value and Permitido (404: FIPE not found). */
export const lookupPlate = (plate: string) => unwrap(api.GET('/api/vehicles/plates/{plate}', { params: { path: { plate } } }));

export const plateQuery = (plate: string) =>
  queryOptions({
    queryKey: vehicleKeys.plate(normalizePlate(plate)),
    queryFn: () => lookupPlate(normalizePlate(plate)),
    staleTime: 3600_000,
    retry: false, // a not-found plate is a final answer
  });

/** Looks a complete plate up (the form passes the plate only once the customer has left the field). */
export const usePlateLookup = (plate: string) => useQuery({ ...plateQuery(plate), enabled: isValidPlate(plate) });
