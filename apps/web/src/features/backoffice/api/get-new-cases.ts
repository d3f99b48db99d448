import { queryOptions, useQuery } from '@tanstack/react-query';
import { STAFF_BACKGROUND_HEADER } from '@guarita/domain';
import { api, unwrap } from '../../../lib/api';
import { backofficeKeys } from './keys';

/** How often the live queue asks for new cases (issue 30 item 13: short polling). */
export const NEW_CASES_POLL_MS = 10_000;

// Polling is not the staff member's activity: it must not keep an unattended session alive.
export const getNewCases = (desde: string) =>
  unwrap(api.GET('/api/backoffice/casos/novos', { params: { query: { desde } }, headers: { [STAFF_BACKGROUND_HEADER]: '1' } }));

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
