import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { notificationKeys } from '../../notifications';
import { passkeyKeys } from './list-passkeys';

/** DELETE /api/passkeys/{id}: it logs in no more; the list and the bell (a security notice) refetch. */
export function useRemovePasskey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/api/passkeys/{id}', { params: { path: { id } } })),
    onSettled: () =>
      Promise.all([qc.invalidateQueries({ queryKey: passkeyKeys.all }), qc.invalidateQueries({ queryKey: notificationKeys.all })]),
  });
}
