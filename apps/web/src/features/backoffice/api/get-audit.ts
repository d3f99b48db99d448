import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditFilters } from '@guarita/domain';
import { api, unwrap, type ApiData } from '../../../lib/api';
import { backofficeKeys } from './keys';

export type AuditPage = ApiData<'/api/backoffice/auditoria', 'get'>;
export type AuditEntry = AuditPage['itens'][number];

/** The filters as the query string carries them (the form's parsed values; what is empty is left out). */
export const auditQuery = (f: AuditFilters): Record<string, string> =>
  Object.fromEntries(Object.entries(f).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));

const auditKey = (f: AuditFilters) => [...backofficeKeys.all, 'audit', auditQuery(f)] as const;

export const getAuditPage = (f: AuditFilters, cursor?: string) =>
  unwrap(api.GET('/api/backoffice/auditoria', { params: { query: { ...auditQuery(f), ...(cursor ? { cursor } : {}) } as never } }));

/** Admin: the audit log, newest first, one keyset page after another ('Carregar mais'). */
export const useAuditLog = (f: AuditFilters) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: auditKey(f),
      queryFn: ({ pageParam }) => getAuditPage(f, pageParam),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last: AuditPage) => last.proximo ?? undefined,
    }),
  );

/** The CSV export of the same filters: a plain download the staff cookie authenticates (the export is audited). */
export const auditCsvUrl = (f: AuditFilters) => {
  const q = new URLSearchParams(auditQuery(f)).toString();
  return `/api/backoffice/auditoria.csv${q ? `?${q}` : ''}`;
};
