import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, unwrap, type ApiData } from '../../../lib/api';
import { backofficeKeys } from './keys';

export type QueuePage = ApiData<'/api/backoffice/casos', 'get'>;
export interface QueueFilters {
  motivo?: string;
  status?: 'New' | 'Closed';
  fase?: string;
  idadeMinDias?: string;
  contrato?: string;
  documento?: string;
  /** 'eu' (Meus casos) or 'ninguem' (no assignee). */
  responsavel?: '' | 'eu' | 'ninguem';
}

const clean = (f: QueueFilters) =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>;

export const getQueue = (filters: QueueFilters, cursor?: string) =>
  unwrap(api.GET('/api/backoffice/casos', { params: { query: { ...clean(filters), ...(cursor ? { cursor } : {}) } as never } }));

/** The queue, oldest first, one keyset page after another ('Carregar mais'). */
export const useQueue = (filters: QueueFilters) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: backofficeKeys.queue(clean(filters)),
      queryFn: ({ pageParam }) => getQueue(filters, pageParam),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last: QueuePage) => last.proximo ?? undefined,
    }),
  );
