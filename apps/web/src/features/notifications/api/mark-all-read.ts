import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';
import { notificationKeys } from './keys';

/** POST /api/notifications/read-all. */
export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/notifications/read-all')),
    onSettled: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
