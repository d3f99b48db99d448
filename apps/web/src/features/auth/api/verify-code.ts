import { useMutation } from '@tanstack/react-query';
import type { TokensDto } from '@guarita/domain';
import { api, json } from '../../../lib/api-client';
import { storeTokens } from '../../../lib/session';

export const verifyCode = async (vars: { Sessao: string; CodigoAutenticacao: string }) => {
  const tokens = await api<TokensDto>('/api/auth/verify', { method: 'POST', body: json(vars), auth: false });
  storeTokens(tokens);
  return tokens;
};

export const useVerifyCode = () => useMutation({ mutationFn: verifyCode });
