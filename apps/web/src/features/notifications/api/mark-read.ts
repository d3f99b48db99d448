import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { notificationKeys } from './keys';

/** POST /api/notifications/{id}/read; the bell and the list refetch. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.POST('/api/notifications/{id}/read', { params: { path: { id } } })),
    onSettled: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
