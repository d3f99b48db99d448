import { api, unwrap, useCall } from '../../../lib/api';

export const startLogin = (documento: string) => unwrap(api.POST('/api/auth/login', { body: { documento } }));

export const useStartLogin = () => useCall(startLogin);
