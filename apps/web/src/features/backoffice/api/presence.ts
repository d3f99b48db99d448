import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PRESENCE_BEAT_SECONDS, STAFF_BACKGROUND_HEADER } from '@guarita/domain';
import { api, unwrap } from '../../../lib/api';
import { backofficeKeys } from './keys';

// A heartbeat is not the staff member's activity: it must not keep an unattended session alive.
export const beat = (caseNumber: string) =>
  unwrap(
    api.POST('/api/backoffice/casos/{caseNumber}/presenca', {
      params: { path: { caseNumber } },
      headers: { [STAFF_BACKGROUND_HEADER]: '1' },
    }),
  );
export const leave = (caseNumber: string) =>
  unwrap(api.DELETE('/api/backoffice/casos/{caseNumber}/presenca', { params: { path: { caseNumber } } }));

/**
 * The case page's heartbeat (ADR 086): says 'I am here' every PRESENCE_BEAT_SECONDS and answers who else is; on
 * leaving the page, says so (the server forgets a silent tab after PRESENCE_EXPIRY_SECONDS anyway).
 */
export function usePresence(caseNumber: string) {
  useEffect(() => {
    // Closing the tab or leaving the app unmounts nothing: say so with a request that outlives the page.
    const gone = () =>
      void fetch(`/api/backoffice/casos/${encodeURIComponent(caseNumber)}/presenca`, { method: 'DELETE', keepalive: true }).catch(() => {});
    window.addEventListener('pagehide', gone);
    return () => {
      window.removeEventListener('pagehide', gone);
      void leave(caseNumber).catch(() => {});
    };
  }, [caseNumber]);
  return useQuery(
    queryOptions({
      queryKey: [...backofficeKeys.case(caseNumber), 'presenca'],
      queryFn: () => beat(caseNumber),
      refetchInterval: PRESENCE_BEAT_SECONDS * 1000,
      refetchIntervalInBackground: true,
      retry: false,
    }),
  );
}
