import { useInfiniteQuery } from '@tanstack/react-query';
import { api, unwrap, type ApiData } from '../../../lib/api';
import { deskList, statusQuery } from './finance-page';
import { backofficeKeys } from './keys';

export type AdvancePage = ApiData<'/api/backoffice/financeiro/antecipacoes', 'get'>;
export type AdvanceStatus = AdvancePage['itens'][number]['status'];

export const getAdvances = (status: AdvanceStatus | undefined, cursor?: string) =>
  unwrap(
    api.GET('/api/backoffice/financeiro/antecipacoes', {
      params: { query: { ...statusQuery('status', status), ...(cursor ? { cursor } : {}) } as never },
    }),
  );

export const useAdvances = (status: AdvanceStatus | undefined) =>
  useInfiniteQuery(deskList(backofficeKeys.advances(statusQuery('status', status)), (cursor) => getAdvances(status, cursor)));
