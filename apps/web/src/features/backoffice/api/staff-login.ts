import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type ApiBody } from '../../../lib/api';
import { backofficeKeys } from './keys';

export type StaffLoginInput = ApiBody<'/api/backoffice/auth/login', 'post'>;

export const staffLogin = (body: StaffLoginInput) => unwrap(api.POST('/api/backoffice/auth/login', { body }));
export function useStaffLogin() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: staffLogin, onSuccess: (me) => qc.setQueryData(backofficeKeys.me(), me) });
}
