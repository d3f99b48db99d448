import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  PixAutomaticoResultDto,
  PixAutomaticoStateDto,
  PixAutomaticoWebhookResultDto,
  pixAutomaticoAuthoriseSchema,
  pixAutomaticoWebhookSchema,
} from '@guarita/domain';
import { AppError, ErrorEnvelope, errorResponses } from '../../lib/errors';
import { WEBHOOK_SIGNATURE_HEADER } from '../../ports/pix-psp';
import type { RecurrenceNotice } from '../../ports/pix-automatico';
import { NCtrIdParams } from '../contracts';
import { bearerAuth, pixWebhookSignature } from '../../plugins/openapi';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** The notices of each authenticated webhook request (never kept beyond it). */
const notices = new WeakMap<FastifyRequest, RecurrenceNotice[]>();

/**
 * Pix Automático (issue 27 item 6; ADR 077): the contract's recurrence (status, authorise, cancel) for its owner only
 * (someone else's contract is a 404), and the PSP's webhook for recurrences and recurring charges.
 */
const pixAutomaticoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service, webhook } = app.pixAutomatico;

  await app.register(async (r: ZodApp) => {
    r.addHook('onRequest', app.authenticate);
    const tags = ['payments'];
    const url = '/payments/contracts/:nCtrId/pix-automatico';

    r.get(
      url,
      {
        schema: {
          tags,
          operationId: 'getPixAutomatico',
          security: bearerAuth,
          summary: "The contract's Pix Automático: its latest recurrence (status, QR while pending) and the bills charged through it",
          description: '`recorrencia` is null when the contract was never authorised. 404 when the contract is not the caller’s.',
          params: NCtrIdParams,
          response: { 200: PixAutomaticoStateDto, ...errorResponses },
        },
      },
      (req) => service.state(req.auth.customerId, req.params.nCtrId),
    );

    r.post(
      url,
      {
        schema: {
          tags,
          operationId: 'authorisePixAutomatico',
          security: bearerAuth,
          summary:
            'Authorise Pix Automático for the monthly fee: creates the recurrence at the PSP and answers the QR (BR Code) to approve in the bank app',
          description:
            'Body { aceite: true } (400 with a pt-BR message otherwise). 409 PIX_AUTOMATICO_EXISTS when one is pending or active; ' +
            '422 PIX_AUTOMATICO_NO_FEE; 404 contract not the caller’s or closed; 502 PSP_UNAVAILABLE (nothing recorded); 503 not configured.',
          params: NCtrIdParams,
          body: pixAutomaticoAuthoriseSchema,
          response: { 200: PixAutomaticoResultDto, ...errorResponses },
        },
      },
      (req) => service.authorise(req.auth.customerId, req.params.nCtrId),
    );

    r.delete(
      url,
      {
        schema: {
          tags,
          operationId: 'cancelPixAutomatico',
          security: bearerAuth,
          summary: 'Cancel the contract’s Pix Automático (pending or active): at the PSP first, then here; scheduled debits are cancelled',
          description:
            '404 none or contract not the caller’s; 409 PIX_AUTOMATICO_ENDED when it already ended; 502 PSP_UNAVAILABLE (nothing changed).',
          params: NCtrIdParams,
          response: { 200: PixAutomaticoResultDto, ...errorResponses },
        },
      },
      (req) => service.cancel(req.auth.customerId, req.params.nCtrId),
    );
  });

  await app.register(async (hook: ZodApp) => {
    // This context only: the signature covers the raw bytes; the port parses them after checking it.
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (req, body, done) => {
      const raw = body as Buffer;
      const psp = app.pixAutomatico.psp;
      const parsed = psp ? psp.parseWebhook(raw, req.headers) : null;
      if (parsed) notices.set(req, parsed);
      try {
        done(null, JSON.parse(raw.toString('utf8')));
      } catch {
        done(null, {}); // signature first (401), then the schema (400)
      }
    });

    hook.post(
      '/payments/pix-automatico/webhook',
      {
        schema: {
          tags: ['payments'],
          operationId: 'pixAutomaticoWebhook',
          security: pixWebhookSignature,
          summary: 'PSP webhook for Pix Automático: recurrences and recurring charges changed ({ recs: [{ idRec }], cobsr: [{ txid }] })',
          description:
            `Header ${WEBHOOK_SIGNATURE_HEADER}: sha256=<hex HMAC-SHA256 of the raw body with PIX_WEBHOOK_SECRET>; missing or wrong → 401. ` +
            'Each id is confirmed by asking the PSP (GET /rec/{idRec}, GET /cobr/{txid}); a charge the PSP says is CONCLUIDA marks its bill paid exactly once.',
          body: pixAutomaticoWebhookSchema,
          response: {
            200: PixAutomaticoWebhookResultDto,
            400: ErrorEnvelope,
            401: ErrorEnvelope,
            413: ErrorEnvelope,
            415: ErrorEnvelope,
            500: ErrorEnvelope,
          },
        },
        preValidation: async (req) => {
          if (!notices.has(req)) throw new AppError(401, 'INVALID_SIGNATURE', 'Assinatura do webhook ausente ou inválida.');
        },
      },
      (req) => webhook.handle(notices.get(req) ?? []),
    );
  });
};

export default pixAutomaticoRoutes;
