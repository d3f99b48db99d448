import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { PASSKEY_MSG, relyingParty } from '@guarita/domain';
import type { AppConfig } from '../../config';
import { AppError } from '../../lib/errors';

/** What the customer's and the staff's passkey routes read from a request the same way. */

/** The relying party of a request (PUBLIC_URL's host; in demo mode the request's host); a 400 on an IP address. */
export function relyingPartyOf(config: AppConfig) {
  return (req: FastifyRequest) => {
    const rp = relyingParty(config.env.PUBLIC_URL, config.demoMode, { protocol: req.protocol, host: req.host });
    if (!rp) throw new AppError(400, 'PASSKEY_UNAVAILABLE', PASSKEY_MSG.unsupported);
    return rp;
  };
}

/** `/…/passkeys/:id`: a passkey's row id. */
export const PasskeyIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
