import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';

export const passkeyKeys = { all: ['passkeys'] as const };

/** GET /api/passkeys: the customer's devices that log in with biometrics, newest first. */
export const passkeysQuery = () => queryOptions({ queryKey: passkeyKeys.all, queryFn: () => unwrap(api.GET('/api/passkeys')) });

export const usePasskeys = () => useQuery(passkeysQuery());
