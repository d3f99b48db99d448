import { z } from 'zod';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  CannedReplyBody,
  CannedReplyDto,
  CannedReplyListDto,
  CannedReplyUpdateBody,
  cannedTypeOf,
  CustomerContextDto,
  MAX_UPLOAD_BYTES,
  STAFF_ATTACHMENT_MSG,
  StaffCommentBody,
  STAFF_MSG,
  SUPPORT_MSG,
} from '@guarita/domain';
import { AppError, ErrorEnvelope, errorResponses } from '../../lib/errors';
import { staffSession } from '../../plugins/openapi';
import { sameOriginOnly } from '../../plugins/security';
import { inScope, type Acting } from './service';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

const CaseParams = z.object({ caseNumber: z.string().regex(/^\d{4}-\d{6}$/, 'Caso não encontrado.') });
const ReplyParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Multipart errors of @fastify/multipart → the customers' own pt-BR answers (the same upload rules). */
function multipartError(err: unknown): AppError {
  const code = (err as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, 'FILE_TOO_LARGE', SUPPORT_MSG.fileTooLarge);
  if (code === 'FST_FILES_LIMIT') return new AppError(413, 'TOO_MANY_FILES', STAFF_ATTACHMENT_MSG.onlyOne);
  return new AppError(400, 'BAD_MULTIPART', 'Requisição inválida.');
}

/** The comment's text (field `texto`) and its one file (field `arquivo`). */
async function readCommentWithFile(req: FastifyRequest): Promise<{ texto: string; file: Buffer }> {
  if (!req.isMultipart()) throw new AppError(400, 'VALIDATION', STAFF_ATTACHMENT_MSG.fileRequired);
  let texto: unknown;
  let file: Buffer | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'arquivo') file = data;
      } else if (part.fieldname === 'texto') texto = part.value;
    }
  } catch (err) {
    throw err instanceof AppError ? err : multipartError(err);
  }
  const body = StaffCommentBody.pick({ texto: true })
    .refine((b) => b.texto.trim().length > 0, { message: STAFF_MSG.commentRequired })
    .safeParse({ texto });
  if (!body.success) throw new AppError(400, 'VALIDATION', body.error.issues[0]?.message ?? 'Requisição inválida.');
  if (!file) throw new AppError(400, 'VALIDATION', STAFF_ATTACHMENT_MSG.fileRequired);
  return { texto: body.data.texto, file };
}

/**
 * The desk's tools beside a case (issue 30 items 15 and 16): the customer's context (read-only, every read audited),
 * the canned replies (the case's, and admin's management of them) and a comment with a file. Roles on the server:
 * the context and the replies of a case are for whoever may read the case (atendimento, sinistros — their desk's
 * cases — and admin; financeiro works no case, so no case's context); managing replies is admin's.
 */
const deskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { backoffice, customerContext, cannedReplies, staffAttachments } = app;
  const sameOrigin = sameOriginOnly(app.config.env.PUBLIC_URL);
  const readers = app.requireStaff('atendimento', 'sinistros', 'admin');
  const workers = app.requireStaff('atendimento', 'sinistros');
  const admin = app.requireStaff('admin');
  const acting = (req: FastifyRequest): Acting => ({ ...req.staff, ip: req.ip });
  const tags = ['backoffice'];

  app.get(
    '/backoffice/casos/:caseNumber/contexto-cliente',
    {
      onRequest: readers,
      schema: {
        tags,
        operationId: 'staffCustomerContext',
        security: staffSession,
        summary:
          "The case's customer: contracts, open bills, other cases and claims, notifications sent (read-only; each read audited as 'cliente.contexto')",
        params: CaseParams,
        response: { 200: CustomerContextDto, ...errorResponses },
      },
    },
    async (req) => {
      const s = acting(req);
      const c = await backoffice.caseFor(s.role, req.params.caseNumber, false);
      return customerContext.read(s, c, (kind) => inScope(s.role, kind));
    },
  );

  app.get(
    '/backoffice/casos/:caseNumber/respostas-prontas',
    {
      onRequest: readers,
      schema: {
        tags,
        operationId: 'staffCaseCannedReplies',
        security: staffSession,
        summary: "The active canned replies for this case's type and the general ones (placeholders unresolved)",
        params: CaseParams,
        response: { 200: CannedReplyListDto, ...errorResponses },
      },
    },
    async (req) => {
      const c = await backoffice.caseFor(req.staff.role, req.params.caseNumber, false);
      const request = await app.caseSystem.request(c.Id);
      return cannedReplies.forType(cannedTypeOf(request?.requestType ?? ''));
    },
  );

  app.get(
    '/backoffice/respostas-prontas',
    {
      onRequest: admin,
      schema: {
        tags,
        operationId: 'adminCannedReplies',
        security: staffSession,
        summary: 'Every canned reply, active or not (admin)',
        response: { 200: CannedReplyListDto, ...errorResponses },
      },
    },
    () => cannedReplies.all(),
  );

  app.post(
    '/backoffice/respostas-prontas',
    {
      onRequest: admin,
      preHandler: sameOrigin,
      schema: {
        tags,
        operationId: 'adminCreateCannedReply',
        security: staffSession,
        summary: "Create a canned reply (admin; audited 'resposta_pronta.criada')",
        body: CannedReplyBody,
        response: { 201: CannedReplyDto, ...errorResponses },
      },
    },
    async (req, reply) => reply.code(201).send(await cannedReplies.create(acting(req), req.body)),
  );

  app.put(
    '/backoffice/respostas-prontas/:id',
    {
      onRequest: admin,
      preHandler: sameOrigin,
      schema: {
        tags,
        operationId: 'adminUpdateCannedReply',
        security: staffSession,
        summary:
          "Edit a canned reply; `ativo: false` deactivates it (admin; audited 'resposta_pronta.editada' | '.desativada' | '.reativada')",
        params: ReplyParams,
        body: CannedReplyUpdateBody,
        response: { 200: CannedReplyDto, ...errorResponses },
      },
    },
    (req) => cannedReplies.update(acting(req), req.params.id, req.body),
  );

  await app.register(async (r: ZodApp) => {
    await r.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 2, fieldSize: 64 * 1024, parts: 3, headerPairs: 20 },
      throwFileSizeLimit: true,
    });
    r.post(
      '/backoffice/casos/:caseNumber/comentarios/anexo',
      {
        onRequest: workers,
        preHandler: sameOrigin,
        bodyLimit: MAX_UPLOAD_BYTES + 256 * 1024,
        schema: {
          tags,
          operationId: 'staffCommentWithAttachment',
          security: staffSession,
          summary: 'A comment the customer sees with one file attached (the customers’ upload rules)',
          description:
            'multipart/form-data: `texto` (the comment) and `arquivo` (PDF, JPG or PNG, ≤ 5 MB; type by magic bytes; images ' +
            're-encoded without metadata). The file, the comment and the audit row commit together. 400 empty text or ' +
            'file, 413 FILE_TOO_LARGE, 415 UNSUPPORTED_FILE_TYPE.',
          params: CaseParams,
          response: { 201: z.object({ anexo: z.string().uuid() }), 413: ErrorEnvelope, 415: ErrorEnvelope, ...errorResponses },
        },
      },
      async (req, reply) => {
        const s = acting(req);
        const c = await backoffice.caseFor(s.role, req.params.caseNumber, true);
        const { texto, file } = await readCommentWithFile(req);
        return reply.code(201).send({ anexo: await staffAttachments.comment(s, c, texto, file) });
      },
    );
  });
};
export default deskRoutes;
