import { useInfiniteQuery } from '@tanstack/react-query';
import { api, unwrap, type ApiData } from '../../../lib/api';
import { deskList, statusQuery } from './finance-page';
import { backofficeKeys } from './keys';

export type PaymentLinkPage = ApiData<'/api/backoffice/financeiro/links', 'get'>;
export type LinkStatus = PaymentLinkPage['itens'][number]['status'];

export const getPaymentLinks = (status: LinkStatus | undefined, cursor?: string) =>
  unwrap(
    api.GET('/api/backoffice/financeiro/links', {
      params: { query: { ...statusQuery('status', status), ...(cursor ? { cursor } : {}) } as never },
    }),
  );

export const usePaymentLinks = (status: LinkStatus | undefined) =>
  useInfiniteQuery(deskList(backofficeKeys.links(statusQuery('status', status)), (cursor) => getPaymentLinks(status, cursor)));
