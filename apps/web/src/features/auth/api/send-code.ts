import { useMutation } from '@tanstack/react-query';
import { api, unwrap, type ApiBody } from '../../../lib/api';

export const sendCode = (body: ApiBody<'/api/auth/code', 'post'>) => unwrap(api.POST('/api/auth/code', { body }));

export const useSendCode = () => useMutation({ mutationFn: sendCode });
