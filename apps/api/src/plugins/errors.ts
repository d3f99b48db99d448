import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@guarita/domain';
import { AppError } from '../lib/errors';
import { isDatabaseUnavailable } from '../db/db';

/** Seconds a client should wait before retrying when the database is away. */
export const DB_RETRY_AFTER_SECONDS = 5;

/** The one error handler: coded errors → envelope; validation → 400 with the schema's pt-BR message;
 * database away → 503 + Retry-After; the rest → 500, details logged only. */
export default fp(async (app) => {
  app.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
    const envelope = (status: number, erro: string, mensagem: string, detalhes?: AppError['detalhes']) =>
      reply.code(status).send({ sucesso: false, status, erro, mensagem, ...(detalhes ? { detalhes } : {}) });

    if (err instanceof AppError) {
      if (err.status >= 500) {
        // Outside-system errors can quote an address or a number: log their kind, not their text. Our own stack says
        // where it was raised (its message is the pt-BR text the customer reads), once, here (ADR 067).
        const cause = err.cause as { name?: string; code?: string } | undefined;
        req.log.error({ cause: cause?.name, causeCode: cause?.code, stack: err.stack }, err.code);
      }
      reply.headers(err.headers);
      return envelope(err.status, err.code, err.mensagem, err.detalhes);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      // Our schemas carry the spec's pt-BR messages; zod's own ones are set to Portuguese in app.ts.
      return envelope(400, 'VALIDATION', first?.message ?? 'Dados inválidos.');
    }
    if (isDatabaseUnavailable(err)) {
      // The database is away (restart, failover, overload): a retry later works. Log the kind only.
      req.log.warn({ code: (err as { code?: string }).code }, 'database unavailable');
      reply.header('retry-after', String(DB_RETRY_AFTER_SECONDS));
      return envelope(503, 'SERVICE_UNAVAILABLE', MSG.connection);
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status === 413) return envelope(413, 'PAYLOAD_TOO_LARGE', 'O conteúdo enviado é grande demais.');
    if (status === 415) return envelope(415, 'UNSUPPORTED_MEDIA_TYPE', 'Formato de conteúdo não suportado.');
    if (status >= 400 && status < 500) return envelope(status, 'BAD_REQUEST', 'Requisição inválida.');
    req.log.error({ err }, 'unhandled error');
    return envelope(500, 'INTERNAL', MSG.unexpected);
  });
});
