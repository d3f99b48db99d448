import { api, unwrap, useCall, type ApiBody } from '../../../lib/api';
import { storeTokens } from '../../../lib/session';

export const verifyCode = async (body: ApiBody<'/api/auth/verify', 'post'>) => {
  const tokens = await unwrap(api.POST('/api/auth/verify', { body }));
  storeTokens(tokens);
  return tokens;
};

export const useVerifyCode = () => useCall(verifyCode);
