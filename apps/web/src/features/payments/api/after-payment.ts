import { useCallback } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { contractKeys } from '../../../api/keys';
import { paymentKeys } from './keys';

/**
 * Marks what a payment changes as stale — the bills (contractKeys.bills), the contracts (card on file)
 * and the payments summary — without refetching the screen that is still showing the result; whatever mounts
 * next (e.g. /pagamentos) fetches fresh data. `refetch` also refreshes what is on screen now.
 */
export function invalidateAfterPayment(qc: QueryClient, nCtrId: number, refetch = false) {
  const how = refetch ? {} : { refetchType: 'none' as const };
  void qc.invalidateQueries({ queryKey: contractKeys.all, ...how });
  void qc.invalidateQueries({ queryKey: paymentKeys.contract(nCtrId), ...how });
}

/** For screens that learn of a payment by themselves (a polled Pix turning paid, a result modal closing). */
export function useAfterPayment(nCtrId: number) {
  const qc = useQueryClient();
  return useCallback((refetch = false) => invalidateAfterPayment(qc, nCtrId, refetch), [qc, nCtrId]);
}
