import { queryOptions, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, useIdempotentMutation, type ApiData } from '../../../lib/api';
import { deskList } from './finance-page';
import { backofficeKeys } from './keys';

/**
 * The financeiro desk's payments (issue 27 item 7, ADR 078): card, payment link, Pix, Pix Automático and late Pix
 * credits, with provider reference, provider events and refunds. A payment's id is a string (a link id, a txid, a number).
 */
export type DeskPaymentPage = ApiData<'/api/backoffice/financeiro/pagamentos', 'get'>;
export type DeskPayment = DeskPaymentPage['itens'][number];
export type DeskPaymentMethod = DeskPayment['metodo'];
export type DeskPaymentDetail = ApiData<'/api/backoffice/financeiro/pagamentos/{metodo}/{id}', 'get'>;
export type RefundResult = ApiData<'/api/backoffice/financeiro/pagamentos/{metodo}/{id}/estornos', 'post'>;

export interface PaymentFilters {
  metodo?: DeskPaymentMethod;
  contrato?: number;
}

const filterQuery = (f: PaymentFilters): Record<string, string> => ({
  ...(f.metodo ? { metodo: f.metodo } : {}),
  ...(f.contrato ? { contrato: String(f.contrato) } : {}),
});

export const getDeskPayments = (f: PaymentFilters, cursor?: string) =>
  unwrap(
    api.GET('/api/backoffice/financeiro/pagamentos', {
      params: { query: { ...filterQuery(f), ...(cursor ? { cursor } : {}) } as never },
    }),
  );

export const useDeskPayments = (f: PaymentFilters) =>
  useInfiniteQuery(deskList(backofficeKeys.payments(filterQuery(f)), (cursor) => getDeskPayments(f, cursor)));

export const getDeskPayment = (metodo: DeskPaymentMethod, id: string) =>
  unwrap(api.GET('/api/backoffice/financeiro/pagamentos/{metodo}/{id}', { params: { path: { metodo, id } } }));

export const useDeskPayment = (metodo: DeskPaymentMethod, id: string) =>
  useQuery(queryOptions({ queryKey: backofficeKeys.payment(metodo, id), queryFn: () => getDeskPayment(metodo, id) }));

export interface RefundVars {
  valor: number;
  motivo: string;
}

export const refundPayment = (metodo: DeskPaymentMethod, id: string, vars: RefundVars, idempotencyKey: string) =>
  unwrap(
    api.POST('/api/backoffice/financeiro/pagamentos/{metodo}/{id}/estornos', {
      params: { path: { metodo, id }, header: { 'idempotency-key': idempotencyKey } },
      body: vars,
    }),
  );

/**
 * 'Estornar': one Idempotency-Key per attempt (a retry after no answer or a 503 reuses it, so the provider never
 * refunds twice); afterwards the desk's lists and the payment are read again.
 */
export function useRefundPayment(metodo: DeskPaymentMethod, id: string) {
  const qc = useQueryClient();
  return useIdempotentMutation({
    mutationFn: (vars: RefundVars, key: string) => refundPayment(metodo, id, vars, key),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: backofficeKeys.finance() });
    },
  });
}
