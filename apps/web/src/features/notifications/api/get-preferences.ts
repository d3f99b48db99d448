import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { notificationKeys } from './keys';

/** GET /api/notifications/preferences: e-mail per group. */
export const getPreferences = () => unwrap(api.GET('/api/notifications/preferences'));

export const preferencesQuery = () => queryOptions({ queryKey: notificationKeys.preferences(), queryFn: getPreferences });

export const usePreferences = () => useQuery(preferencesQuery());
