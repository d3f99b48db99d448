import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PixWebhookResultDto, pixNotificationSchema } from '@guarita/domain';
import { ErrorEnvelope } from '../../lib/errors';
import { noAuth } from '../../plugins/openapi';

/**
 * POST /api/payments/pix/api-pix/webhook/pix — where an API Pix PSP notifies Pix received (ADR 076). Register
 * `{PUBLIC_URL}/api/payments/pix/api-pix/webhook` as the key's webhookUrl at the PSP (PUT /webhook/{chave}); the PSP
 * appends `/pix`. The PSP's side of the call is mutual TLS, ended at our proxy; the body carries no signature and is
 * never trusted: each txid of ours is confirmed with GET /cob/{txid} before any bill is marked paid.
 */
const pixNotifyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments } = app;
  app.post(
    '/payments/pix/api-pix/webhook/pix',
    {
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['payments'],
        operationId: 'pixApiNotification',
        security: noAuth,
        summary: 'API Pix PSP notification (BCB body { pix: [{ endToEndId, txid, … }] }), each txid confirmed with the PSP',
        description:
          'Only the txids are read; every charge of ours not yet paid is read back from the PSP (GET /cob/{txid}) and only the Pix it lists ' +
          'are settled (paid, late_paid, late_credit, amount_mismatch, expired). not_found: no charge of ours; not_confirmed: the PSP lists no Pix ' +
          'for it. 503 PSP_UNAVAILABLE: the PSP could not be asked — nothing changed, the PSP delivers again.',
        body: pixNotificationSchema,
        response: { 200: PixWebhookResultDto, 400: ErrorEnvelope, 413: ErrorEnvelope, 415: ErrorEnvelope, 503: ErrorEnvelope },
      },
    },
    (req) => payments.pixWebhook.handleNotified(req.body),
  );
};

export default pixNotifyRoutes;
