import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError, unwrap, type ApiData } from '../../../lib/api';
import { paymentKeys } from './keys';

/** How often a pending charge is asked for its status. */
export const PIX_POLL_MS = 3_000;

export type PixCharge = ApiData<'/api/payments/pix/{txid}', 'get'>;

/** GET /api/payments/pix/{txid}: one of the caller's Pix charges (status pending → paid | expired). */
export const getPix = (txid: string) => unwrap(api.GET('/api/payments/pix/{txid}', { params: { path: { txid } } }));

/**
 * Polls while the charge is pending (every 3 s, while the tab is visible); stops once it is paid or expired,
 * or when the API answers that it will not tell (4xx: not found, logged out). A network error keeps polling.
 */
export const pixQuery = (txid: string) =>
  queryOptions({
    queryKey: paymentKeys.pix(txid),
    queryFn: () => getPix(txid),
    refetchInterval: (q) => {
      if (q.state.data && q.state.data.status !== 'pending') return false;
      const err = q.state.error;
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) return false;
      return PIX_POLL_MS;
    },
  });

/** `initial` is the charge as it was created (or as the payments summary listed it): shown at once, then polled. */
export const usePixCharge = (txid: string, initial?: PixCharge) =>
  useQuery({ ...pixQuery(txid), ...(initial ? { initialData: initial, initialDataUpdatedAt: 0 } : {}) });
