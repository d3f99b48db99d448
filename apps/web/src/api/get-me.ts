import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api';
import { meKeys } from './keys';

export const getMe = () => unwrap(api.GET('/api/me'));
export const meQuery = () => queryOptions({ queryKey: meKeys.all, queryFn: getMe, staleTime: 5 * 60_000 });
export const useMe = () => useQuery(meQuery());
