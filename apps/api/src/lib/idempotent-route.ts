import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { idempotencyKeySchema } from '@guarita/domain';
import type { IdempotentAnswer } from './idempotency';

/** The headers of a route that requires an Idempotency-Key; others pass through (authorization was checked in onRequest). */
export const IdempotencyHeaders = z.looseObject({ 'idempotency-key': idempotencyKeySchema });

/** Sends an idempotent answer: its status and body, and whether it is the replay of an earlier request with the same key. */
export const sendIdempotent = (reply: FastifyReply, answer: IdempotentAnswer) =>
  reply
    .code(answer.status)
    .header('idempotent-replayed', String(answer.replayed))
    .send(answer.body as never);
