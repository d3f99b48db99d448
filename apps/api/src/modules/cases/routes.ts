import { z } from 'zod';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  CaseCommentsDto,
  CaseReplyBody,
  CaseCreatedDto,
  CaseDetailDto,
  CaseListDto,
  MAX_FILES_PER_REQUEST,
  MAX_UPLOAD_BYTES,
  SUPPORT_MSG,
  UPLOAD_MSG,
} from '@guarita/domain';
import { AppError, ErrorEnvelope, errorResponses } from '../../lib/errors';
import { bearerAuth } from '../../plugins/openapi';
import { NCtrIdParams } from '../contracts';
import type { UploadedFile } from './service';
import { IdempotencyHeaders, sendIdempotent } from '../../lib/idempotent-route';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

const CaseParams = z.object({ caseId: z.uuid() });
/** A customer's answers to the desk per 15-minute window (a conversation, not a flood in the staff's case page). */
const REPLIES_PER_WINDOW = 30;
const AttachmentParams = z.object({ caseId: z.uuid(), attachmentId: z.uuid() });

export const CaseErrorEnvelope = ErrorEnvelope.extend({
  detalhes: z.object({ DescricaoErroApiExterna: z.string().optional(), CaseNumber: z.string().optional() }).optional(),
}).meta({ id: 'CaseErrorEnvelope' });
const caseErrorResponses = {
  ...errorResponses,
  409: CaseErrorEnvelope,
  413: ErrorEnvelope,
  415: ErrorEnvelope,
  422: ErrorEnvelope,
} as const;

/** Multipart errors of @fastify/multipart → our pt-BR envelope. */
function multipartError(err: unknown): AppError {
  const code = (err as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, 'FILE_TOO_LARGE', SUPPORT_MSG.fileTooLarge);
  if (code === 'FST_FILES_LIMIT') return new AppError(413, 'TOO_MANY_FILES', SUPPORT_MSG.tooManyFiles);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new AppError(413, 'TOO_MANY_PARTS', 'Requisição inválida.');
  return new AppError(400, 'BAD_MULTIPART', 'Requisição inválida.');
}

/**
 * The request body: JSON (requests without files) or multipart/form-data with the request as JSON in the
 * field `dados` and up to 5 files in `arquivos` (each ≤ 5 MB, enforced while streaming).
 */
async function readCaseRequest(req: FastifyRequest): Promise<{ dados: unknown; files: UploadedFile[]; anexos: string[] }> {
  if (!req.isMultipart()) return { ...anexosOf(req.body), files: [] };
  let dados: unknown = undefined;
  const files: UploadedFile[] = [];
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'arquivos') files.push({ data });
      } else if (part.fieldname === 'dados') {
        try {
          dados = JSON.parse(String(part.value));
        } catch {
          throw new AppError(400, 'VALIDATION', SUPPORT_MSG.selectArea);
        }
      }
    }
  } catch (err) {
    throw err instanceof AppError ? err : multipartError(err);
  }
  return { dados, files, anexos: [] };
}

/** Attachments sent ahead as resumable uploads (ADR 092): `anexos`, their upload ids, beside the JSON request. */
const AnexoIds = z.array(z.uuid()).max(MAX_FILES_PER_REQUEST);

/** The JSON body's request and its `anexos` (none: an empty list). Malformed ids → 400, as an upload not finished. */
function anexosOf(body: unknown): { dados: unknown; anexos: string[] } {
  if (!body || typeof body !== 'object' || Array.isArray(body) || !('anexos' in body)) return { dados: body, anexos: [] };
  const { anexos, ...dados } = body as { anexos: unknown };
  const parsed = AnexoIds.safeParse(anexos);
  if (!parsed.success) {
    const tooMany = Array.isArray(anexos) && anexos.length > MAX_FILES_PER_REQUEST;
    throw tooMany
      ? new AppError(400, 'TOO_MANY_FILES', SUPPORT_MSG.tooManyFiles)
      : new AppError(400, 'ANEXO_NOT_FINISHED', UPLOAD_MSG.anexoNotFinished);
  }
  return { dados, anexos: parsed.data };
}

