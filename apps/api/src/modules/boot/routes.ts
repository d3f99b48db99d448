import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdvanceForecastDto,
  BillsDto,
  ContractDetailDto,
  ContractDto,
  CustomerInfoDto,
  PaymentsSummaryDto,
  TokensDto,
  UnreadCountDto,
  contractIdSchema,
  selectableContracts,
  type ContractId,
} from '@guarita/domain';
import { sameOriginOnly } from '../../plugins/security';
import { errorResponses } from '../../lib/errors';
import { noAuth } from '../../plugins/openapi';
import { AUTH_COOKIE_PATH, REFRESH_COOKIE } from '../auth/cookies';
import { sendSessionTokens } from '../auth/routes';

/** The start data of one contract: what the start page and the payments pages show first. */
const BootStartDto = z.object({
  nCtrId: z.number().int(),
  contract: ContractDetailDto.optional(),
  bills: BillsDto.optional(),
  advance: AdvanceForecastDto.optional(),
  /** The payments summary (the open invoice and card pages). */
  summary: PaymentsSummaryDto.optional(),
});

export const BootDto = z.object({
  tokens: TokensDto,
  contracts: z.array(ContractDto).optional(),
  me: CustomerInfoDto.optional(),
  unread: UnreadCountDto.optional(),
  start: BootStartDto.optional(),
});

const BootBody = z
  .object({
    /** Answer the chosen contract's detail, bills and advance forecast (the start page, the payments page, advance). */
    start: z.boolean().optional(),
    /** Answer the chosen contract's payments summary (the open invoice and card pages). */
    summary: z.boolean().optional(),
    /** The contract the page will show (the route's or the stored choice); the first selectable one when absent or not the customer's. */
    nCtrId: contractIdSchema.optional(),
  })
  .strict();

const routes: FastifyPluginAsyncZod = async (app) => {
  const { authService: auth, config, tokens } = app;
  const sameOrigin = sameOriginOnly(config.env.PUBLIC_URL);
  /** A part that fails is left out (the page asks for it again, with its own error state): the tokens never are. */
  const part = async <T>(what: string, read: () => Promise<T | null>): Promise<T | undefined> => {
    try {
      return (await read()) ?? undefined;
    } catch (err) {
      app.log.warn({ err, part: what }, 'boot: part left out');
      return undefined;
    }
  };

  app.post(
    '/auth/boot',
    {
      preHandler: sameOrigin,
      schema: {
        tags: ['auth'],
        operationId: 'authBoot',
        description:
          'Authenticated by the HttpOnly refresh cookie, which it rotates exactly as /auth/refresh does (same errors). ' +
          'Besides the tokens it answers the contracts, the customer and the unread count, and with `start` the chosen ' +
          "contract's detail, bills and advance forecast (with `summary` its payments summary); a part that could not be " +
          'read is left out.',
        security: noAuth,
        summary: "Refresh plus a logged-in page's first data, in one round trip",
        body: BootBody.nullish(),
        response: { 200: BootDto, ...errorResponses },
      },
    },
    async (req, reply) => {
      let issued;
      try {
        issued = await auth.refresh(req.cookies[REFRESH_COOKIE]);
      } catch (err) {
        reply.clearCookie(REFRESH_COOKIE, { path: AUTH_COOKIE_PATH });
        throw err;
      }
      reply.header('cache-control', 'no-store');
      const answer: z.infer<typeof BootDto> = { tokens: sendSessionTokens(reply, config, issued) };
      const who = await tokens.verifyAccess(issued.AccessToken);
      if (!who) return answer;
      const { customerId } = who;
      const [contracts, me, unread] = await Promise.all([
        part('contracts', () => app.contracts.list(customerId)),
        part('me', () => app.customers.info(customerId)),
        part('unread', () => app.notifications.unread(customerId)),
      ]);
      Object.assign(answer, { contracts, me, unread });
      const wants = { start: req.body?.start === true, summary: req.body?.summary === true };
      if ((wants.start || wants.summary) && contracts) {
        // The same choice as the web app's useSelectedContract: the asked one when it is selectable, else the first.
        const list = selectableContracts(contracts);
        const chosen = (list.find((c) => c.nCtrId === req.body?.nCtrId) ?? list[0])?.nCtrId as ContractId | undefined;
        if (chosen !== undefined) {
          const skip = async () => null;
          const [contract, bills, advance, summary] = await Promise.all([
            wants.start ? part('contract', () => app.contracts.detail(customerId, chosen)) : skip(),
            wants.start ? part('bills', () => app.contracts.bills(customerId, chosen)) : skip(),
            wants.start ? part('advance', () => app.payments.advanceForecast(customerId, chosen)) : skip(),
            wants.summary ? part('summary', () => app.payments.summary(customerId, chosen)) : skip(),
          ]);
          answer.start = {
            nCtrId: chosen,
            ...(contract ? { contract } : {}),
            ...(bills ? { bills } : {}),
            ...(advance ? { advance } : {}),
            ...(summary ? { summary } : {}),
          };
        }
      }
      return answer;
    },
  );
};
export default routes;
