import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api';
import { configKeys } from './keys';

export const getPublicConfig = () => unwrap(api.GET('/api/config'));
export const publicConfigQuery = () => queryOptions({ queryKey: configKeys.all, queryFn: getPublicConfig, staleTime: Infinity });
export const usePublicConfig = () => useQuery(publicConfigQuery());
