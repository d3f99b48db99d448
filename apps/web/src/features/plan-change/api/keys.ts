import type { PaymentType } from '@guarita/domain';

/** Query keys of the plan change. */
export const planChangeKeys = {
  all: ['plan-change'] as const,
  screen: (nCtrId: number, tipoPagamento: PaymentType) => [...planChangeKeys.all, nCtrId, tipoPagamento] as const,
  quote: (nCtrId: number, tipoPagamento: PaymentType, itens: readonly string[], reboqueKm: number | null) =>
    [...planChangeKeys.all, nCtrId, tipoPagamento, 'quote', [...itens].sort().join(','), reboqueKm] as const,
};
