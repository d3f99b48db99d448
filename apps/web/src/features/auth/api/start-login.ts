import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';

export const startLogin = (documento: string) => unwrap(api.POST('/api/auth/login', { body: { documento } }));

export const useStartLogin = () => useMutation({ mutationFn: startLogin });
