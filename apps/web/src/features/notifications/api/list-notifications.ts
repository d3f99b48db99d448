import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { UNREAD_POLL_MS } from './get-unread-count';
import { notificationKeys } from './keys';

/** GET /api/notifications[?antes=…]: newest first, 20 a page. */
export const listNotifications = (antes: number | null) =>
  unwrap(api.GET('/api/notifications', { params: { query: antes ? { antes } : {} } }));

export const notificationsQuery = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam }) => listNotifications(pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.proximo ?? undefined,
    // The open list picks up what arrives, like the bell.
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
  });

export const useNotifications = () => useInfiniteQuery(notificationsQuery());
