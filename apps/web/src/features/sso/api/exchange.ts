import type { TokensDto } from '@guarita/domain';
import { api, unwrap } from '../../../lib/api';

export type SsoExchangeResult = TokensDto & { contractId: number | null };

const inFlight = new Map<string, Promise<SsoExchangeResult>>();

/**
 * POST /api/sso/exchange. A token works once, so a second call for the same token (React's development
 * double effect, a re-render) shares the first call instead of burning the token twice.
 */
export function exchangeSsoToken(token: string, contractId: number | null): Promise<SsoExchangeResult> {
  let p = inFlight.get(token);
  if (!p) {
    p = unwrap(api.POST('/api/sso/exchange', { body: { token, contractId } }));
    inFlight.set(token, p);
  }
  return p;
}
