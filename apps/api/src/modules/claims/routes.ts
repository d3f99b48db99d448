import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CASE_NUMBER_PATTERN,
  CLAIM_LIMITS,
  ClaimCreatedDto,
  ClaimDemoCommentInput,
  ClaimDemoPhaseInput,
  ClaimDemoReviewInput,
  ClaimEntryDto,
  ClaimListDto,
  ClaimViewDto,
  PhotoStatusDto,
  PhotoUploadedDto,
} from '@guarita/domain';
import { ErrorEnvelope, errorResponses } from '../../lib/errors';
import { bearerAuth, noAuth } from '../../plugins/openapi';
import { NCtrIdParams } from '../contracts';
import { CaseErrorEnvelope } from '../cases';
import { claimNoticePdf } from './pdf';
import { IdempotencyHeaders, sendIdempotent } from '../../lib/idempotent-route';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

const CaseNumber = z.string().max(20).regex(CASE_NUMBER_PATTERN, 'Sinistro não encontrado.');
const ClaimParams = z.object({ caseNumber: CaseNumber });
const PhotoParams = z.object({ caseNumber: CaseNumber, typeId: z.string().regex(/^[a-z0-9-]{1,40}$/, 'Tipo de foto não encontrado.') });
const claimErrors = { ...errorResponses, 409: CaseErrorEnvelope, 413: ErrorEnvelope, 415: ErrorEnvelope } as const;
/** Raw evidence bodies: the file's bytes as they are (the type is read from them, never from the header). The parser
 * takes up to 1 MB more than the 5 MB rule so that the service answers an oversized file with the spec's message. */
const RAW_TYPES = ['application/octet-stream', 'application/pdf', 'image/jpeg', 'image/png', 'image/webp'];

