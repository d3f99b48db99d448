import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactSentDto, MSG, contactRequestSchema } from '@guarita/domain';
import { ErrorEnvelope, errorResponses } from '../../lib/errors';
import { ChallengeDto } from './captcha';
import { noAuth } from '../../plugins/openapi';

/** Fale conosco: an ALTCHA challenge, then the message (captcha enforced, one use per challenge, per-IP limit). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { contact } = app;

  app.get(
    '/contact/challenge',
    {
      schema: {
        tags: ['contact'],
        operationId: 'getContactChallenge',
        security: noAuth,
        summary: 'A fresh, signed ALTCHA proof-of-work challenge for the contact form',
        response: { 200: ChallengeDto, ...errorResponses },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return contact.captcha.challenge();
    },
  );

  app.post(
    '/contact',
    {
      schema: {
        tags: ['contact'],
        operationId: 'sendContactMessage',
        security: noAuth,
        summary: "Send a message to the company's contact inbox ('Contato via Site')",
        body: contactRequestSchema,
        response: { 200: ContactSentDto, ...errorResponses, 409: ErrorEnvelope, 502: ErrorEnvelope },
      },
      // Before validation, so malformed floods count against the limit too.
      preValidation: async (req) => contact.hit(req.ip),
    },
    async (req) => {
      const { altcha, ...message } = req.body;
      try {
        await contact.send(message, altcha);
      } catch (err) {
        if (err instanceof Error && 'cause' in err && err.cause instanceof Error) {
          req.log.error({ cause: err.cause.message }, 'contact e-mail not sent');
        }
        throw err;
      }
      return { sucesso: true as const, mensagem: MSG.contactSuccess };
    },
  );
};
export default routes;
