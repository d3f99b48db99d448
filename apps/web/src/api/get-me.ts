import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerInfoDto } from '@guarita/domain';
import { api } from '../lib/api-client';

export const getMe = () => api<CustomerInfoDto>('/api/me');
export const meQuery = () => queryOptions({ queryKey: ['me'], queryFn: getMe, staleTime: 5 * 60_000 });
export const useMe = () => useQuery(meQuery());