/**
 * /api/claims/* (issue 11): the claim screen's entry (coverage, open claim), create, the customer's claims,
 * one claim's view, evidence per type, and the claim notice PDF. Every route needs the AccessToken and
 * reaches only the caller's own contracts and claims (404 otherwise). Demo mode adds /api/dev/claims/* (staff actions).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const claims = app.claims;

  await app.register(async (r: ZodApp) => {
    r.addHook('onRequest', app.authenticate);
    r.addContentTypeParser(RAW_TYPES, { parseAs: 'buffer', bodyLimit: CLAIM_LIMITS.pdfMaxBytes + 1024 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    const tags = ['claims'];

    r.get(
      '/claims',
      {
        schema: {
          tags,
          operationId: 'listClaims',
          security: bearerAuth,
          summary: "The customer's claims (every contract), newest first, with phase and photo status",
          response: { 200: ClaimListDto, ...errorResponses },
        },
      },
      (req) => claims.list(req.auth.customerId),
    );

    r.get(
      '/claims/contracts/:nCtrId',
      {
        schema: {
          tags,
          operationId: 'getClaimEntry',
          security: bearerAuth,
          summary: "The claim screen's entry: coverage, reason choices and the contract's open claim (with where to go)",
          params: NCtrIdParams,
          response: { 200: ClaimEntryDto, ...errorResponses },
        },
      },
      (req) => claims.entry(req.auth.customerId, req.params.nCtrId),
    );

    r.post(
      '/claims/contracts/:nCtrId',
      {
        schema: {
          tags,
          operationId: 'createClaim',
          security: bearerAuth,
          summary: 'Open a claim (the claim form of spec 002 §5.1); one open claim per contract and Reason',
          description:
            'Body: the claim form values (claimFormSchema). Requires Idempotency-Key. 201 created; 400 a §5.1 rule (its message); ' +
            '403 NO_CLAIM_COVERAGE; 404 contract not yours or closed; 409 DUPLICATE_CASE with ' +
            "mensagem 'Caso duplicado: {n} em dd/mm/aaaa às hh:mm' and detalhes.DescricaoErroApiExterna / CaseNumber.",
          params: NCtrIdParams,
          headers: IdempotencyHeaders,
          body: z.record(z.string(), z.unknown()),
          response: { 201: ClaimCreatedDto, ...claimErrors },
        },
      },
      async (req, reply) => {
        const answer = await claims.create(req.auth.customerId, req.params.nCtrId, req.headers['idempotency-key'], req.body);
        return sendIdempotent(reply, answer);
      },
    );

    r.get(
      '/claims/cases/:caseNumber',
      {
        schema: {
          tags,
          operationId: 'getClaim',
          security: bearerAuth,
          summary: 'One claim: case fields, comments, phase history, photo types and photos with their review',
          params: ClaimParams,
          response: { 200: ClaimViewDto, ...errorResponses },
        },
      },
      (req) => claims.view(req.auth.customerId, req.params.caseNumber),
    );

    r.get(
      '/claims/cases/:caseNumber/photo-status',
      {
        schema: {
          tags,
          operationId: 'getClaimPhotoStatus',
          security: bearerAuth,
          summary: 'Photo status of a claim (todas-pendente-upload, alguma-pendente-upload, alguma-pendente-aprovacao, alguma-reprovada…)',
          params: ClaimParams,
          response: { 200: PhotoStatusDto, ...errorResponses },
        },
      },
      (req) => claims.photoStatus(req.auth.customerId, req.params.caseNumber),
    );

    r.post(
      '/claims/cases/:caseNumber/declaration',
      {
        schema: {
          tags,
          operationId: 'acceptClaimDeclaration',
          security: bearerAuth,
          summary: 'Records the evidence declaration (the first acceptance is kept)',
          params: ClaimParams,
          response: { 204: z.null().describe('Accepted'), ...errorResponses },
        },
      },
      async (req, reply) => {
        await claims.acceptDeclaration(req.auth.customerId, req.params.caseNumber);
        return reply.code(204).send(null);
      },
    );

    r.put(
      '/claims/cases/:caseNumber/photos/:typeId',
      {
        schema: {
          tags,
          operationId: 'uploadClaimPhoto',
          security: bearerAuth,
          summary: 'Upload the evidence of one type (raw bytes); a second upload of the type replaces the first',
          description:
            'Body: the file (application/octet-stream or its own type; ≤ 5 MB). Type by magic bytes: boletim-ocorrencia PDF only, ' +
            'others JPEG/PNG/WebP/PDF; images re-encoded without metadata. 200 with the new photo status and the next missing type; ' +
            '400 empty; 404 claim or type; 409 closed claim; 413 FILE_TOO_LARGE | QUOTA_EXCEEDED; 415 UNSUPPORTED_FILE_TYPE.',
          params: PhotoParams,
          response: { 200: PhotoUploadedDto, ...claimErrors },
        },
      },
      (req) =>
        claims.upload(
          req.auth.customerId,
          req.params.caseNumber,
          req.params.typeId,
          Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
        ),
    );

    r.get(
      '/claims/cases/:caseNumber/photos/:typeId',
      {
        schema: {
          tags,
          operationId: 'downloadClaimPhoto',
          security: bearerAuth,
          summary: 'Download the evidence file of one type (Content-Disposition: attachment, nosniff)',
          params: PhotoParams,
          response: { 200: z.any().describe('the file'), ...errorResponses },
        },
      },
      async (req, reply) => {
        const f = await claims.photoFile(req.auth.customerId, req.params.caseNumber, req.params.typeId);
        return reply
          .header('content-type', f.contentType)
          .header('content-disposition', `attachment; filename="${f.filename}"`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(f.data);
      },
    );

    r.get(
      '/claims/cases/:caseNumber/notice.pdf',
      {
        schema: {
          tags,
          operationId: 'downloadClaimNotice',
          security: bearerAuth,
          summary: "'Baixar aviso de sinistro': the claim notice PDF (case data, terms and declaration with dates)",
          params: ClaimParams,
          response: { 200: z.any().describe('application/pdf'), ...errorResponses },
        },
      },
      async (req, reply) => {
        const view = await claims.view(req.auth.customerId, req.params.caseNumber);
        const plate = await claims.plate(req.auth.customerId, req.params.caseNumber);
        const customer = await app.customers.info(req.auth.customerId);
        const pdf = await claimNoticePdf({
          brand: app.config.brand,
          customerName: customer?.name ?? '',
          plate,
          caso: view.caso,
          generatedAt: app.clock.now(),
        });
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="aviso-de-sinistro-${view.caso.CaseNumber}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );
  });

  // Demo-only staff actions (issue 11 §5), through the service calls the staff console will use.
  if (app.config.demoMode) {
    await app.register(async (dev: ZodApp) => {
      const tags = ['dev'];
      dev.post(
        '/dev/claims/:caseNumber/phase',
        {
          schema: {
            tags,
            operationId: 'devSetClaimPhase',
            security: noAuth,
            summary: 'Demo mode only: move a claim to a phase (optionally total loss, optionally closing it)',
            params: ClaimParams,
            body: ClaimDemoPhaseInput,
            response: { 204: z.null().describe('Done'), ...errorResponses },
          },
        },
        async (req, reply) => {
          await claims.staffSetPhase(req.params.caseNumber, req.body.fase, {
            totalLoss: req.body.qualificadoComoPT,
            close: req.body.encerrar,
          });
          return reply.code(204).send(null);
        },
      );
      dev.post(
        '/dev/claims/:caseNumber/comments',
        {
          schema: {
            tags,
            operationId: 'devAddClaimComment',
            security: noAuth,
            summary: 'Demo mode only: add a staff comment to a claim',
            params: ClaimParams,
            body: ClaimDemoCommentInput,
            response: { 204: z.null().describe('Done'), ...errorResponses },
          },
        },
        async (req, reply) => {
          await claims.staffComment(req.params.caseNumber, req.body.texto);
          return reply.code(204).send(null);
        },
      );
      dev.post(
        '/dev/claims/:caseNumber/photos/:typeId/review',
        {
          schema: {
            tags,
            operationId: 'devReviewClaimPhoto',
            security: noAuth,
            summary: 'Demo mode only: approve or reject one evidence file (with the rejection text)',
            params: PhotoParams,
            body: ClaimDemoReviewInput,
            response: { 204: z.null().describe('Done'), ...errorResponses },
          },
        },
        async (req, reply) => {
          const claim = await claims.staffClaim(req.params.caseNumber);
          await claims.staffReview(app.db, claim, req.params.typeId, req.body.aprovacao, req.body.textoReprovacao ?? null);
          return reply.code(204).send(null);
        },
      );
    });
  }
};
export default routes;
