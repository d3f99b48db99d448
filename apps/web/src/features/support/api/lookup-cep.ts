import { queryOptions, useQuery } from '@tanstack/react-query';
import { isCompleteCep, onlyDigits } from '@guarita/domain';
import { api, unwrap } from '../../../lib/api';
import { caseKeys } from './cases';

/** GET /api/addresses/cep/{cep}: street, district, city, state and IBGE code of a CEP (404 'CEP não encontrado'). */
export const lookupCep = (cep: string) => unwrap(api.GET('/api/addresses/cep/{cep}', { params: { path: { cep } } }));

export const cepQuery = (cep: string) =>
  queryOptions({
    queryKey: [...caseKeys.all, 'cep', onlyDigits(cep)] as const,
    queryFn: () => lookupCep(onlyDigits(cep)),
    // A CEP's address changes rarely; a not-found answer is final (no retries).
    staleTime: 24 * 3600_000,
    retry: false,
  });

/** Looks the CEP up once it is complete ('00000-000'). */
export const useCepLookup = (cep: string) => useQuery({ ...cepQuery(cep), enabled: isCompleteCep(cep) && cep.length === 9 });
