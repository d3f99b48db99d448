import { useQuery } from '@tanstack/react-query';
import { api, unwrap, type ApiData } from '../../../lib/api';
import { paymentKeys } from './keys';

export type CardClientConfig = ApiData<'/api/payments/card/client-config', 'get'>;

/** GET /api/payments/card/client-config: the configured card provider and what the browser encrypts with (public). */
export const getCardClientConfig = () => unwrap(api.GET('/api/payments/card/client-config'));

/** Asked once per page load: a provider's key does not change while the customer types. */
export const useCardClientConfig = () =>
  useQuery({ queryKey: [...paymentKeys.all, 'card-client-config'], queryFn: getCardClientConfig, staleTime: 10 * 60_000 });
