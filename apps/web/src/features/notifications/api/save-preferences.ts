import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@guarita/domain';
import { api, unwrap } from '../../../lib/api';
import { notificationKeys } from './keys';

/** PUT /api/notifications/preferences; the saved choices replace the cached ones. */
export function useSavePreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferences) => unwrap(api.PUT('/api/notifications/preferences', { body })),
    onSuccess: (saved) => qc.setQueryData(notificationKeys.preferences(), saved),
  });
}
