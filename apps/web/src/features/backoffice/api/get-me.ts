import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap, type ApiData } from '../../../lib/api';
import { backofficeKeys } from './keys';

export type StaffMe = ApiData<'/api/backoffice/auth/me', 'get'>;

export const getStaffMe = () => unwrap(api.GET('/api/backoffice/auth/me'));
/** The logged-in staff member; a 401 (no session, idle timeout, logged out elsewhere) means the login screen. */
export const useStaffMe = () => useQuery(queryOptions({ queryKey: backofficeKeys.me(), queryFn: getStaffMe, retry: false }));
