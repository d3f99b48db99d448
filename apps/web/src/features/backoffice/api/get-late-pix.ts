import { useInfiniteQuery } from '@tanstack/react-query';
import { api, unwrap, type ApiData } from '../../../lib/api';
import { deskList, statusQuery } from './finance-page';
import { backofficeKeys } from './keys';

export type LatePixPage = ApiData<'/api/backoffice/financeiro/pix-atrasados', 'get'>;
export type RefundStatus = NonNullable<LatePixPage['itens'][number]['reembolso']>;

export const getLatePix = (reembolso: RefundStatus | undefined, cursor?: string) =>
  unwrap(
    api.GET('/api/backoffice/financeiro/pix-atrasados', {
      params: { query: { ...statusQuery('reembolso', reembolso), ...(cursor ? { cursor } : {}) } as never },
    }),
  );

/** Late Pix payments and the credits to refund (ADR 010). */
export const useLatePix = (reembolso: RefundStatus | undefined) =>
  useInfiniteQuery(deskList(backofficeKeys.latePix(statusQuery('reembolso', reembolso)), (cursor) => getLatePix(reembolso, cursor)));
