import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { vehicleKeys } from './keys';

/** GET /api/vehicles/brands: FIPE brands for the unplated form. */
export const listBrands = () => unwrap(api.GET('/api/vehicles/brands'));

export const brandsQuery = () => queryOptions({ queryKey: vehicleKeys.brands(), queryFn: listBrands, staleTime: 3600_000 });

export const useBrands = (enabled: boolean) => useQuery({ ...brandsQuery(), enabled });
