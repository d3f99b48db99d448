import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { QueueFilters, QueueOrder } from '@guarita/domain';
import { api, unwrap, type ApiData } from '../../../lib/api';
import { backofficeKeys } from './keys';

export type QueuePage = ApiData<'/api/backoffice/casos', 'get'>;
export type QueueItem = QueuePage['itens'][number];
export type { QueueFilters, QueueOrder };

/** The filters as the query string sends them (no empty ones). */
const clean = (f: QueueFilters, ordem: QueueOrder) =>
  Object.fromEntries(
    Object.entries({ ...f, ordem })
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );

export const getQueue = (filters: QueueFilters, ordem: QueueOrder, cursor?: string) =>
  unwrap(api.GET('/api/backoffice/casos', { params: { query: { ...clean(filters, ordem), ...(cursor ? { cursor } : {}) } as never } }));

/** The queue in the order asked (time left by default), one keyset page after another ('Carregar mais'). */
export const useQueue = (filters: QueueFilters, ordem: QueueOrder) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: backofficeKeys.queue(clean(filters, ordem)),
      queryFn: ({ pageParam }) => getQueue(filters, ordem, pageParam),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last: QueuePage) => last.proximo ?? undefined,
      // A new order or filter keeps the rows on screen until the new ones arrive (no flash of the spinner).
      placeholderData: keepPreviousData,
    }),
  );
