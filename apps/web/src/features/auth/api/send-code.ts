import { useMutation } from '@tanstack/react-query';
import type { Channel } from '@guarita/domain';
import { api, json } from '../../../lib/api-client';

export const sendCode = (vars: { Sessao: string; canal: Channel }) =>
  api<{ canal: Channel; destino: string }>('/api/auth/code', { method: 'POST', body: json(vars), auth: false });

export const useSendCode = () => useMutation({ mutationFn: sendCode });