/**
 * /api/cases/* (issue 9): create a support case (with its attachments, atomically and idempotently), list a
 * contract's cases, read one case with its timeline, its comments, and download its attachments. Every route
 * needs the AccessToken and reaches only the caller's own contracts and cases (404 otherwise).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const cases = app.cases;

  await app.register(async (r: ZodApp) => {
    r.addHook('onRequest', app.authenticate);
    await r.register(multipart, {
      limits: {
        fileSize: MAX_UPLOAD_BYTES,
        files: MAX_FILES_PER_REQUEST,
        fields: 4,
        fieldSize: 64 * 1024,
        parts: MAX_FILES_PER_REQUEST + 4,
        headerPairs: 20,
      },
      throwFileSizeLimit: true,
    });
    const tags = ['cases'];

    r.post(
      '/cases/contracts/:nCtrId',
      {
        bodyLimit: (MAX_UPLOAD_BYTES + 256 * 1024) * MAX_FILES_PER_REQUEST,
        schema: {
          tags,
          operationId: 'createCase',
          security: bearerAuth,
          summary: 'Send a support request: one case (and its attachments) stored together or not at all',
          description:
            'JSON body (supportRequestSchema: tipo cancelamento | rastreador | contestacao | ouvidoria | dados-cadastrais) or ' +
            'multipart/form-data with that JSON in the field `dados` and files in `arquivos` (≤ 5 MB each; type by magic bytes; ' +
            'images re-encoded). Or the files sent ahead as resumable uploads (POST /api/uploads, destino anexo, this ' +
            "contract): their ids in the JSON body's `anexos` (uuid[], ≤ 5), each finished and the caller's (400 " +
            'ANEXO_NOT_FINISHED otherwise); they become the attachments exactly as multipart files would, and are consumed. ' +
            'Requires Idempotency-Key: a retry replays the first answer (idempotent-replayed: true), anexos consumed or not. ' +
            '201 created; 400 validation/empty file; 404 contract not yours or closed; 409 DUPLICATE_CASE with ' +
            'detalhes.DescricaoErroApiExterna; 413 FILE_TOO_LARGE | QUOTA_EXCEEDED; 415 UNSUPPORTED_FILE_TYPE; ' +
            '429 CASE_LIMIT (contestation and ombudsman: at most 5 per customer in 24 hours).',
          params: NCtrIdParams,
          headers: IdempotencyHeaders,
          response: { 201: CaseCreatedDto, ...caseErrorResponses },
        },
      },
      async (req, reply) => {
        const { dados, files, anexos } = await readCaseRequest(req);
        const answer = await cases.create(req.auth.customerId, req.params.nCtrId, req.headers['idempotency-key'], dados, files, anexos);
        return sendIdempotent(reply, answer);
      },
    );

    r.get(
      '/cases/contracts/:nCtrId',
      {
        schema: {
          tags,
          operationId: 'listCases',
          security: bearerAuth,
          summary: "'Minhas solicitações': cases of the last 3 months, Status New or Closed, Aberto first, Concluído last",
          params: NCtrIdParams,
          response: { 200: CaseListDto, ...errorResponses },
        },
      },
      (req) => cases.list(req.auth.customerId, req.params.nCtrId),
    );

    r.get(
      '/cases/:caseId',
      {
        schema: {
          tags,
          operationId: 'getCase',
          security: bearerAuth,
          summary: 'One case: timeline of phases, comments and attachments (marks staff updates as seen)',
          params: CaseParams,
          response: { 200: CaseDetailDto, ...errorResponses },
        },
      },
      (req) => cases.detail(req.auth.customerId, req.params.caseId),
    );

    r.get(
      '/cases/:caseId/comments',
      {
        schema: {
          tags,
          operationId: 'listCaseComments',
          security: bearerAuth,
          summary: "Comments of a case (the 'SOLICITAÇÃO DE SAC' view), oldest first",
          params: CaseParams,
          response: { 200: CaseCommentsDto, ...errorResponses },
        },
      },
      (req) => cases.comments(req.auth.customerId, req.params.caseId),
    );

    r.post(
      '/cases/:caseId/comments',
      {
        schema: {
          tags,
          operationId: 'replyToCase',
          security: bearerAuth,
          summary: "The customer's answer to the service desk in one of their open cases; answers the case's comments",
          description:
            '201 with every comment of the case, oldest first; 400 empty or too long (2000) text, control characters; ' +
            "404 not the caller's case; 409 CASE_CLOSED (a concluded case: open a new request); 429 more than 30 in 15 minutes.",
          params: CaseParams,
          body: CaseReplyBody,
          response: { 201: CaseCommentsDto, ...errorResponses },
        },
      },
      async (req, reply) => {
        await app.limiter.hit(`case-reply:${req.auth.customerId}`, REPLIES_PER_WINDOW);
        return reply.code(201).send(await cases.reply(req.auth.customerId, req.params.caseId, req.body.texto));
      },
    );

    r.get(
      '/cases/:caseId/attachments/:attachmentId',
      {
        schema: {
          tags,
          operationId: 'downloadCaseAttachment',
          security: bearerAuth,
          summary: 'Download an attachment of one of your cases (Content-Disposition: attachment, nosniff)',
          params: AttachmentParams,
          response: { ...errorResponses },
        },
      },
      async (req, reply) => {
        const file = await cases.download(req.auth.customerId, req.params.caseId, req.params.attachmentId);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(file.data as never);
      },
    );
  });
};
export default routes;
