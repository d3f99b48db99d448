import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Server } from '@tus/server';
import { MSG } from '@guarita/domain';
import { ErrorEnvelope, errorResponses } from '../../lib/errors';
import { DB_RETRY_AFTER_SECONDS } from '../../plugins/errors';
import { bearerAuth } from '../../plugins/openapi';
import { uploadCaller } from './store';
import { envelopeText, tusRefusal } from './tus';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

const TUS_BODY = 'application/offset+octet-stream';

/** The request as the tus server reads it (a web Request): the body is the raw stream, left unread by Fastify. */
function webRequest(req: FastifyRequest): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.raw.headers)) {
    if (typeof v === 'string') headers.set(k, v);
    else if (Array.isArray(v)) for (const one of v) headers.append(k, one);
  }
  // Only a chunk's body is read, and only by tus: any other body (JSON…) was parsed by Fastify or refused before.
  const chunk = (req.method === 'PATCH' || req.method === 'POST') && (req.headers['content-type'] ?? '').toLowerCase().startsWith(TUS_BODY);
  // The path is what tus reads (the upload id); the host is never used (relative Location).
  return new Request(new URL(req.raw.url ?? '/', 'http://localhost'), {
    method: req.method,
    headers,
    ...(chunk ? { body: Readable.toWeb(req.raw) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * Writes the tus answer on the raw response: its status and tus headers, with the headers every API answer carries
 * (helmet's, set in onRequest, stay; cache-control no-store here, as the onSend hook a hijacked reply skips would).
 * An error's text becomes our envelope (JSON) whatever tus wrote.
 */
async function send(req: FastifyRequest, reply: FastifyReply, res: Response): Promise<void> {
  const raw = reply.raw;
  let body: Buffer = Buffer.from(await res.arrayBuffer());
  for (const [k, v] of res.headers) {
    if (k.startsWith('access-control-') || k === 'content-type' || k === 'content-length') continue;
    raw.setHeader(k, v);
  }
  if (res.status >= 400) {
    const text = body.toString('utf8');
    if (!text.startsWith('{')) {
      const r = tusRefusal(res.status);
      body = Buffer.from(envelopeText(res.status, r.erro, r.mensagem));
    }
    raw.setHeader('content-type', 'application/json; charset=utf-8');
    for (const [k, v] of Object.entries(uploadCaller.getStore()?.errorHeaders ?? {})) raw.setHeader(k, v);
    if (res.status === 503) raw.setHeader('retry-after', String(DB_RETRY_AFTER_SECONDS));
  } else if (body.length) raw.setHeader('content-type', 'text/plain; charset=utf-8');
  raw.setHeader('cache-control', 'no-store');
  raw.setHeader('x-content-type-options', 'nosniff');
  if (res.status !== 204 && req.method !== 'HEAD') raw.setHeader('content-length', String(body.length));
  raw.writeHead(res.status);
  // A client gone meanwhile never gets the end's callback: its connection's close ends the wait too.
  await new Promise<void>((resolve) => {
    raw.once('close', resolve);
    raw.end(req.method === 'HEAD' || res.status === 204 ? undefined : body, () => resolve());
  });
}

const UploadParams = z.object({ id: z.string().describe('The upload id (the last segment of the Location of its creation)') });
const tusErrors = { ...errorResponses, 410: ErrorEnvelope, 413: ErrorEnvelope, 415: ErrorEnvelope } as const;
const TUS_NOTE =
  'tus 1.0.0 (https://tus.io/protocols/resumable-upload): Tus-Resumable: 1.0.0 on every request and answer; extensions ' +
  "creation, termination, expiration. Another customer's upload is answered exactly like a missing one (404). Errors " +
  'answer the envelope. ';

/**
 * /api/uploads (ADR 092): resumable uploads of claim photos and support-request attachments, with tus-js-client in the
 * browser. Fastify authenticates (the customer's AccessToken, as every /api customer route) and routes; then the
 * reply is hijacked and the tus server answers from the raw request, with the caller in `uploadCaller`.
 */
export function uploadRoutes(tus: Server): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(async (r: ZodApp) => {
      r.addHook('onRequest', app.authenticate);
      // A chunk's body is left in the stream for tus to read (and limit to the upload's length).
      r.addContentTypeParser(TUS_BODY, (_req, _payload, done) => done(null));
      const tags = ['uploads'];

      const handle = async (req: FastifyRequest, reply: FastifyReply) => {
        reply.hijack();
        await uploadCaller.run({ customerId: req.auth.customerId, log: req.log }, async () => {
          let res: Response;
          try {
            res = await tus.handleWeb(webRequest(req));
          } catch (err) {
            // A request tus could not even read (a header the web Request refuses): never a 5xx for the client's input.
            req.log.warn({ err }, 'resumable upload: unreadable request');
            res = new Response(envelopeText(400, 'BAD_REQUEST', MSG.unexpected), { status: 400 });
          }
          await send(req, reply, res).catch((err: unknown) => {
            // The connection failed while the answer was written: nothing left to tell the client.
            req.log.debug({ err }, 'resumable upload: answer not delivered');
            reply.raw.destroy();
          });
        });
      };

      r.post(
        '/uploads',
        {
          schema: {
            tags,
            operationId: 'createUpload',
            security: bearerAuth,
            summary: 'Create a resumable upload (tus creation): a claim photo or a support-request attachment',
            description:
              TUS_NOTE +
              'Headers: Upload-Length (bytes), Upload-Metadata with `destino` foto-sinistro (+ `caso` CaseNumber, `tipo` photo ' +
              'type) or anexo (+ `contrato` nCtrId). 201 with Location /api/uploads/{id} and Upload-Expires (24 h); 400 ' +
              "metadata or empty; 404 claim, type or contract not the caller's (or closed contract); 409 CLAIM_CLOSED; 413 " +
              'FILE_TOO_LARGE (5 MB); 429 TOO_MANY_UPLOADS (20 unfinished).',
            response: { 201: z.null().describe('Created: Location and Upload-Expires headers'), ...tusErrors },
          },
        },
        handle,
      );
      r.route({
        method: 'HEAD',
        url: '/uploads/:id',
        schema: {
          tags,
          operationId: 'getUploadOffset',
          security: bearerAuth,
          summary: 'Where a resumable upload stands (tus): Upload-Offset and Upload-Length',
          description:
            TUS_NOTE +
            'A finished upload answers Upload-Offset = Upload-Length (the client stops); a refused claim photo was deleted (404).',
          params: UploadParams,
          response: { 200: z.null().describe('Upload-Offset, Upload-Length, Upload-Metadata headers'), ...tusErrors },
        },
        handler: handle,
      });
      r.patch(
        '/uploads/:id',
        {
          schema: {
            tags,
            operationId: 'appendUpload',
            security: bearerAuth,
            summary: 'Send the next chunk of a resumable upload (tus; body application/offset+octet-stream)',
            description:
              TUS_NOTE +
              'Upload-Offset must equal the bytes received (409 otherwise, nothing changed); a chunk may not go past ' +
              'Upload-Length (413). 204 with the new Upload-Offset. At the last byte a claim photo is checked and stored as ' +
              'PUT /api/claims/cases/{caseNumber}/photos/{typeId} does: its refusal (400, 404, 409, 413, 415 with the envelope) ' +
              'answers this PATCH and deletes the upload.',
            params: UploadParams,
            response: { 204: z.null().describe('Chunk stored: Upload-Offset header'), ...tusErrors },
          },
        },
        handle,
      );
      r.delete(
        '/uploads/:id',
        {
          schema: {
            tags,
            operationId: 'deleteUpload',
            security: bearerAuth,
            summary: 'Discard a resumable upload (tus termination)',
            description: TUS_NOTE,
            params: UploadParams,
            response: { 204: z.null().describe('Deleted'), ...tusErrors },
          },
        },
        handle,
      );
    });
  };
}
