import { useMutation, useQueryClient } from '@tanstack/react-query';
import { registerPasskey } from '../../auth';
import { notificationKeys } from '../../notifications';
import { passkeyKeys } from './list-passkeys';

/** Registers this device's passkey from Cadastro; the list and the bell refetch. */
export function useAddPasskey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: registerPasskey,
    onSettled: () =>
      Promise.all([qc.invalidateQueries({ queryKey: passkeyKeys.all }), qc.invalidateQueries({ queryKey: notificationKeys.all })]),
  });
}
