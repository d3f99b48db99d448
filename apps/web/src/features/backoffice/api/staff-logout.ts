import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { backofficeKeys } from './keys';

/** 'Sair' ends this session; 'Sair de todos os dispositivos' ends every session of the account. */
export const staffLogout = async (everywhere: boolean) => {
  if (everywhere) await unwrap(api.POST('/api/backoffice/auth/logout-all'));
  else await unwrap(api.POST('/api/backoffice/auth/logout'));
};
export function useStaffLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: staffLogout,
    onSettled: () => {
      qc.removeQueries({ queryKey: backofficeKeys.all, predicate: (q) => q.queryKey[1] !== 'me' });
      // Reset (no stale data) and read again: the 401 shows the login screen.
      void qc.resetQueries({ queryKey: backofficeKeys.me() });
    },
  });
}
