import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  AdvanceForecastDto,
  AdvanceResultDto,
  CardActionRequiredDto,
  CardClientConfigDto,
  CardPaymentResultDto,
  ChangeCardResultDto,
  PaymentsSummaryDto,
  PixConteudoDto,
  PixResultDto,
  PixWebhookResultDto,
  advanceRequestSchema,
  cardActionRequestSchema,
  cardPaymentRequestSchema,
  changeCardRequestSchema,
  pixRequestSchema,
  pixWebhookSchema,
} from '@guarita/domain';
import { AppError, ErrorEnvelope, errorResponses } from '../../lib/errors';
import { verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER } from '../../ports/pix-psp';
import { NCtrIdParams } from '../contracts';
import { bearerAuth, noAuth, pixWebhookSignature } from '../../plugins/openapi';
import { IdempotencyHeaders, sendIdempotent } from '../../lib/idempotent-route';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** A charge route may also answer 402: the card was declined (stored with the idempotency key like a success). */
const paymentErrorResponses = { ...errorResponses, 402: ErrorEnvelope } as const;

const TxidParams = z.object({ txid: z.string().regex(/^[A-Za-z0-9]{1,35}$/) });

/** Raw bodies of webhook requests, for the signature check (never kept beyond the request). */
const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/**
 * /api/payments/* (issue 3). Customer routes need the AccessToken and only reach the caller's own
 * contracts, bills and charges (404 otherwise). The PSP webhook is authenticated by its HMAC signature.
 * In demo mode, /api/dev/pix/{txid}/confirm and the sandbox payment-link checkout exist too.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const payments = app.payments;

  // ── Customer routes ───────────────────────────────────────────────────────────────────────
  await app.register(async (r: ZodApp) => {
    r.addHook('onRequest', app.authenticate);
    const tags = ['payments'];

    r.get(
      '/payments/contracts/:nCtrId',
      {
        schema: {
          tags,
          operationId: 'getPaymentsSummary',
          security: bearerAuth,
          summary: 'Payments screen: card on file, open total, overdue bills and the open Pix, if any',
          params: NCtrIdParams,
          response: { 200: PaymentsSummaryDto, ...errorResponses },
        },
      },
      (req) => payments.summary.get(req.auth.customerId, req.params.nCtrId),
    );

    r.post(
      '/payments/contracts/:nCtrId/card-payment',
      {
        schema: {
          tags,
          operationId: 'payOpenBillsByCard',
          security: bearerAuth,
          summary: "Pay overdue ('I') bills by card (card on file, or dadosDoCartao, which then becomes the card on file)",
          description:
            'Requires Idempotency-Key (one per payment attempt): retries and concurrent duplicates get the first answer ' +
            '(header idempotent-replayed: true) and never charge twice; the same key with another body → 422 IDEMPOTENCY_KEY_REUSED. ' +
            '200 paid; 202 acaoNecessaria: 3-D Secure in the browser, then POST …/card-action; 402 CARD_DECLINED; 422 SELLER_CODE_MISSING | NO_CARD_ON_FILE | NO_OPEN_BILLS; 409 BILL_NOT_OPEN | AMOUNT_CHANGED | ' +
            'PIX_NEGOTIATION_OPEN; 404 contract or bill not yours; 502 GATEWAY_UNAVAILABLE (safe to retry with the same key).',
          params: NCtrIdParams,
          headers: IdempotencyHeaders,
          body: cardPaymentRequestSchema,
          response: { 200: CardPaymentResultDto, 202: CardActionRequiredDto, ...paymentErrorResponses },
        },
      },
      async (req, reply) =>
        sendIdempotent(
          reply,
          await payments.cardPayment.payOpenBills(req.auth.customerId, req.params.nCtrId, req.headers['idempotency-key'], req.body),
        ),
    );

    r.post(
      '/payments/contracts/:nCtrId/pix',
      {
        schema: {
          tags,
          operationId: 'createPix',
          security: bearerAuth,
          summary: "Create a Pix (BR Code) for overdue ('I') bills: expires in 360 min, due tomorrow",
          description:
            'Requires Idempotency-Key. 409 PIX_NEGOTIATION_OPEN when a bill is already in an open Pix/link ' +
            "(mensagem contains 'faz parte de uma negociação em aberto'); 409 BILL_NOT_OPEN | AMOUNT_CHANGED; 503 PIX_UNAVAILABLE.",
          params: NCtrIdParams,
          headers: IdempotencyHeaders,
          body: pixRequestSchema,
          response: { 200: PixResultDto, ...paymentErrorResponses },
        },
      },
      async (req, reply) =>
        sendIdempotent(reply, await payments.pix.create(req.auth.customerId, req.params.nCtrId, req.headers['idempotency-key'], req.body)),
    );

    r.get(
      '/payments/pix/:txid',
      {
        schema: {
          tags,
          operationId: 'getPix',
          security: bearerAuth,
          summary: 'A Pix charge of the caller (poll it: status pending → paid | expired)',
          params: TxidParams,
          response: { 200: PixConteudoDto, ...errorResponses },
        },
      },
      (req) => payments.pix.status(req.auth.customerId, req.params.txid),
    );

    r.put(
      '/payments/contracts/:nCtrId/card',
      {
        schema: {
          tags,
          operationId: 'changeCard',
          security: bearerAuth,
          summary: 'Change the card on file (TrocarCartao): validated by the gateway, only brand + last 4 stored',
          description:
            "422 CARD_DECLINED ('Erro ao trocar o cartão de crédito. …'); 400 with the card form's messages; 502 GATEWAY_UNAVAILABLE; 429.",
          params: NCtrIdParams,
          body: changeCardRequestSchema,
          response: { 200: ChangeCardResultDto, 202: CardActionRequiredDto, ...paymentErrorResponses },
        },
      },
      async (req, reply) => {
        const r = await payments.cardChange.changeCard(req.auth.customerId, req.params.nCtrId, req.body.dadosDoCartao);
        return reply.status(r.status).send(r.body);
      },
    );

    r.post(
      '/payments/contracts/:nCtrId/card-action',
      {
        schema: {
          tags,
          operationId: 'completeCardAction',
          security: bearerAuth,
          summary: "Finish a card payment or card change that answered 202 (3-D Secure): the details the provider's browser code yielded",
          description:
            'Answers what the payment or change answers once settled: 200 (CardPaymentResult or ChangeCardResult), 402 or 422 CARD_DECLINED ' +
            '(challenge refused, failed or expired); a repeat answers the same. 404: no such action of this contract.',
          params: NCtrIdParams,
          body: cardActionRequestSchema,
          response: { 200: z.union([CardPaymentResultDto, ChangeCardResultDto]), 202: CardActionRequiredDto, ...paymentErrorResponses },
        },
      },
      async (req, reply) => {
        const r = await payments.cardActions.complete(req.auth.customerId, req.params.nCtrId, req.body.gatewayId, req.body.detalhes);
        return reply.status(r.status as 200).send(r.body as never);
      },
    );

    r.get(
      '/payments/contracts/:nCtrId/advance',
      {
        schema: {
          tags,
          operationId: 'getAdvanceForecast',
          security: bearerAuth,
          summary: "Advance forecast (previsaoValor): 'Valor a antecipar' and whether it can be advanced now (ADR 002)",
          params: NCtrIdParams,
          response: { 200: AdvanceForecastDto, ...errorResponses },
        },
      },
      (req) => payments.advance.forecast(req.auth.customerId, req.params.nCtrId),
    );

    r.post(
      '/payments/contracts/:nCtrId/advance',
      {
        schema: {
          tags,
          operationId: 'requestAdvance',
          security: bearerAuth,
          summary: 'Request an advance (antecipar) of the next open bill: PI Pix, CC card on file, LP payment link',
          description:
            'Requires Idempotency-Key. 409 ADVANCE_IN_PROGRESS; 422 ADVANCE_NO_INVOICES; 422 ADVANCE_UNAVAILABLE with ' +
            'detalhes { motivo: OVERDUE_BILLS | PENDING_DEBIT, dataAgendada } (the "Antecipação não disponível" sheet); ' +
            '402 CARD_DECLINED (CC); 422 NO_CARD_ON_FILE (CC).',
          params: NCtrIdParams,
          headers: IdempotencyHeaders,
          body: advanceRequestSchema,
          response: { 200: AdvanceResultDto, ...paymentErrorResponses },
        },
      },
      async (req, reply) =>
        sendIdempotent(
          reply,
          await payments.advance.request(req.auth.customerId, req.params.nCtrId, req.headers['idempotency-key'], req.body.metodoPagamento),
        ),
    );
  });

  // ── PSP webhook ───────────────────────────────────────────────────────────────────────────
  await app.register(async (hook: ZodApp) => {
    // This context only: keep the raw bytes, the signature covers them exactly.
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (req, body, done) => {
      rawBodies.set(req, body as Buffer);
      try {
        done(null, JSON.parse((body as Buffer).toString('utf8')));
      } catch {
        done(null, {}); // signature first (401), then the schema (400)
      }
    });

    hook.post(
      '/payments/pix/webhook',
      {
        schema: {
          tags: ['payments'],
          operationId: 'pixWebhook',
          security: pixWebhookSignature,
          summary: 'PSP webhook: Pix received (Bacen body { pix: [{ endToEndId, txid, valor, horario }] })',
          description:
            `Header ${WEBHOOK_SIGNATURE_HEADER}: sha256=<hex HMAC-SHA256 of the raw body with PIX_WEBHOOK_SECRET>; missing or wrong → 401. ` +
            'Each charge is settled exactly once: a repeated delivery answers already_paid and changes nothing; an expired charge is never confirmed.',
          body: pixWebhookSchema,
          response: {
            200: PixWebhookResultDto,
            400: ErrorEnvelope,
            401: ErrorEnvelope,
            413: ErrorEnvelope,
            415: ErrorEnvelope,
            500: ErrorEnvelope,
          },
        },
        preValidation: async (req) => {
          const raw = rawBodies.get(req);
          if (!raw || !verifyWebhookSignature(raw, req.headers[WEBHOOK_SIGNATURE_HEADER], payments.settings.webhookSecret)) {
            throw new AppError(401, 'INVALID_SIGNATURE', 'Assinatura do webhook ausente ou inválida.');
          }
        },
      },
      (req) => payments.pixWebhook.handle(req.body),
    );

    hook.post(
      '/payments/card/webhook',
      {
        schema: {
          tags: ['payments'],
          operationId: 'cardWebhook',
          security: noAuth,
          summary: "Card provider webhook (AUTHORISATION, CANCELLATION, REFUND), verified by the provider's HMAC",
          description:
            'The configured CardGateway verifies the signature (sandbox: x-sandbox-hmac-signature; Adyen: the HMAC in each item) and parses ' +
            'the events; not authentic → 401, nothing applied. Each event is reconciled with the ledger once (a payment link paid, a 3-D ' +
            'Secure payment settled, a refund confirmed) and recorded in the provider events; a repeated delivery changes nothing.',
          response: {
            200: z.object({
              notificationResponse: z.literal('[accepted]'),
              resultados: z.array(
                z.object({ eventId: z.string(), resultado: z.enum(['applied', 'already_applied', 'recorded', 'mismatch']) }),
              ),
            }),
            401: ErrorEnvelope,
            413: ErrorEnvelope,
            415: ErrorEnvelope,
            500: ErrorEnvelope,
          },
        },
      },
      async (req) => {
        const raw = rawBodies.get(req);
        const events = raw ? payments.cardWebhook.parse(raw, req.headers) : null;
        if (!events) throw new AppError(401, 'INVALID_SIGNATURE', 'Assinatura do webhook ausente ou inválida.');
        return { notificationResponse: '[accepted]' as const, ...(await payments.cardWebhook.handle(events)) };
      },
    );
  });

  // ── The card provider's client configuration (public: a public key or client key, nothing secret) ───────────────
  app.get(
    '/payments/card/client-config',
    {
      schema: {
        tags: ['payments'],
        operationId: 'getCardClientConfig',
        security: noAuth,
        summary: 'What the browser needs to encrypt a card for the configured provider (sandbox: its public JWK; Adyen: the client key)',
        response: { 200: CardClientConfigDto },
      },
    },
    async (_req, reply) => reply.header('cache-control', 'no-store').send(app.cardGateway.clientConfig() as CardClientConfigDto),
  );

  // ── Demo mode only ────────────────────────────────────────────────────────────────────────
  if (!app.config.demoMode) return;

  await app.register(async (dev: ZodApp) => {
    dev.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) =>
      done(null, {}),
    );

    dev.post(
      '/dev/pix/:txid/confirm',
      {
        schema: {
          tags: ['dev'],
          operationId: 'devConfirmPix',
          security: noAuth,
          summary: 'Demo mode only: the payer "pays" a Pix — sent through the same code path as the PSP webhook',
          params: TxidParams,
          response: {
            200: z.object({ txid: z.string(), resultado: PixWebhookResultDto.shape.resultados.element.shape.resultado }),
            404: ErrorEnvelope,
          },
        },
      },
      async (req) => ({ txid: req.params.txid, resultado: await payments.demoPix.pay(req.params.txid) }),
    );
  });
};

export default routes;
