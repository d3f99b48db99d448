import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { vehicleKeys } from './keys';

/** GET /api/vehicles/brands/{brandCode}/models: a brand's models with Permitido. */
export const listModels = (brandCode: string) =>
  unwrap(api.GET('/api/vehicles/brands/{brandCode}/models', { params: { path: { brandCode } } }));

export const modelsQuery = (brandCode: string) =>
  queryOptions({ queryKey: vehicleKeys.models(brandCode), queryFn: () => listModels(brandCode), staleTime: 3600_000 });

export const useModels = (brandCode: string) => useQuery({ ...modelsQuery(brandCode), enabled: brandCode !== '' });
