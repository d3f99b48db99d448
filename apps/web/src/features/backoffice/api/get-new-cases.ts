import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { backofficeKeys } from './keys';

/** How often the live queue asks for new cases (issue 30 item 13: short polling). */
export const NEW_CASES_POLL_MS = 10_000;

export const getNewCases = (desde: string) => unwrap(api.GET('/api/backoffice/casos/novos', { params: { query: { desde } } }));

/** Open cases of the role's queue opened after `desde` (the queue page's `agora`), polled while the tab is visible. */
export const useNewCases = (desde: string | undefined) =>
  useQuery({
    ...queryOptions({
      queryKey: backofficeKeys.queueNew(desde ?? ''),
      queryFn: () => getNewCases(desde!),
    }),
    enabled: desde !== undefined,
    refetchInterval: NEW_CASES_POLL_MS,
  });
