import { useMutation } from '@tanstack/react-query';
import type { LoginStartDto } from '@guarita/domain';
import { api, json } from '../../../lib/api-client';

export const startLogin = (documento: string) =>
  api<LoginStartDto>('/api/auth/login', { method: 'POST', body: json({ documento }), auth: false });

export const useStartLogin = () => useMutation({ mutationFn: startLogin });
