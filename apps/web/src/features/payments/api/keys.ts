/**
 * Query keys of the payments feature. Everything about one contract's payments sits under
 * `paymentKeys.contract(id)`, so invalidating it refreshes the summary and the advance forecast together.
 */
export const paymentKeys = {
  all: ['payments'] as const,
  contract: (nCtrId: number) => [...paymentKeys.all, nCtrId] as const,
  advance: (nCtrId: number) => [...paymentKeys.contract(nCtrId), 'advance'] as const,
  pix: (txid: string) => [...paymentKeys.all, 'pix', txid] as const,
};
