import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SsoDataSchema, TokensDto, contractIdSchema, documentSchema, safeText } from '@guarita/domain';
import { errorResponses } from '../../lib/errors';
import { noAuth, ssoApiKey } from '../../plugins/openapi';
import { sendSessionTokens } from '../auth';
import type { SsoService } from './service';

const routes: FastifyPluginAsyncZod<{ service: SsoService }> = async (app, { service }) => {
  const { config } = app;

  app.post(
    '/sso/tokens',
    {
      schema: {
        tags: ['sso'],
        operationId: 'issueSsoToken',
        security: ssoApiKey,
        summary: 'Server to server: issue a one-time sign-on token (≤ 60 s, single use) and its /sso/{data} link',
        description:
          'Authenticated by the `x-api-key` header (keys are configured as SHA-256 hashes in SSO_API_KEYS). ' +
          'The answer’s `link` opens the customer area logged in as that customer, on `path` (one of the customer routes), ' +
          'with `contractId` selected. Example: `curl -X POST $URL/api/sso/tokens -H "x-api-key: $KEY" ' +
          '-H "content-type: application/json" -d \'{"documento":"52998224725","path":"/meu-plano","contractId":100101}\'`',
        body: SsoDataSchema.omit({ token: true }).extend({ documento: documentSchema }),
        response: {
          201: z.object({ token: z.string(), expiresAt: z.string(), data: z.string(), link: z.string() }),
          ...errorResponses,
        },
      },
    },
    async (req, reply) => {
      const header = req.headers['x-api-key'];
      const keyId = await service.authenticateIssuer(typeof header === 'string' ? header.slice(0, 200) : undefined, req.ip);
      const issued = await service.issue(keyId, req.body, req.ip);
      req.log.info({ event: 'sso_token_issued', keyId }, 'sign-on token issued');
      return reply.code(201).header('cache-control', 'no-store').send(issued);
    },
  );

  app.post(
    '/sso/exchange',
    {
      schema: {
        tags: ['sso'],
        operationId: 'exchangeSsoToken',
        security: noAuth,
        summary: 'Browser: trade a sign-on token for the normal session (same tokens and refresh cookie as the code login)',
        body: z.object({
          token: safeText(200).min(20),
          contractId: contractIdSchema.nullable().optional(),
        }),
        response: { 200: TokensDto.extend({ contractId: z.number().int().nullable() }), ...errorResponses },
      },
    },
    async (req, reply) => {
      const { tokens, contractId } = await service.exchange(req.body.token, req.body.contractId ?? null, req.ip);
      req.log.info({ event: 'sso_exchanged' }, 'sign-on token exchanged');
      return { ...sendSessionTokens(reply, config, tokens), contractId };
    },
  );
};
export default routes;
