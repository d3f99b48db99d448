import { api, unwrap, useCall, type ApiBody } from '../../../lib/api';

export const sendCode = (body: ApiBody<'/api/auth/code', 'post'>) => unwrap(api.POST('/api/auth/code', { body }));

export const useSendCode = () => useCall(sendCode);
