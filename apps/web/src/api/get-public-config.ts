import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfigDto } from '@guarita/domain';
import { api } from '../lib/api-client';

export const getPublicConfig = () => api<PublicConfigDto>('/api/config', { auth: false });
export const publicConfigQuery = () => queryOptions({ queryKey: ['config'], queryFn: getPublicConfig, staleTime: Infinity });
export const usePublicConfig = () => useQuery(publicConfigQuery());
