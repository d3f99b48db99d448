import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { notificationKeys } from './keys';

/** How often the bell asks (and again whenever the tab comes back into focus); paused while the tab is hidden. */
export const UNREAD_POLL_MS = 10_000;

/** GET /api/notifications/unread-count: the bell's number. */
export const getUnreadCount = () => unwrap(api.GET('/api/notifications/unread-count'));

export const unreadCountQuery = () =>
  queryOptions({
    queryKey: notificationKeys.unread(),
    queryFn: getUnreadCount,
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
    retry: 1,
  });

export const useUnreadCount = () => useQuery(unreadCountQuery());
