import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap, type ApiData } from '../../../lib/api';

export type CustomerContext = ApiData<'/api/backoffice/casos/{caseNumber}/contexto-cliente', 'get'>;

/**
 * Outside `backofficeKeys.all` on purpose: every read of the customer's context is audited, so it is read only when
 * staff open the panel or ask to read it again, never because a case action refreshed the console's queries.
 */
export const customerContextKey = (caseNumber: string) => ['backoffice-customer-context', caseNumber] as const;

export const getCustomerContext = (caseNumber: string) =>
  unwrap(api.GET('/api/backoffice/casos/{caseNumber}/contexto-cliente', { params: { path: { caseNumber } } }));
export const useCustomerContext = (caseNumber: string, enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: customerContextKey(caseNumber),
      queryFn: () => getCustomerContext(caseNumber),
      enabled,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      retry: false,
    }),
  );
