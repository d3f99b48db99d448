import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { backofficeKeys } from './keys';

export const getColleagues = () => unwrap(api.GET('/api/backoffice/colegas'));
/** The active staff of the caller's desk (a bulk assignment's choices). */
export const useColleagues = (enabled: boolean) =>
  useQuery(queryOptions({ queryKey: [...backofficeKeys.all, 'colegas'], queryFn: getColleagues, enabled, staleTime: 60_000 }));
